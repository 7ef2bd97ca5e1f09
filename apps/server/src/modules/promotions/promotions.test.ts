import { randomUUID } from 'node:crypto';
import { toCents } from '@vitrina/shared';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ajustes, detalleVenta, producto, venta, ventaPromocion } from '../../db/schema';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { stockedProducts } from '../../test/products';
import { TEST_ADDRESS } from '../../test/shipping-address';

const CARD = { numero: '4242 4242 4242 4242', expiracion: '12/39', cvc: '123', nombre: 'Marta Gil' };
type ProductRow = typeof producto.$inferSelect;
let counter = 0;

describe.each(TEST_DATABASE_KINDS)('coupons and promotions on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;
  /** Two products without a discount price, of different categories, and one with one. */
  let plain: ProductRow;
  let other: ProductRow;
  let onSale: ProductRow;

  beforeAll(async () => {
    t = await seededTestApp(kind);
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    const active = await stockedProducts(t.db);
    plain = active.find((p) => p.valor_descuento === null) as ProductRow;
    other = active.find(
      (p) => p.valor_descuento === null && p.id_categoria_producto !== plain.id_categoria_producto,
    ) as ProductRow;
    onSale = active.find((p) => p.valor_descuento !== null) as ProductRow;
    expect(plain && other && onSale).toBeTruthy();
    // A flat $9.90 shipping, free from $1,000.
    await t.db
      .insert(ajustes)
      .values({ id: 1, envio_tarifa: '9.90', envio_gratis_desde: '1000.00' })
      .onConflictDoUpdate({
        target: ajustes.id,
        set: { envio_tarifa: '9.90', envio_gratis_desde: '1000.00' },
      });
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>) => admin.post('/api/cupones', body);

  async function shopper() {
    const { agent, user } = await newCustomer(t.app, `cupones${++counter}@example.com`);
    const card = await agent.post('/api/pagos/sandbox/metodos', CARD);
    expect(card.statusCode, card.body).toBe(201);
    return { agent, user, idPago: card.json().id_pago as string };
  }

  const buy = (
    a: Agent,
    idPago: string,
    lines: Array<[ProductRow, number]>,
    cupon?: string,
    total?: number,
  ) =>
    a.request(
      'POST',
      '/api/venta',
      {
        detalle_venta: lines.map(([p, cantidad]) => ({ id_producto: p.id_producto, cantidad })),
        id_pago: idPago,
        direccion_envio: TEST_ADDRESS,
        ...(cupon && { cupon }),
        ...(total !== undefined && { valor_total_venta: total }),
      },
      { 'idempotency-key': randomUUID() },
    );

  const quote = (a: Agent, lines: Array<[ProductRow, number]>, cupon?: string) =>
    a.post('/api/carrito/cotizar', {
      detalle_venta: lines.map(([p, cantidad]) => ({ id_producto: p.id_producto, cantidad })),
      ...(cupon && { cupon }),
    });

  const cents = (p: ProductRow) => toCents(p.valor);

  it('lets only the owner manage promotions, and explains refusals in Spanish', async () => {
    const body = { codigo: 'hola10', tipo: 'porcentaje', valor: 10 };
    expect((await new Agent(t.app).post('/api/cupones', body)).statusCode).toBe(401);
    const { agent } = await newCustomer(t.app, `intruso${++counter}@example.com`);
    expect((await agent.post('/api/cupones', body)).statusCode).toBe(403);
    expect((await agent.get('/api/cupones')).statusCode).toBe(403);

    const created = await create(body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      codigo: 'HOLA10',
      valor: 10,
      combinable: true,
      automatica: false,
    });
    const again = await create({ ...body, codigo: 'Hola10' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Ya existe una promoción con el código HOLA10.');
    const bad = await create({ codigo: 'x', tipo: 'monto', valor: -3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      codigo: 'El código lleva de 3 a 40 letras sin acentos, números, guiones o guiones bajos',
    });
    const list = await admin.get('/api/cupones');
    expect(list.json().map((p: { codigo: string }) => p.codigo)).toContain('HOLA10');

    const id = created.json().id;
    const paused = await admin.put(`/api/cupones/${id}`, { ...body, activa: false });
    expect(paused.json().activa).toBe(false);
    expect((await admin.put('/api/cupones/999999', body)).statusCode).toBe(404);
  });

  it('quotes a code as checkout charges it: discount, shipping and total to the cent', async () => {
    await create({ codigo: 'QUINCE', tipo: 'porcentaje', valor: 15 });
    const { agent, idPago } = await shopper();
    const lines: Array<[ProductRow, number]> = [
      [plain, 2],
      [other, 1],
    ];
    const subtotal = cents(plain) * 2 + cents(other);
    const discount = Math.floor((subtotal * 15) / 100 + 0.5);
    const shipping = subtotal - discount >= 100000 ? 0 : 990;
    const total = subtotal - discount + shipping;

    const q = await quote(agent, lines, 'quince');
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json()).toEqual({
      subtotal: subtotal / 100,
      descuento: discount / 100,
      envio: shipping / 100,
      total: total / 100,
      cupon: { aplicado: true, motivo: null },
      promociones: [{ codigo: 'QUINCE', descuento: discount / 100 }],
    });

    const res = await buy(agent, idPago, lines, 'quince', total);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order.valor_total_venta).toBe(total / 100);
    expect(order.descuento).toBe(discount / 100);
    expect(order.promociones).toEqual([{ codigo: 'QUINCE', descuento: discount / 100 }]);
    const stored = await t.db.select().from(detalleVenta).where(eq(detalleVenta.id_venta, order.id_venta));
    expect(stored.reduce((sum, line) => sum + toCents(line.descuento), 0)).toBe(discount);

    const page = await agent.get(`/api/venta/${order.id_venta}`);
    expect(page.json()).toMatchObject({
      subtotal: subtotal / 100,
      descuento: discount / 100,
      valor_total_venta: total / 100,
    });

    // Ajustes › Promociones counts the sale as one use of the code.
    const listed = (await admin.get('/api/cupones')).json() as Array<{ codigo: string; usos: number }>;
    expect(listed.find((p) => p.codigo === 'QUINCE')?.usos).toBe(1);
  });

  it('says why a code does not apply, and charges nothing when the shopper counted on it', async () => {
    await create({ codigo: 'VIEJO', tipo: 'monto', valor: 5, hasta: '2020-01-31' });
    await create({ codigo: 'GRANDE', tipo: 'monto', valor: 5, minimo: 100000 });
    const { agent, idPago } = await shopper();
    const expired = await quote(agent, [[plain, 1]], 'viejo');
    expect(expired.json().cupon).toEqual({
      aplicado: false,
      motivo: 'El código venció el 31 de enero de 2020.',
    });
    const unknown = await quote(agent, [[plain, 1]], 'NOEXISTE');
    expect(unknown.json().cupon.motivo).toBe(
      'No encontramos ese código de descuento. Revisa que esté bien escrito.',
    );
    const minimum = await quote(agent, [[plain, 1]], 'GRANDE');
    expect(minimum.json().cupon.motivo).toMatch(/^Te faltan \$[\d,]+\.\d\d para usar este código\.$/);

    const [before] = await t.db
      .select({ stock: producto.stock })
      .from(producto)
      .where(eq(producto.id_producto, plain.id_producto));
    const [{ n: sales } = { n: 0 }] = await t.db.select({ n: count() }).from(venta);
    const refused = await buy(agent, idPago, [[plain, 1]], 'viejo');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'El código venció el 31 de enero de 2020. Quita el código o revisa el total antes de pagar.',
    );
    const [after] = await t.db
      .select({ stock: producto.stock })
      .from(producto)
      .where(eq(producto.id_producto, plain.id_producto));
    expect(after?.stock).toBe(before?.stock);
    expect((await t.db.select({ n: count() }).from(venta))[0]?.n).toBe(sales);
  });

  it('counts uses per customer, and a declined card gives its use back', async () => {
    await create({ codigo: 'UNAVEZ', tipo: 'porcentaje', valor: 10, usos_por_cliente: 1 });
    const { agent, idPago } = await shopper();
    const declined = await agent.post('/api/pagos/sandbox/metodos', { ...CARD, numero: '4000000000000002' });
    expect((await buy(agent, declined.json().id_pago, [[plain, 1]], 'UNAVEZ')).statusCode).toBe(402);
    expect((await buy(agent, idPago, [[plain, 1]], 'UNAVEZ')).statusCode).toBe(201);
    const second = await quote(agent, [[plain, 1]], 'UNAVEZ');
    expect(second.json().cupon).toEqual({ aplicado: false, motivo: 'Ya usaste este código.' });
    // Another customer may still use it.
    const next = await shopper();
    expect((await quote(next.agent, [[plain, 1]], 'UNAVEZ')).json().cupon.aplicado).toBe(true);
  });

  it('gives the last use of a code to exactly one of three racing buyers', async () => {
    await create({ codigo: 'ULTIMO', tipo: 'monto', valor: 3, usos_max: 1 });
    const buyers = await Promise.all([shopper(), shopper(), shopper()]);
    const results = await Promise.all(buyers.map((b) => buy(b.agent, b.idPago, [[plain, 1]], 'ULTIMO')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const [promotion] = await t.db
      .select({ n: count() })
      .from(ventaPromocion)
      .where(eq(ventaPromocion.codigo, 'ULTIMO'));
    expect(promotion?.n).toBe(1);
  });

  it('applies an automatic free-shipping promotion without any code', async () => {
    const free = await create({ codigo: 'ENVIOGRATIS', tipo: 'envio_gratis', automatica: true, minimo: 1 });
    const { agent, idPago } = await shopper();
    const q = await quote(agent, [[plain, 1]]);
    expect(q.json()).toMatchObject({
      envio: 0,
      cupon: null,
      promociones: [{ codigo: 'ENVIOGRATIS', descuento: 9.9 }],
    });
    const res = await buy(agent, idPago, [[plain, 1]], undefined, cents(plain));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      costo_envio: 0,
      promociones: [{ codigo: 'ENVIOGRATIS', descuento: 9.9 }],
    });
    await admin.put(`/api/cupones/${free.json().id}`, {
      codigo: 'ENVIOGRATIS',
      tipo: 'envio_gratis',
      automatica: true,
      activa: false,
    });
  });

  it('skips products on sale for a code that does not combine with offers', async () => {
    await create({ codigo: 'SINOFERTAS', tipo: 'porcentaje', valor: 50, combinable: false });
    const { agent } = await shopper();
    const mixed = await quote(
      agent,
      [
        [plain, 1],
        [onSale, 1],
      ],
      'SINOFERTAS',
    );
    expect(mixed.json().descuento).toBe(Math.floor(cents(plain) / 2 + 0.5) / 100);
    const only = await quote(agent, [[onSale, 1]], 'SINOFERTAS');
    expect(only.json().cupon.motivo).toBe('Este código no se combina con productos en oferta.');
  });

  it('leaves the sales of other tests alone: orders without a code have no promotion', async () => {
    const [row] = await t.db
      .select({ n: count() })
      .from(venta)
      .leftJoin(ventaPromocion, eq(ventaPromocion.id_venta, venta.id_venta))
      .where(and(isNull(ventaPromocion.id_venta), gt(venta.descuento, '0')));
    expect(row?.n).toBe(0);
  });
});
