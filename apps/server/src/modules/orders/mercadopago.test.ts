import { randomUUID } from 'node:crypto';
import { GUEST_MESSAGES } from '@vitrina/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { producto, reembolso, venta, ventaEstadoHistorial } from '../../db/schema';
import { Agent, newCustomer } from '../../test/agent';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import {
  type MercadoPagoTestApp,
  mercadoPagoTestApp,
  sendMercadoPagoNotification,
} from '../../test/mercadopago-app';
import { stockedProducts } from '../../test/products';
import { TEST_ADDRESS } from '../../test/shipping-address';
import { shopIdentity } from '../mail';
import { expireUnpaidOrders } from './expire-unpaid-orders';
import { reconcileMercadoPago } from './mercadopago-reconciliation';
import { settlePendingRefunds } from './refund-order';

let counter = 0;

describe.each(TEST_DATABASE_KINDS)('Mercado Pago orders on %s', (kind) => {
  let t: MercadoPagoTestApp;
  let productId: number;

  beforeAll(async () => {
    t = await mercadoPagoTestApp(kind);
    const [row] = await stockedProducts(t.db);
    productId = row?.id_producto as number;
  });
  afterAll(() => t.close());

  const context = () => ({
    db: t.db,
    payments: { name: 'sandbox' } as never,
    mercadoPago: t.mercadoPago,
    shop: shopIdentity(t.config),
  });

  const stock = async () =>
    (
      await t.db.select({ stock: producto.stock }).from(producto).where(eq(producto.id_producto, productId))
    )[0]?.stock;
  const order = async (id: number) => (await t.db.select().from(venta).where(eq(venta.id_venta, id)))[0];
  const paidEntries = async (id: number) =>
    (
      await t.db
        .select()
        .from(ventaEstadoHistorial)
        .where(and(eq(ventaEstadoHistorial.id_venta, id), eq(ventaEstadoHistorial.estado, 'pagada')))
    ).length;

  /** A shopper places an order of two units to pay with Mercado Pago; the checkout's answer and the agent. */
  async function placeOrder(): Promise<{ agent: Agent; id: number; body: Record<string, unknown> }> {
    const { agent } = await newCustomer(t.app, `mp${++counter}@example.com`);
    const res = await agent.request(
      'POST',
      '/api/venta',
      {
        detalle_venta: [{ id_producto: productId, cantidad: 2 }],
        metodo_pago: 'mercadopago',
        direccion_envio: TEST_ADDRESS,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(201);
    return { agent, id: res.json().id_venta, body: res.json() };
  }
  const preferenceOf = (id: number) => t.fake.preferenceOf(id)?.id as string;
  const notify = (paymentId: string, options?: Parameters<typeof t.fake.notification>[1]) =>
    sendMercadoPagoNotification(t.app, t.fake.notification(paymentId, options));

  it('answers 201 pendiente_pago with the deadline and the Checkout Pro address, stock reserved, nothing charged', async () => {
    const before = await stock();
    const { id, body } = await placeOrder();
    const preference = t.fake.preferenceOf(id);
    expect(body).toMatchObject({ estado: 'pendiente_pago', redirect_url: preference?.init_point });
    expect(Date.parse(String(body.vence))).toBeGreaterThan(Date.now());
    expect(await stock()).toBe((before ?? 0) - 2);
    const row = await order(id);
    const [product] = await t.db.select().from(producto).where(eq(producto.id_producto, productId));
    expect(preference).toMatchObject({
      external_reference: `venta-${id}`,
      notification_url: `${t.config.publicUrl}/api/pagos/mercadopago/webhook`,
      back_urls: { success: `${t.config.publicUrl}/pedido/${id}` },
      auto_return: 'approved',
    });
    const items = preference?.items as { unit_price: number; quantity: number }[];
    // The server's prices: the lines and shipping add up to the order's total.
    const total = items.reduce((sum, i) => sum + Math.round(i.unit_price * 100) * i.quantity, 0);
    expect(total).toBe(Math.round(Number(row?.valor_total_venta) * 100));
    expect(items[0]).toMatchObject({ quantity: 2, title: product?.nombre });
  });

  it('pays the order once from a signed notification, whatever the body says and however often it comes', async () => {
    const { id } = await placeOrder();
    const payment = t.fake.pay(preferenceOf(id), 'approved');
    const reads = t.fake.requests.length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => notify(String(payment.id), { action: 'payment.created' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    // Every notification made the shop read the payment from Mercado Pago's API.
    expect(t.fake.requests.slice(reads).filter((r) => r.path === `/v1/payments/${payment.id}`)).toHaveLength(
      10,
    );
    expect(await order(id)).toMatchObject({ estado: 'pagada', pago_referencia: String(payment.id) });
    expect(await paidEntries(id)).toBe(1);
  });

  it('keeps a cash voucher waiting, pays it when Mercado Pago credits it, and an old notification changes nothing', async () => {
    const { id, agent } = await placeOrder();
    const voucher = t.fake.pay(preferenceOf(id), 'pending');
    const first = t.fake.notification(String(voucher.id), { action: 'payment.created' });
    expect((await sendMercadoPagoNotification(t.app, first)).statusCode).toBe(200);
    expect((await order(id))?.estado).toBe('pendiente_pago');
    expect((await agent.get(`/api/venta/${id}/mercadopago`)).json()).toMatchObject({
      estado: 'pendiente_pago',
      pago: {
        estado: 'pendiente',
        en_efectivo: true,
        ficha_url: `https://www.mercadopago.com.mx/payments/${voucher.id}/ticket?caller_id=1`,
      },
    });
    t.fake.setStatus(String(voucher.id), 'approved');
    expect((await notify(String(voucher.id))).statusCode).toBe(200);
    expect((await order(id))?.estado).toBe('pagada');
    // The first notification delivered late (out of order), again: the payment is read, nothing changes.
    expect((await sendMercadoPagoNotification(t.app, { ...first })).statusCode).toBe(200);
    expect(await paidEntries(id)).toBe(1);
  });

  it('refuses a notification with a bad or stale signature, reads nothing and changes nothing', async () => {
    const { id } = await placeOrder();
    const payment = t.fake.pay(preferenceOf(id), 'approved');
    const reads = t.fake.requests.length;
    const forged = await notify(String(payment.id), { secret: 'not-the-shop-secret-0123456789' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('La firma de la notificación de Mercado Pago no es válida.');
    const stale = await notify(String(payment.id), { ts: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('La notificación de Mercado Pago es demasiado antigua.');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/api/pagos/mercadopago/webhook?data.id=${payment.id}&type=payment`,
      payload: { type: 'payment', data: { id: String(payment.id) } },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(t.fake.requests.length).toBe(reads);
    expect((await order(id))?.estado).toBe('pendiente_pago');
    expect(t.logs.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('pays an order whose notification never came in the next reconciliation round, once across processes', async () => {
    const { id } = await placeOrder();
    const payment = t.fake.pay(preferenceOf(id), 'approved');
    // Two processes' rounds at the same time: the order is paid once.
    const rounds = await Promise.all([reconcileMercadoPago(context()), reconcileMercadoPago(context())]);
    expect(rounds.map((r) => r.errors)).toEqual([0, 0]);
    expect(await order(id)).toMatchObject({ estado: 'pagada', pago_referencia: String(payment.id) });
    expect(await paidEntries(id)).toBe(1);
    expect((await reconcileMercadoPago(context())).paid).toBe(0);
  });

  it('records a payment approved after the order was cancelled unpaid for the owner to refund, never lost', async () => {
    const { id } = await placeOrder();
    const payment = t.fake.pay(preferenceOf(id), 'pending');
    // The deadline passes before the voucher is credited: the order is cancelled unpaid, its stock back.
    await expireUnpaidOrders(context(), { now: new Date(Date.now() + 2 * 3_600_000) });
    expect((await order(id))?.estado).toBe('anulada');
    t.fake.setStatus(String(payment.id), 'approved');
    // The notification is lost: the reconciliation finds it among the orders cancelled in the last days.
    await reconcileMercadoPago(context());
    const row = await order(id);
    expect(row?.estado).toBe('anulada');
    expect(row?.pago_tardio_referencia).toBe(String(payment.id));
    expect(await paidEntries(id)).toBe(0);
  });

  it('tells the returning shopper a rejected payment truthfully and opens another Checkout Pro', async () => {
    const { id, agent } = await placeOrder();
    expect((await agent.get(`/api/venta/${id}/mercadopago`)).json()).toMatchObject({ pago: null });
    t.fake.pay(preferenceOf(id), 'rejected');
    expect((await agent.get(`/api/venta/${id}/mercadopago`)).json()).toMatchObject({
      estado: 'pendiente_pago',
      pago: { estado: 'rechazado' },
    });
    const again = await agent.post(`/api/venta/${id}/mercadopago/pagar`);
    expect(again.statusCode).toBe(200);
    expect(again.json().redirect_url).toMatch(/^https:\/\/www\.mercadopago\.com\/checkout/);
    const other = await newCustomer(t.app, `mp.otro${++counter}@example.com`);
    expect((await other.agent.get(`/api/venta/${id}/mercadopago`)).statusCode).toBe(404);
  });

  it("lets a guest pay through the order's signed link: back from Checkout Pro to it, status and another try, no account", async () => {
    const email = `mp.invitado${++counter}@example.com`;
    const res = await new Agent(t.app).request(
      'POST',
      '/api/venta',
      {
        detalle_venta: [{ id_producto: productId, cantidad: 1 }],
        metodo_pago: 'mercadopago',
        direccion_envio: TEST_ADDRESS,
        invitado: { email, nombre: 'Ana Invitada' },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id_venta: id, acceso } = res.json() as { id_venta: number; acceso: string };
    // Mercado Pago brings the guest back to the page their link opens: it carries the token.
    const link = `${t.config.publicUrl}/pedido/${id}?acceso=${acceso}`;
    expect(t.fake.preferenceOf(id)).toMatchObject({
      back_urls: { success: link, pending: link, failure: link },
    });

    const visitor = new Agent(t.app);
    const status = () => visitor.get(`/api/pedidos/${id}/mercadopago?acceso=${acceso}`);
    expect((await status()).json()).toMatchObject({ estado: 'pendiente_pago', pago: null });
    t.fake.pay(preferenceOf(id), 'rejected');
    expect((await status()).json()).toMatchObject({
      estado: 'pendiente_pago',
      pago: { estado: 'rechazado' },
    });
    const again = await visitor.post(`/api/pedidos/${id}/mercadopago/pagar?acceso=${acceso}`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().redirect_url).toMatch(/^https:\/\/www\.mercadopago\.com\/checkout/);

    // A forged link is the same 404 as an unknown order; the account routes stay closed to a visitor.
    const forged = `${acceso.slice(0, -2)}xx`;
    for (const refused of [
      await visitor.get(`/api/pedidos/${id}/mercadopago?acceso=${forged}`),
      await visitor.post(`/api/pedidos/${id}/mercadopago/pagar?acceso=${forged}`),
    ]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(GUEST_MESSAGES.linkInvalid);
    }
    expect((await visitor.get(`/api/venta/${id}/mercadopago`)).statusCode).toBe(401);

    t.fake.pay(preferenceOf(id), 'approved');
    expect((await status()).json()).toMatchObject({ estado: 'pagada', pago: { estado: 'aprobado' } });
    const late = await visitor.post(`/api/pedidos/${id}/mercadopago/pagar?acceso=${acceso}`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Este pedido ya no espera un pago.');
  });

  it('refunds part through Mercado Pago with the refund as its key, and settles a refund whose answer was lost', async () => {
    const { id } = await placeOrder();
    const payment = t.fake.pay(preferenceOf(id), 'approved');
    await notify(String(payment.id));
    const detail = (await t.admin.get(`/api/venta/${id}`)).json();
    const line = detail.detalle_venta[0];
    const first = await t.admin.request(
      'POST',
      `/api/venta/${id}/reembolso`,
      { lineas: [{ id_detalle_venta: line.id_detalle_venta, cantidad: 1 }] },
      { 'idempotency-key': randomUUID() },
    );
    expect(first.statusCode, first.body).toBe(200);
    const [made] = await t.db.select().from(reembolso).where(eq(reembolso.id_venta, id));
    const atMp = t.fake.requests.filter((r) => r.path === `/v1/payments/${payment.id}/refunds`);
    expect(atMp).toMatchObject([
      { idempotencyKey: `reembolso-${made?.id}`, body: { amount: Number(line.valor_unitario) } },
    ]);
    expect(t.fake.payments.get(String(payment.id))?.transaction_amount_refunded).toBe(
      Number(line.valor_unitario),
    );

    // Mercado Pago makes the second refund but its answer is lost: the refund stays pending, then the
    // start-up settle asks again with the same key and records it, without a second refund.
    t.fake.failure = 'lost-writes';
    try {
      const lost = await t.admin.request(
        'POST',
        `/api/venta/${id}/reembolso`,
        { lineas: [{ id_detalle_venta: line.id_detalle_venta, cantidad: 1 }] },
        { 'idempotency-key': randomUUID() },
      );
      expect(lost.statusCode).toBe(502);
    } finally {
      t.fake.failure = null;
    }
    expect(
      (await t.db.select().from(reembolso).where(eq(reembolso.id_venta, id))).map((r) => r.estado).sort(),
    ).toEqual(['completado', 'pendiente']);
    const settled = await settlePendingRefunds(context());
    expect(settled).toMatchObject({ settled: 1, errors: 0 });
    const mp = t.fake.payments.get(String(payment.id));
    expect(mp?.transaction_amount_refunded).toBe(2 * Number(line.valor_unitario));
    expect(mp?.refunds).toHaveLength(2);
  });
});
