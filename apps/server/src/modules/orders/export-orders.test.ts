import { randomUUID } from 'node:crypto';
import { centsToDecimal, toCents } from '@vitrina/shared';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cargoSandbox, producto, reembolsoSandbox, venta } from '../../db/schema';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { TEST_ADDRESS } from '../../test/shipping-address';

/*
 * The orders CSV as an accountant reconciles it: one row per order with its number, what was charged and
 * what refunds gave back, so the net column sums to what the payment provider's records say the shop kept.
 */

const CARD = { numero: '4242 4242 4242 4242', expiracion: '12/39', cvc: '314', nombre: 'Lucía Hernández' };

/** RFC 4180 as csv.ts writes it: quoted cells may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe.each(TEST_DATABASE_KINDS)('GET /api/venta/export.csv reconciles on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await seededTestApp(kind);
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    expect(
      (await admin.put('/api/ajustes', { envio_tarifa: 4.99, envio_gratis_desde: null })).statusCode,
    ).toBe(200);
  });
  afterAll(() => t.close());

  it('gives each order its number, subtotal, shipping, charge, refunds so far and net, which sum to the books', async () => {
    const [product] = await t.db
      .select()
      .from(producto)
      .where(and(eq(producto.estado, true), gt(producto.stock, 10)))
      .orderBy(asc(producto.id_producto))
      .limit(1);
    if (!product) throw new Error('no product to buy');
    const { agent } = await newCustomer(t.app, 'contable@example.com');
    const { id_pago } = (await agent.post('/api/pagos/sandbox/metodos', CARD)).json();
    const buy = async (cantidad: number) => {
      const res = await agent.request(
        'POST',
        '/api/venta',
        {
          detalle_venta: [{ id_producto: product.id_producto, cantidad }],
          id_pago,
          direccion_envio: TEST_ADDRESS,
        },
        { 'idempotency-key': randomUUID() },
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id_venta: number; detalle_venta: Array<{ id_detalle_venta: number }> };
    };
    const refund = async (id: number, body: object) => {
      const res = await admin.request('POST', `/api/venta/${id}/reembolso`, body, {
        'idempotency-key': randomUUID(),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const partly = await buy(3);
    const whole = await buy(2);
    const kept = await buy(1);
    await refund(partly.id_venta, {
      lineas: [{ id_detalle_venta: partly.detalle_venta[0]?.id_detalle_venta, cantidad: 1 }],
    });
    await refund(whole.id_venta, {});

    const res = await admin.get('/api/venta/export.csv?estado=todas');
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(header).toEqual([
      'Pedido',
      'Fecha',
      'Cliente',
      'Correo',
      'Estado',
      'Productos',
      'Subtotal de productos (USD)',
      'Envío (USD)',
      'Total cobrado (USD)',
      'Reembolsado (USD)',
      'Neto (USD)',
      'Moneda',
      'Referencia de pago',
    ]);
    const ids = [partly.id_venta, whole.id_venta, kept.id_venta];
    const sales = await t.db.select().from(venta).where(inArray(venta.id_venta, ids));
    const sale = (id: number) => sales.find((s) => s.id_venta === id) as (typeof sales)[number];
    const rowOf = (id: number) => {
      const numero = `V-${String(sale(id).numero_pedido).padStart(6, '0')}`;
      const found = rows.filter((r) => r[0] === numero);
      expect(found, numero).toHaveLength(1);
      const [
        ,
        ,
        cliente,
        email,
        estado,
        productos,
        subtotal,
        envio,
        cobrado,
        reembolsado,
        neto,
        moneda,
        ref,
      ] = found[0] as string[];
      return { cliente, email, estado, productos, subtotal, envio, cobrado, reembolsado, neto, moneda, ref };
    };
    const unit = toCents(product.precio_efectivo);
    const total = (units: number) => centsToDecimal(unit * units + 499);

    expect(rowOf(partly.id_venta)).toEqual({
      cliente: 'Carla Ruiz',
      email: 'contable@example.com',
      estado: 'Pagado',
      productos: `3 × ${product.nombre}`,
      subtotal: centsToDecimal(unit * 3),
      envio: '4.99',
      cobrado: total(3),
      reembolsado: centsToDecimal(unit),
      neto: centsToDecimal(unit * 2 + 499),
      moneda: 'USD',
      ref: sale(partly.id_venta).pago_referencia,
    });
    expect(rowOf(whole.id_venta)).toMatchObject({
      estado: 'Reembolsado',
      cobrado: total(2),
      reembolsado: total(2),
      neto: '0.00',
    });
    expect(rowOf(kept.id_venta)).toMatchObject({ cobrado: total(1), reembolsado: '0.00', neto: total(1) });

    // The books: what the provider charged these orders less what it gave back.
    const refs = sales.map((s) => s.pago_referencia ?? '');
    const [charged] = await t.db
      .select({ cents: sql<number>`sum(${cargoSandbox.monto_centavos})::int`.mapWith(Number) })
      .from(cargoSandbox)
      .where(inArray(cargoSandbox.referencia, refs));
    const [returned] = await t.db
      .select({ cents: sql<number>`sum(${reembolsoSandbox.monto_centavos})::int`.mapWith(Number) })
      .from(reembolsoSandbox)
      .where(inArray(reembolsoSandbox.referencia_cargo, refs));
    const net = ids.reduce((sum, id) => sum + toCents(rowOf(id).neto as string), 0);
    expect(net).toBe((charged?.cents ?? 0) - (returned?.cents ?? 0));
    expect(net).toBe(unit * 3 + 2 * 499);
  });

  it('charges nothing for a payment attempt that did not go through, and leaves its number empty', async () => {
    const { agent } = await newCustomer(t.app, 'rechazada@example.com');
    const declined = (
      await agent.post('/api/pagos/sandbox/metodos', { ...CARD, numero: '4000 0000 0000 0002' })
    ).json();
    const [product] = await t.db.select().from(producto).where(gt(producto.stock, 10)).limit(1);
    const res = await agent.request(
      'POST',
      '/api/venta',
      {
        detalle_venta: [{ id_producto: product?.id_producto, cantidad: 1 }],
        id_pago: declined.id_pago,
        direccion_envio: TEST_ADDRESS,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const rows = parseCsv(
      (await admin.get('/api/venta/export.csv?estado=fallida')).rawPayload.subarray(3).toString('utf8'),
    );
    const attempt = rows.find((r) => r[3] === 'rechazada@example.com');
    expect(attempt?.[0]).toBe('');
    expect(attempt?.[4]).toBe('Pago rechazado');
    expect(attempt?.slice(8, 11)).toEqual(['0.00', '0.00', '0.00']);
  });
});
