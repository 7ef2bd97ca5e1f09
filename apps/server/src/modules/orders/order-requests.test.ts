import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, correo, producto, usuario } from '../../db/schema';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { stockedProducts } from '../../test/products';
import { TEST_ADDRESS } from '../../test/shipping-address';

const CARD = { numero: '4242 4242 4242 4242', expiracion: '12/39', cvc: '123', nombre: 'Marta Gil' };
let counter = 0;

describe.each(TEST_DATABASE_KINDS)('cancel and return requests on %s', (kind) => {
  let t: TestApp;
  let owner: Agent;
  let staff: Agent;
  let product: typeof producto.$inferSelect;

  beforeAll(async () => {
    t = await seededTestApp(kind);
    owner = new Agent(t.app);
    await owner.signIn(t.config.admin.email, t.config.admin.password);
    const member = await newCustomer(t.app, `ventas${++counter}@example.com`);
    await t.db.update(usuario).set({ rol: 'ventas' }).where(eq(usuario.id_usuario, member.user.id_usuario));
    staff = member.agent;
    const [first] = await stockedProducts(t.db);
    if (!first) throw new Error('the seed needs a product with stock');
    product = first;
  });
  afterAll(() => t.close());

  const stock = async () =>
    (
      await t.db
        .select({ s: producto.stock })
        .from(producto)
        .where(eq(producto.id_producto, product.id_producto))
    )[0]?.s;

  /** A customer's paid order of 2 units. */
  async function paidOrder() {
    const email = `solicita${++counter}@example.com`;
    const { agent } = await newCustomer(t.app, email);
    const card = await agent.post('/api/pagos/sandbox/metodos', CARD);
    const sale = await agent.request(
      'POST',
      '/api/venta',
      {
        detalle_venta: [{ id_producto: product.id_producto, cantidad: 2 }],
        id_pago: card.json().id_pago,
        direccion_envio: TEST_ADDRESS,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(sale.statusCode, sale.body).toBe(201);
    return { agent, email, id: sale.json().id_venta as number };
  }
  const ask = (a: Agent, id: number, tipo: string, motivo = 'Me equivoqué de talla') =>
    a.post(`/api/venta/${id}/solicitudes`, { tipo, motivo });
  const decide = (a: Agent, id: number, solicitud: number, decision: string, respuesta?: string) =>
    a.put(`/api/venta/${id}/solicitudes/${solicitud}`, { decision, ...(respuesta && { respuesta }) });
  const mailsTo = async (to: string, tipo: string) =>
    t.db
      .select()
      .from(correo)
      .where(and(eq(correo.destinatario, to), eq(correo.tipo, tipo)));
  const orderOf = async (a: Agent, id: number) => (await a.get(`/api/venta/${id}`)).json();

  it('lets only the buyer ask, once at a time, and tells the shop', async () => {
    const { agent, id } = await paidOrder();
    const other = await newCustomer(t.app, `otro${++counter}@example.com`);
    expect((await ask(other.agent, id, 'cancelacion')).statusCode).toBe(404);
    expect((await ask(owner, id, 'cancelacion')).statusCode).toBe(403);
    expect((await ask(new Agent(t.app), id, 'cancelacion')).statusCode).toBe(401);
    const bad = await ask(agent, id, 'cancelacion', 'no');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('al menos 5 caracteres');

    const asked = await ask(agent, id, 'cancelacion');
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({
      tipo: 'cancelacion',
      estado: 'pendiente',
      motivo: 'Me equivoqué de talla',
    });
    const again = await ask(agent, id, 'cancelacion');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este pedido ya tiene una solicitud pendiente.');
    const shopMail = (
      await t.db.select().from(correo).where(eq(correo.tipo, 'solicitud_pedido')).orderBy(desc(correo.id))
    )[0];
    expect(shopMail?.texto).toContain('Me equivoqué de talla');
    expect((await agent.get(`/api/venta/${id}/solicitudes`)).json()).toHaveLength(1);
    expect((await staff.get(`/api/venta/${id}/solicitudes`)).statusCode).toBe(200);
    expect((await other.agent.get(`/api/venta/${id}/solicitudes`)).statusCode).toBe(404);
  });

  it('refuses a return before delivery and a cancellation after shipping (409)', async () => {
    const { agent, id } = await paidOrder();
    const early = await ask(agent, id, 'devolucion');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Solo se puede pedir la devolución de un pedido entregado.');
    await owner.put(`/api/venta/${id}/estado`, { estado: 'preparando' });
    await owner.put(`/api/venta/${id}/estado`, { estado: 'enviada', transportista: 'DHL', guia: '123' });
    const late = await ask(agent, id, 'cancelacion');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('ya no se puede cancelar');
  });

  it('an accepted cancellation cancels the order: stock back, refund, e-mail, audit; answered once', async () => {
    const { agent, email, id } = await paidOrder();
    const request = (await ask(agent, id, 'cancelacion')).json();
    const before = await stock();
    expect((await decide(agent, id, request.id, 'aceptar')).statusCode).toBe(403);
    // Staff with the orders area may answer, but cancelling gives money back: only the owner accepts it.
    const byStaff = await decide(staff, id, request.id, 'aceptar');
    expect(byStaff.statusCode).toBe(403);
    const accepted = await decide(owner, id, request.id, 'aceptar');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ estado: 'aceptada' });
    expect((await orderOf(agent, id)).estado).toBe('cancelada');
    expect(await stock()).toBe((before ?? 0) + 2);
    expect(await mailsTo(email, 'pedido_cancelado')).toHaveLength(1);
    const [entry] = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'pedido.solicitud'), eq(auditoria.id_entidad, id)));
    expect(entry?.despues).toMatchObject({ solicitud: 'cancelacion', estado: 'aceptada' });
    const twice = await decide(owner, id, request.id, 'rechazar');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Esta solicitud ya fue respondida.');
    expect((await decide(owner, id, 999_999, 'rechazar')).statusCode).toBe(404);
  });

  it('a refused request leaves the order as it was and tells the customer why', async () => {
    const { agent, email, id } = await paidOrder();
    const request = (await ask(agent, id, 'cancelacion')).json();
    const refused = await decide(staff, id, request.id, 'rechazar', 'Tu pedido ya está empacado');
    expect(refused.statusCode, refused.body).toBe(200);
    expect((await orderOf(agent, id)).estado).toBe('pagada');
    const [mail] = await mailsTo(email, 'solicitud_respondida');
    expect(mail?.texto).toContain('Tu pedido ya está empacado');
    // Answered, the order may have a new request.
    expect((await ask(agent, id, 'cancelacion')).statusCode).toBe(201);
  });

  it('an accepted return is marked and the owner refunds it', async () => {
    const { agent, email, id } = await paidOrder();
    for (const estado of ['preparando', 'enviada', 'entregada'])
      await owner.put(`/api/venta/${id}/estado`, {
        estado,
        ...(estado === 'enviada' && { transportista: 'DHL', guia: '1' }),
      });
    const request = (await ask(agent, id, 'devolucion', 'Llegó roto')).json();
    const accepted = await decide(staff, id, request.id, 'aceptar');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await orderOf(agent, id)).estado).toBe('entregada');
    expect(await mailsTo(email, 'solicitud_respondida')).toHaveLength(1);
    const line = (await orderOf(owner, id)).detalle_venta[0];
    const refund = await owner.request(
      'POST',
      `/api/venta/${id}/reembolso`,
      { lineas: [{ id_detalle_venta: line.id_detalle_venta, cantidad: 2 }] },
      { 'idempotency-key': randomUUID() },
    );
    expect(refund.statusCode, refund.body).toBe(200);
  });
});
