import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correo, detalleVenta } from '../../db/schema';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { stockedProducts } from '../../test/products';

describe.each(TEST_DATABASE_KINDS)('the delivered e-mail on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;
  let products: number[];
  let counter = 0;

  beforeAll(async () => {
    t = await seededTestApp(kind);
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    products = (await stockedProducts(t.db)).slice(0, 2).map((p) => p.id_producto);
  });
  afterAll(() => t.close());

  const cart = () => products.map((id_producto) => ({ id_producto, cantidad: 1 }));
  const delivered = async (to: string) =>
    t.db
      .select()
      .from(correo)
      .where(and(eq(correo.destinatario, to), eq(correo.tipo, 'pedido_entregado')));
  const lineIds = async (id: number) =>
    (
      await t.db
        .select({ id: detalleVenta.id_detalle_venta })
        .from(detalleVenta)
        .where(eq(detalleVenta.id_venta, id))
        .orderBy(asc(detalleVenta.id_detalle_venta))
    ).map((l) => l.id);
  async function deliver(id: number) {
    for (const estado of ['preparando', 'enviada', 'entregada']) {
      const moved = await admin.put(`/api/venta/${id}/estado`, { estado });
      expect(moved.statusCode, moved.body).toBe(200);
    }
  }

  it("mails an account's buyer once when the order is delivered, each line with a link to rate it on the order page", async () => {
    const { agent, user } = await newCustomer(t.app, `entregado${++counter}@example.com`);
    const order = (await agent.buy(cart())).json();
    await deliver(order.id_venta);

    const mails = await delivered(user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.asunto).toBe(`Tu pedido ${order.numero_pedido} fue entregado`);
    expect(mail?.texto).toContain('Entregamos tu pedido');
    const page = `${t.config.publicUrl}/pedido/${order.id_venta}`;
    for (const [i, lineId] of (await lineIds(order.id_venta)).entries()) {
      const name = order.detalle_venta[i].Producto.nombre as string;
      expect(mail?.texto).toContain(`Calificar ${name}: ${page}#calificar-${lineId}`);
      expect(mail?.html).toContain(`href="${page}#calificar-${lineId}"`);
    }
    // Another move afterwards (a refund, a request) is no second delivery.
    expect((await admin.put(`/api/venta/${order.id_venta}/estado`, { estado: 'entregada' })).statusCode).toBe(
      409,
    );
    expect(await delivered(user.email)).toHaveLength(1);
  });

  it("mails a guest the order's signed link, which opens the order without an account", async () => {
    const email = `invitada${++counter}@example.com`;
    const bought = await new Agent(t.app).buy(cart(), { invitado: { email, nombre: 'Lucía Gómez' } });
    expect(bought.statusCode, bought.body).toBe(201);
    const order = bought.json();
    await deliver(order.id_venta);

    const mails = await delivered(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.texto).toContain('Hola, Lucía Gómez:');
    const [firstLine] = await lineIds(order.id_venta);
    const link = `${t.config.publicUrl}/pedido/${order.id_venta}?acceso=${order.acceso}#calificar-${firstLine}`;
    expect(mails[0]?.texto).toContain(link);
    const opened = await new Agent(t.app).get(`/api/pedidos/${order.id_venta}?acceso=${order.acceso}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().estado).toBe('entregada');
  });

  it('mails nothing of a delivery to an order that is only shipped', async () => {
    const { agent, user } = await newCustomer(t.app, `enviado${++counter}@example.com`);
    const order = (await agent.buy(cart())).json();
    for (const estado of ['preparando', 'enviada'])
      expect((await admin.put(`/api/venta/${order.id_venta}/estado`, { estado })).statusCode).toBe(200);
    expect(await delivered(user.email)).toHaveLength(0);
  });
});
