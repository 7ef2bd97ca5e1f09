import { randomUUID } from 'node:crypto';
import { toCents } from '@vitrina/shared';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cargoSandbox, detalleVenta, producto, reembolso, reembolsoSandbox, venta } from '../../db/schema';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { TEST_ADDRESS } from '../../test/shipping-address';

/*
 * The books after a burst: many orders at once, then cancellations, partial and whole refunds at once,
 * each refund sent twice at the same moment and retried. Whatever order the requests ran in, the stock,
 * the totals and the provider's records must agree.
 */

const CARD = { numero: '4242 4242 4242 4242', expiracion: '12/39', cvc: '314', nombre: 'Lucía Hernández' };
const ORDERS = 16;
const STOCK = 500;

describe.each(TEST_DATABASE_KINDS)('order books on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;
  let products: number[];

  beforeAll(async () => {
    t = await seededTestApp(kind);
    const rows = await t.db
      .select({ id: producto.id_producto })
      .from(producto)
      .where(and(eq(producto.estado, true), gt(producto.stock, 0)))
      .orderBy(asc(producto.id_producto))
      .limit(2);
    products = rows.map((r) => r.id);
    await t.db.update(producto).set({ stock: STOCK }).where(inArray(producto.id_producto, products));
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    // A shipping rate, so totals are lines plus shipping.
    expect(
      (await admin.put('/api/ajustes', { envio_tarifa: 4.99, envio_gratis_desde: null })).statusCode,
    ).toBe(200);
  });
  afterAll(() => t.close());

  it('balance after concurrent orders, cancellations and refunds, retried and doubled', async () => {
    const buyers = await Promise.all(
      Array.from({ length: ORDERS }, async (_, i) => {
        const { agent } = await newCustomer(t.app, `libros${i}@example.com`);
        const card = await agent.post('/api/pagos/sandbox/metodos', CARD);
        return { agent, idPago: card.json().id_pago as string };
      }),
    );
    const placed = await Promise.all(
      buyers.map(({ agent, idPago }, i) =>
        agent.request(
          'POST',
          '/api/venta',
          {
            detalle_venta: products.map((id_producto, n) => ({ id_producto, cantidad: 1 + ((i + n) % 3) })),
            id_pago: idPago,
            direccion_envio: TEST_ADDRESS,
          },
          { 'idempotency-key': randomUUID() },
        ),
      ),
    );
    expect(placed.map((r) => r.statusCode)).toEqual(Array(ORDERS).fill(201));
    const orders = placed.map(
      (r) => r.json() as { id_venta: number; detalle_venta: Array<{ id_detalle_venta: number }> },
    );

    const refundTwice = (id: number, body: object) => {
      const key = randomUUID();
      const send = () =>
        admin.request('POST', `/api/venta/${id}/reembolso`, body, { 'idempotency-key': key });
      // Two at the same moment, then a retry of the same key.
      return Promise.all([send(), send()]).then(async (answers) => [...answers, await send()]);
    };
    const actions = orders.flatMap((order, i) => {
      const oneUnit = {
        lineas: [{ id_detalle_venta: order.detalle_venta[0]?.id_detalle_venta, cantidad: 1 }],
      };
      switch (i % 4) {
        case 0:
          // A cancellation racing a partial refund of the same order.
          return [
            admin.put(`/api/venta/${order.id_venta}/estado`, { estado: 'cancelada' }),
            refundTwice(order.id_venta, oneUnit),
          ];
        case 1:
          return [refundTwice(order.id_venta, { ...oneUnit, incluir_envio: true })];
        case 2:
          return [refundTwice(order.id_venta, {})];
        default:
          return [refundTwice(order.id_venta, oneUnit).then(() => refundTwice(order.id_venta, {}))];
      }
    });
    const answers = (await Promise.all(actions)).flat(2) as Array<{ statusCode: number; body: string }>;
    // Refused moves are the races' losers (409), never errors.
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);

    const ids = orders.map((o) => o.id_venta);
    const sales = await t.db.select().from(venta).where(inArray(venta.id_venta, ids));
    const lines = await t.db.select().from(detalleVenta).where(inArray(detalleVenta.id_venta, ids));

    // Stock: what is on the shelf plus what the orders still hold is what there was.
    for (const id of products) {
      const [row] = await t.db
        .select({ stock: producto.stock })
        .from(producto)
        .where(eq(producto.id_producto, id));
      const held = lines
        .filter((l) => l.id_producto === id)
        .reduce((n, l) => {
          const sale = sales.find((s) => s.id_venta === l.id_venta);
          return n + (sale?.estado === 'cancelada' ? 0 : l.cantidad - l.cantidad_reembolsada);
        }, 0);
      expect((row?.stock ?? 0) + held).toBe(STOCK);
    }

    for (const sale of sales) {
      const own = lines.filter((l) => l.id_venta === sale.id_venta);
      // Totals: the lines plus shipping, as charged.
      const linesCents = own.reduce((sum, l) => sum + toCents(l.valor_unitario) * l.cantidad, 0);
      expect(toCents(sale.valor_total_venta)).toBe(linesCents + toCents(sale.costo_envio));
      const [charge] = await t.db
        .select()
        .from(cargoSandbox)
        .where(eq(cargoSandbox.referencia, sale.pago_referencia ?? ''));
      expect(charge?.monto_centavos).toBe(toCents(sale.valor_total_venta));

      // Refunds: the shop's records, the sale's amount and the provider's records agree, none pending.
      const records = await t.db.select().from(reembolso).where(eq(reembolso.id_venta, sale.id_venta));
      expect(records.filter((r) => r.estado !== 'completado')).toEqual([]);
      const atProvider = await t.db
        .select({
          cents: sql<number>`coalesce(sum(${reembolsoSandbox.monto_centavos}), 0)::int`.mapWith(Number),
          n: sql<number>`count(*)::int`.mapWith(Number),
        })
        .from(reembolsoSandbox)
        .where(eq(reembolsoSandbox.referencia_cargo, sale.pago_referencia ?? ''));
      expect(atProvider[0]?.n).toBe(records.length);
      expect(atProvider[0]?.cents).toBe(toCents(sale.monto_reembolsado));
      expect(records.reduce((sum, r) => sum + toCents(r.monto), 0)).toBe(toCents(sale.monto_reembolsado));
      expect(records.reduce((sum, r) => sum + toCents(r.envio), 0)).toBe(toCents(sale.envio_reembolsado));
      expect(toCents(sale.monto_reembolsado)).toBeLessThanOrEqual(toCents(sale.valor_total_venta));

      // A cancelled or wholly refunded order gave everything back; the others kept what was not refunded.
      if (sale.estado === 'cancelada' || sale.estado === 'reembolsada')
        expect(sale.monto_reembolsado).toBe(sale.valor_total_venta);
      else {
        const refundedLines = own.reduce(
          (sum, l) => sum + toCents(l.valor_unitario) * l.cantidad_reembolsada,
          0,
        );
        // The shipping only when a refund asked for it.
        expect(toCents(sale.monto_reembolsado)).toBe(refundedLines + toCents(sale.envio_reembolsado));
        expect(toCents(sale.envio_reembolsado)).toBe(
          ids.indexOf(sale.id_venta) % 4 === 1 ? toCents(sale.costo_envio) : 0,
        );
      }
    }
    const states = sales.map((s) => s.estado);
    expect(states.filter((s) => s === 'cancelada').length).toBeGreaterThan(0);
    expect(states.filter((s) => s === 'reembolsada').length).toBeGreaterThan(0);
    expect(states.filter((s) => s === 'pagada').length).toBeGreaterThan(0);
  });
});
