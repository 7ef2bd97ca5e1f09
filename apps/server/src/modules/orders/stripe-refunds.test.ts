import { randomUUID } from 'node:crypto';
import { type RefundInput, toCents } from '@vitrina/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, producto, reembolso } from '../../db/schema';
import type { PaymentProvider } from '../../payments/provider';
import { stripeProvider } from '../../payments/stripe';
import { Agent, newCustomer } from '../../test/agent';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { stockedProducts } from '../../test/products';
import { TEST_ADDRESS } from '../../test/shipping-address';
import { TEST_SHOP } from '../../test/shop';
import { type StripeTestApp, sendStripeWebhook, stripeTestApp } from '../../test/stripe-app';
import { refundOrder, settlePendingRefunds } from './refund-order';

type Json = Record<string, unknown>;
let counter = 0;

describe.each(TEST_DATABASE_KINDS)('refunds with PAYMENT_PROVIDER=stripe on %s', (kind) => {
  let t: StripeTestApp;
  let admin: Agent;
  let productId: number;
  let provider: PaymentProvider;

  beforeAll(async () => {
    t = await stripeTestApp(kind);
    provider = await stripeProvider(t.config, t.fake.api);
    const [row] = await stockedProducts(t.db);
    productId = row?.id_producto as number;
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
  });
  afterAll(() => t.close());

  /** A paid order of three units through the fake Stripe; its detail as the admin sees it. */
  async function paidOrder() {
    const { agent } = await newCustomer(t.app, `reembolso.stripe${++counter}@example.com`);
    const res = await agent.request(
      'POST',
      '/api/venta',
      {
        detalle_venta: [{ id_producto: productId, cantidad: 3 }],
        id_pago: 'pm_card_visa',
        direccion_envio: TEST_ADDRESS,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(201);
    return (await admin.get(`/api/venta/${res.json().id_venta}`)).json();
  }

  /** The refund operation called directly, as the route does, so a test can catch its 502. */
  const refundDirectly = (orderId: number, input: RefundInput) =>
    refundOrder({
      db: t.db,
      payments: provider,
      shop: TEST_SHOP,
      adminId: 1,
      orderId,
      idempotencyKey: randomUUID(),
      input,
    });
  const refund = (id: number, body: Json = {}, key = randomUUID()) =>
    admin.request('POST', `/api/venta/${id}/reembolso`, body, { 'idempotency-key': key });
  const refundsAtStripe = (pi: string) => [...t.fake.refunds.values()].filter((r) => r.payment_intent === pi);
  const piOf = (idVenta: number) => t.fake.intentsOf(idVenta)[0]?.id as string;

  const webhook = (payload: string) => sendStripeWebhook(t.app, payload);

  it('refunds a unit through the Refunds API, keyed by the refund, and the rest once', async () => {
    const order = await paidOrder();
    const line = order.detalle_venta[0];
    const key = randomUUID();
    const partial = await refund(
      order.id_venta,
      { lineas: [{ id_detalle_venta: line.id_detalle_venta, cantidad: 1 }] },
      key,
    );
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({ estado: 'pagada', monto_reembolsado: line.valor_unitario });
    expect(
      (
        await refund(
          order.id_venta,
          { lineas: [{ id_detalle_venta: line.id_detalle_venta, cantidad: 1 }] },
          key,
        )
      ).statusCode,
    ).toBe(200);
    const [first] = refundsAtStripe(piOf(order.id_venta));
    expect(refundsAtStripe(piOf(order.id_venta))).toHaveLength(1);
    expect(first).toMatchObject({ amount: toCents(line.valor_unitario), status: 'succeeded' });
    const request = t.fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(request?.idempotencyKey).toMatch(/^reembolso-\d+$/);

    const rest = await refund(order.id_venta);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ estado: 'reembolsada', monto_reembolsado: order.valor_total_venta });
    const amounts = refundsAtStripe(piOf(order.id_venta)).map((r) => r.amount);
    expect(amounts.reduce((a, b) => Number(a) + Number(b), 0)).toBe(toCents(order.valor_total_venta));
  });

  it('settles a refund left pending by a lost answer when Stripe reports it, once however often it reports', async () => {
    const order = await paidOrder();
    t.fake.failure = 'lost-writes';
    try {
      await expect(refundDirectly(order.id_venta, {})).rejects.toMatchObject({
        statusCode: 502,
      });
    } finally {
      t.fake.failure = null;
    }
    const [pending] = await t.db.select().from(reembolso).where(eq(reembolso.id_venta, order.id_venta));
    expect(pending?.estado).toBe('pendiente');
    const [made] = refundsAtStripe(piOf(order.id_venta));
    expect(made).toBeDefined();

    for (const payload of [
      t.fake.refundEventPayload('refund.updated', made?.id as string),
      t.fake.refundEventPayload('charge.refunded', made?.id as string),
      t.fake.refundEventPayload('refund.updated', made?.id as string),
    ]) {
      expect((await webhook(payload)).statusCode).toBe(200);
    }
    const after = (await admin.get(`/api/venta/${order.id_venta}`)).json();
    expect(after).toMatchObject({ estado: 'reembolsada', monto_reembolsado: order.valor_total_venta });
    expect(refundsAtStripe(piOf(order.id_venta))).toHaveLength(1);
    const [done] = await t.db.select().from(reembolso).where(eq(reembolso.id_venta, order.id_venta));
    expect(done).toMatchObject({ estado: 'completado', referencia: made?.id });
  });

  it('cancelling a paid order refunds it at Stripe', async () => {
    const order = await paidOrder();
    const res = await admin.put(`/api/venta/${order.id_venta}/estado`, { estado: 'cancelada' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ estado: 'cancelada', monto_reembolsado: order.valor_total_venta });
    expect(refundsAtStripe(piOf(order.id_venta)).map((r) => r.amount)).toEqual([
      toCents(order.valor_total_venta),
    ]);
  });

  const stockOf = async (id: number) =>
    (await t.db.select({ stock: producto.stock }).from(producto).where(eq(producto.id_producto, id)))[0]
      ?.stock;

  it('undoes a refund Stripe reports failed after accepting it: not refunded, state back, stock kept, admin told', async () => {
    const order = await paidOrder();
    const done = await refund(order.id_venta);
    expect(done.json()).toMatchObject({ estado: 'reembolsada', monto_reembolsado: order.valor_total_venta });
    const stockAfterRefund = await stockOf(productId);
    const [made] = refundsAtStripe(piOf(order.id_venta));
    // What Stripe does when the bank returns the money (the card was closed): the Refund fails later.
    t.fake.failRefund(made?.id as string, 'expired_or_canceled_card');

    for (let i = 0; i < 2; i++) {
      const res = await webhook(t.fake.refundEventPayload('refund.updated', made?.id as string));
      expect(res.statusCode, res.body).toBe(200);
    }
    const after = (await admin.get(`/api/venta/${order.id_venta}`)).json();
    expect(after).toMatchObject({
      estado: 'pagada',
      monto_reembolsado: 0,
      reembolsos_fallidos: [{ monto: order.valor_total_venta, motivo: 'expired_or_canceled_card' }],
    });
    expect(after.detalle_venta[0].cantidad_reembolsada).toBe(0);
    expect(after.historial.map((h: { estado: string }) => h.estado).slice(-2)).toEqual([
      'reembolsada',
      'pagada',
    ]);
    // The units that went back to the shelf stay there once, not twice.
    expect(await stockOf(productId)).toBe(stockAfterRefund);
    const trail = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'pedido.reembolso_fallido'), eq(auditoria.id_entidad, order.id_venta)));
    expect(trail).toHaveLength(1);
    expect(trail[0]?.despues).toMatchObject({ estado: 'pagada', motivo: 'expired_or_canceled_card' });
    const [row] = await t.db.select().from(reembolso).where(eq(reembolso.id_venta, order.id_venta));
    expect(row).toMatchObject({ estado: 'fallido', motivo_fallo: 'expired_or_canceled_card' });
    // The order can be refunded again, by another refund.
    const again = await refund(order.id_venta);
    expect(again.json()).toMatchObject({ estado: 'reembolsada', monto_reembolsado: order.valor_total_venta });
  });

  it('settles a refund pending past the 24 h life of its key by finding it at Stripe, not refunding twice', async () => {
    const order = await paidOrder();
    const line = order.detalle_venta[0];
    t.fake.failure = 'lost-writes';
    try {
      await expect(
        refundDirectly(order.id_venta, {
          lineas: [{ id_detalle_venta: line.id_detalle_venta, cantidad: 1 }],
        }),
      ).rejects.toMatchObject({ statusCode: 502 });
    } finally {
      t.fake.failure = null;
    }
    const [made] = refundsAtStripe(piOf(order.id_venta));
    expect(made).toBeDefined();
    t.fake.forgetIdempotencyKeys();

    const outcome = await settlePendingRefunds({ db: t.db, payments: provider, shop: TEST_SHOP });
    expect(outcome.errors).toBe(0);
    expect(refundsAtStripe(piOf(order.id_venta))).toHaveLength(1);
    const [settled] = await t.db.select().from(reembolso).where(eq(reembolso.id_venta, order.id_venta));
    expect(settled).toMatchObject({ estado: 'completado', referencia: made?.id });
    const after = (await admin.get(`/api/venta/${order.id_venta}`)).json();
    expect(after).toMatchObject({ estado: 'pagada', monto_reembolsado: line.valor_unitario });
  });
});
