import { GUEST_MESSAGES } from '@vitrina/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correo, detalleVenta, motivoCalificacion } from '../../db/schema';
import { Agent, CUSTOMER_PASSWORD, customerRegistration } from '../../test/agent';
import type { TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { guestTestShop } from '../../test/guest-shop';

type Json = Record<string, unknown>;

describe.each(TEST_DATABASE_KINDS)('guest ratings (decision 093) on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;
  let productId: number;
  let counter = 0;

  beforeAll(async () => {
    ({ t, admin, productId } = await guestTestShop(kind, 40));
  });
  afterAll(() => t.close());

  /** A guest buys one unit (by card unless told), the owner delivers it: the order and its line's id. */
  async function guestOrder(sale: Json = {}, deliver = true) {
    const email = `califica${++counter}@example.com`;
    const res = await new Agent(t.app).buy([{ id_producto: productId, cantidad: 1 }], {
      invitado: { email, nombre: 'Lucía Gómez Paz' },
      ...sale,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as { id_venta: number; acceso: string };
    if (deliver)
      for (const estado of ['preparando', 'enviada', 'entregada'])
        expect((await admin.put(`/api/venta/${order.id_venta}/estado`, { estado })).statusCode).toBe(200);
    const [line] = await t.db
      .select({ id: detalleVenta.id_detalle_venta })
      .from(detalleVenta)
      .where(eq(detalleVenta.id_venta, order.id_venta));
    return { ...order, email, lineId: line?.id as number };
  }

  const rate = (order: { id_venta: number; acceso: string }, lineId: number, body: Json = {}) =>
    new Agent(t.app).post(`/api/pedidos/${order.id_venta}/calificaciones?acceso=${order.acceso}`, {
      id_detalle_venta: lineId,
      valor_calificacion: 5,
      descripcion_motivo: 'Llegó perfecta',
      ...body,
    });
  const opinions = async () =>
    (await new Agent(t.app).get(`/api/products/${productId}/calificaciones`)).json();

  it("rates a delivered line through the order's link, signed with the guest's first name and initial", async () => {
    const order = await guestOrder();
    const before = await opinions();
    const res = await rate(order, order.lineId);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ valor_calificacion: 5, autor: 'Lucía G.', id_producto: productId });

    const after = await opinions();
    expect(after.total).toBe(before.total + 1);
    expect(after.items[0]).toMatchObject({ descripcion_motivo: 'Llegó perfecta', autor: 'Lucía G.' });
    // The order page reached by the link shows the line as rated.
    const page = await new Agent(t.app).get(`/api/pedidos/${order.id_venta}?acceso=${order.acceso}`);
    expect(page.json().detalle_venta[0].comentado).toBe(true);
    // The shop's ratings list names the guest, with their e-mail, and no account.
    const listed = (await admin.get('/api/products/todascalificaciones')).json().items[0];
    expect(listed).toMatchObject({
      id_detalle_venta: order.lineId,
      autor: { id_usuario: null, nombre: 'Lucía Gómez Paz (sin cuenta)', email: order.email },
    });
  });

  it('refuses a forged link with the same 404 as an unknown order, and a line of another order', async () => {
    const order = await guestOrder();
    const other = await guestOrder();
    const forged = await rate({ ...order, acceso: `${order.acceso.slice(0, -2)}xx` }, order.lineId);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe(GUEST_MESSAGES.linkInvalid);
    const unknown = await rate({ ...order, id_venta: 999_999 }, order.lineId);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(GUEST_MESSAGES.linkInvalid);
    const foreign = await rate(order, other.lineId);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ id_detalle_venta: 'Ese producto no está en este pedido.' });
    expect((await rate(other, other.lineId)).statusCode).toBe(201);
  });

  it('refuses an order not paid yet, a second rating of a line, and bad input, in Spanish', async () => {
    const waiting = await guestOrder({ metodo_pago: 'transferencia', id_pago: undefined }, false);
    const early = await rate(waiting, waiting.lineId);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Solo puedes calificar compras pagadas.');

    const order = await guestOrder();
    for (const [body, message] of [
      [{ valor_calificacion: 9 }, 'Calificacion obligatoria'],
      [{ descripcion_motivo: 'x'.repeat(60) }, 'Maximo 50 caracteres'],
      [{ id_detalle_venta: 'uno' }, 'La compra que quieres calificar no es válida'],
    ] as const) {
      const bad = await rate(order, order.lineId, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.values(bad.json().fields ?? {})).toContain(message);
    }
    expect((await rate(order, order.lineId)).statusCode).toBe(201);
    const again = await rate(order, order.lineId, { valor_calificacion: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Ya calificaste esta compra.');
  });

  it('records one rating of two submitted at once, counted once', async () => {
    const order = await guestOrder();
    const before = await opinions();
    const answers = await Promise.all([rate(order, order.lineId), rate(order, order.lineId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db
      .select()
      .from(motivoCalificacion)
      .where(eq(motivoCalificacion.id_detalle_venta, order.lineId));
    expect(rows).toHaveLength(1);
    expect((await opinions()).total).toBe(before.total + 1);
  });

  it("gives the guest's ratings to the account that claims the orders, and signs them with its name", async () => {
    const order = await guestOrder();
    expect((await rate(order, order.lineId)).statusCode).toBe(201);

    const account = new Agent(t.app);
    expect((await account.post('/api/usuario', customerRegistration(order.email))).statusCode).toBe(201);
    const user = await account.signIn(order.email, CUSTOMER_PASSWORD);
    expect((await account.post('/api/pedidos/reclamar')).statusCode).toBe(202);
    const [mail] = await t.db
      .select()
      .from(correo)
      .where(and(eq(correo.destinatario, order.email), eq(correo.tipo, 'compras_sin_cuenta')))
      .orderBy(desc(correo.id))
      .limit(1);
    const token = /reclamar=([\w-]+)/.exec(mail?.texto ?? '')?.[1];
    const claimed = await account.post('/api/pedidos/reclamar/confirmar', { token });
    expect(claimed.json().reclamados).toBe(1);

    const [row] = await t.db
      .select()
      .from(motivoCalificacion)
      .where(eq(motivoCalificacion.id_detalle_venta, order.lineId));
    expect(row?.id_usuario).toBe(user.id_usuario);
    const mine = (await opinions()).items.find(
      (o: Json) => o.id_motivo_calificacion === row?.id_motivo_calificacion,
    );
    expect(mine.autor).toBe('Carla R.');
    const listed = (await admin.get('/api/products/todascalificaciones')).json().items as Json[];
    expect(listed.find((r) => r.id_detalle_venta === order.lineId)?.autor).toEqual({
      id_usuario: user.id_usuario,
      nombre: 'Carla Ruiz',
      email: order.email,
    });
    // The account sees the line as rated in its history: it cannot be rated twice.
    const again = await account.post(`/api/products/${productId}/calificacion`, {
      id_detalle_venta: order.lineId,
      valor_calificacion: 3,
    });
    expect(again.statusCode).toBe(409);
  });
});
