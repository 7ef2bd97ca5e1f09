import { randomUUID } from 'node:crypto';
import { dayInTimeZone } from '@vitrina/shared';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detalleVenta, motivoCalificacion, producto, venta } from '../../db/schema';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { TEST_ADDRESS } from '../../test/shipping-address';

const CARD = { expiracion: '12/39', cvc: '123', nombre: 'Carla Ruiz' };
let counter = 0;

describe.each(TEST_DATABASE_KINDS)('ratings API on %s', (kind) => {
  let t: TestApp;
  let productId: number;
  let otherProductId: number;

  beforeAll(async () => {
    t = await seededTestApp(kind);
    const rows = await t.db
      .select({ id: producto.id_producto })
      .from(producto)
      .where(and(eq(producto.estado, true), gt(producto.stock, 20)))
      .orderBy(producto.id_producto);
    productId = rows[0]?.id as number;
    otherProductId = rows[1]?.id as number;
  });
  afterAll(() => t.close());

  async function customer() {
    return (await newCustomer(t.app, `opina${++counter}@example.com`)).agent;
  }

  /** Buys one unit of the product with the given card; returns the sale line's id. */
  async function bought(a: Agent, numero = '4242424242424242', id = productId): Promise<number> {
    const method = await a.post('/api/pagos/sandbox/metodos', { ...CARD, numero });
    const res = await a.request(
      'POST',
      '/api/venta',
      {
        detalle_venta: [{ id_producto: id, cantidad: 1 }],
        id_pago: method.json().id_pago,
        direccion_envio: TEST_ADDRESS,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect([201, 202, 402]).toContain(res.statusCode);
    const [line] = await t.db
      .select({ id: detalleVenta.id_detalle_venta })
      .from(detalleVenta)
      .innerJoin(venta, eq(venta.id_venta, detalleVenta.id_venta))
      .where(eq(venta.id_pago, method.json().id_pago));
    return line?.id as number;
  }

  const rate = (a: Agent, lineId: number, overrides: Record<string, unknown> = {}, id = productId) =>
    a.post(`/api/products/${id}/calificacion`, {
      id_producto: id,
      id_usuario: 1,
      id_detalle_venta: lineId,
      valor_calificacion: 4,
      descripcion_motivo: 'Buena compra',
      ...overrides,
    });

  it("lets the buyer rate a paid line once, and updates the product's average", async () => {
    const a = await customer();
    const lineId = await bought(a);
    const before = (await (await a.get(`/api/products/${productId}/calificaciones`)).json()) as {
      total: number;
      items: unknown[];
    };
    const [p] = await t.db.select().from(producto).where(eq(producto.id_producto, productId));

    const res = await rate(a, lineId, { valor_calificacion: 2 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      id_producto: productId,
      valor_calificacion: 2,
      descripcion_motivo: 'Buena compra',
      autor: 'Carla R.',
    });
    const [line] = await t.db.select().from(detalleVenta).where(eq(detalleVenta.id_detalle_venta, lineId));
    expect(line?.comentado).toBe(true);
    const [rating] = await t.db
      .select()
      .from(motivoCalificacion)
      .where(eq(motivoCalificacion.id_detalle_venta, lineId));
    expect(rating?.id_usuario).not.toBe(1);

    const suma = (p?.calificacion_suma ?? 0) + 2;
    const cantidad = (p?.calificacion_cantidad ?? 0) + 1;
    const after = (await a.get(`/api/products/${productId}/calificaciones`)).json();
    expect(after.total).toBe(before.total + 1);
    expect(after.items[0]).toMatchObject({ id_motivo_calificacion: res.json().id_motivo_calificacion });
    expect(after.promedio).toBe(Math.round((suma / cantidad) * 10) / 10);
    const product = (await a.get(`/api/products/${productId}`)).json();
    expect(product).toMatchObject({ calificaciones_total: cantidad, calificacion_promedio: after.promedio });

    const twice = await rate(a, lineId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Ya calificaste esta compra.');
    expect((await a.get(`/api/products/${productId}/calificaciones`)).json().total).toBe(after.total);
  });

  it("dates each opinion by the shop's day (SHOP_TIMEZONE), not by the day in UTC", async () => {
    const a = await customer();
    const res = await rate(a, await bought(a));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id_motivo_calificacion as number;
    // Written at 03:00 UTC: still the evening before in Mexico City (the test app's time zone).
    expect(t.config.shopTimeZone).toBe('America/Mexico_City');
    await t.db
      .update(motivoCalificacion)
      .set({ created_at: new Date('2026-11-21T03:00:00Z') })
      .where(eq(motivoCalificacion.id_motivo_calificacion, id));
    const listed = (await a.get(`/api/products/${productId}/calificaciones`)).json().items as Array<{
      id_motivo_calificacion: number;
      dia: string;
    }>;
    expect(listed.find((r) => r.id_motivo_calificacion === id)).toMatchObject({
      fecha: '2026-11-21T03:00:00.000Z',
      dia: '2026-11-20',
    });
    // The answer to the rating itself: the shop's day of the moment it was written.
    expect(res.json().dia).toBe(dayInTimeZone(new Date(res.json().fecha), t.config.shopTimeZone));
  });

  it("refuses another customer's line with 403", async () => {
    const owner = await customer();
    const lineId = await bought(owner);
    const res = await rate(await customer(), lineId);
    expect(res.statusCode).toBe(403);
  });

  it('refuses a line of another product with 400', async () => {
    const a = await customer();
    const lineId = await bought(a);
    const res = await rate(a, lineId, {}, otherProductId);
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ['a failed sale', '4000000000000002'],
    ['a pending sale', '4000002500003155'],
  ])('refuses a line of %s with 409', async (_name, numero) => {
    const a = await customer();
    const lineId = await bought(a, numero);
    const res = await rate(a, lineId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Solo puedes calificar compras pagadas.');
  });

  it.each([
    ['no stars', { valor_calificacion: 0 }, 'Calificacion obligatoria'],
    ['six stars', { valor_calificacion: 6 }, 'Calificacion obligatoria'],
    ['a 50-character comment', { descripcion_motivo: 'x'.repeat(50) }, 'Maximo 50 caracteres'],
  ])('refuses %s with its Spanish message', async (_name, overrides, message) => {
    const a = await customer();
    const lineId = await bought(a);
    const res = await rate(a, lineId, overrides);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const [line] = await t.db.select().from(detalleVenta).where(eq(detalleVenta.id_detalle_venta, lineId));
    expect(line?.comentado).toBe(false);
  });

  it('answers 404 for an unknown line, 401 to a visitor and 403 to an admin', async () => {
    expect((await rate(await customer(), 999_999)).statusCode).toBe(404);
    expect((await rate(new Agent(t.app), 1)).statusCode).toBe(401);
    const admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    expect((await rate(admin, 1)).statusCode).toBe(403);
  });
});
