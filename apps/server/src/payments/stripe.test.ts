import { randomUUID } from 'node:crypto';
import { paidCents } from '@vitrina/shared';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { producto, venta } from '../db/schema';
import { settlePendingOrders } from '../modules/orders';
import { Agent, newCustomer } from '../test/agent';
import { seededTestApp, type TestApp } from '../test/app';
import { TEST_DATABASE_KINDS } from '../test/databases';
import { parseStripeForm } from '../test/fake-stripe';
import { stockedProducts } from '../test/products';
import { TEST_ADDRESS } from '../test/shipping-address';
import { TEST_SHOP } from '../test/shop';
import { STRIPE_TEST_ENV, type StripeTestApp, sendStripeWebhook, stripeTestApp } from '../test/stripe-app';
import { chargeKey, type PaymentProvider } from './provider';
import { declineCodeOf, stripeProvider } from './stripe';

type ProductRow = typeof producto.$inferSelect;

let counter = 0;

describe.each(TEST_DATABASE_KINDS)('checkout with PAYMENT_PROVIDER=stripe on %s', (kind) => {
  let t: StripeTestApp;
  let product: ProductRow;
  /** The same provider the app uses, for what start-up settling does outside a request. */
  let provider: PaymentProvider;

  beforeAll(async () => {
    t = await stripeTestApp(kind);
    provider = await stripeProvider(t.config, t.fake.api);
    const [row] = await stockedProducts(t.db);
    product = row as ProductRow;
  });
  afterAll(() => t.close());

  async function customer() {
    return (await newCustomer(t.app, `stripe${++counter}@example.com`)).agent;
  }

  /** What the web app posts after Stripe.js created the payment method: its pm_… id, never the card. */
  const buy = (a: Agent, idPago: string, cantidad = 2, key = randomUUID()) =>
    a.request(
      'POST',
      '/api/venta',
      {
        detalle_venta: [{ id_producto: product.id_producto, cantidad }],
        id_pago: idPago,
        direccion_envio: TEST_ADDRESS,
      },
      { 'idempotency-key': key },
    );

  const stock = async () =>
    (
      await t.db
        .select({ s: producto.stock })
        .from(producto)
        .where(eq(producto.id_producto, product.id_producto))
    )[0]?.s;
  const saleRow = async (id: number) => (await t.db.select().from(venta).where(eq(venta.id_venta, id)))[0];
  const creates = (idVenta: number) =>
    t.fake.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payment_intents' &&
        (r.params.metadata as Record<string, string> | undefined)?.id_venta === String(idVenta),
    );

  /** Stripe's delivery of an event: the raw JSON body signed with the endpoint's secret. */
  const webhook = (payload: string, signature?: string) => sendStripeWebhook(t.app, payload, signature);

  /** A checkout that stops at 3-D Secure: the 202, its sale and its PaymentIntent at the fake. */
  async function awaitingAction() {
    const a = await customer();
    const before = await stock();
    const res = await buy(a, 'pm_card_authenticationRequired');
    expect(res.statusCode, res.body).toBe(202);
    const sale = res.json();
    const [pi] = t.fake.intentsOf(sale.id_venta);
    expect(pi).toBeDefined();
    return { a, sale, pi: pi as Record<string, unknown>, before: before ?? 0 };
  }

  describe('POST /api/venta', () => {
    it('charges the server total with the sale as idempotency key and records the card', async () => {
      const a = await customer();
      const before = await stock();
      const res = await buy(a, 'pm_card_visa', 3);
      expect(res.statusCode, res.body).toBe(201);
      const sale = res.json();
      expect(sale).toMatchObject({
        estado: 'pagada',
        id_pago: 'pm_card_visa',
        pago_marca: 'visa',
        pago_ultimos4: '4242',
        valor_total_venta: (paidCents(product) * 3) / 100,
      });
      expect(await stock()).toBe((before ?? 0) - 3);

      // One request to Stripe: brand and last four come expanded with the answer.
      const calls = t.fake.requests.filter(
        (r) => (r.params.metadata as Record<string, string> | undefined)?.id_venta === String(sale.id_venta),
      );
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({
        method: 'POST',
        path: '/v1/payment_intents',
        idempotencyKey: chargeKey(sale.id_venta),
        params: {
          amount: String(paidCents(product) * 3),
          currency: 'usd',
          confirm: 'true',
          payment_method: 'pm_card_visa',
          allowed_payment_method_types: ['card'],
          metadata: { id_venta: String(sale.id_venta) },
          expand: ['latest_charge'],
        },
      });
      const [pi] = t.fake.intentsOf(sale.id_venta);
      expect(pi).toMatchObject({ status: 'succeeded', amount: paidCents(product) * 3 });
      expect((await saleRow(sale.id_venta))?.pago_referencia).toBe(pi?.id);
    });

    it.each([
      ['pm_card_chargeDeclined', 'Tarjeta rechazada. Prueba con otra tarjeta.', 'card_declined'],
      [
        'pm_card_chargeDeclinedInsufficientFunds',
        'Fondos insuficientes. Prueba con otra tarjeta.',
        'insufficient_funds',
      ],
      ['pm_card_chargeDeclinedExpiredCard', 'La tarjeta está vencida.', 'expired_card'],
      ['pm_card_chargeDeclinedIncorrectCvc', 'El CVC no es correcto.', 'incorrect_cvc'],
      [
        'pm_card_chargeDeclinedProcessingError',
        'No pudimos procesar el pago. Inténtalo de nuevo.',
        'processing_error',
      ],
      ['pm_doesNotExist', 'Tarjeta rechazada. Prueba con otra tarjeta.', 'card_declined'],
    ])('%s answers 402 in Spanish, fails the sale and gives the stock back', async (pm, message, code) => {
      const a = await customer();
      const before = await stock();
      const res = await buy(a, pm);
      expect(res.statusCode, res.body).toBe(402);
      expect(res.json()).toEqual({ error: 'Payment Required', message });
      expect(await stock()).toBe(before);
      const [failed] = (await t.db.select().from(venta).where(eq(venta.id_pago, pm))).slice(-1);
      expect(failed).toMatchObject({ estado: 'fallida', motivo_fallo: code });
      // The declined PaymentIntent is the sale's reference, for support.
      if (pm !== 'pm_doesNotExist') expect(failed?.pago_referencia).toMatch(/^pi_/);
    });

    it('answers a retried checkout (same Idempotency-Key) with the first sale and one PaymentIntent', async () => {
      const a = await customer();
      const key = randomUUID();
      const first = await buy(a, 'pm_card_visa', 1, key);
      expect(first.statusCode, first.body).toBe(201);
      const again = await buy(a, 'pm_card_visa', 1, key);
      expect(again.statusCode).toBe(201);
      expect(again.json().id_venta).toBe(first.json().id_venta);
      expect(t.fake.intentsOf(first.json().id_venta)).toHaveLength(1);
    });

    it('leaves the sale pending on a lost answer and the retry finds the same PaymentIntent', async () => {
      const a = await customer();
      const key = randomUUID();
      const before = await stock();
      t.fake.failure = 'lost';
      let res: Awaited<ReturnType<typeof buy>>;
      try {
        res = await buy(a, 'pm_card_visa', 1, key);
      } finally {
        t.fake.failure = null;
      }
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json().message).toContain('Tu compra quedó pendiente');
      const [pending] = await t.db.select().from(venta).where(eq(venta.idempotency_key, key));
      expect(pending).toMatchObject({ estado: 'pendiente', pago_referencia: null });
      expect(await stock()).toBe((before ?? 0) - 1);

      const retry = await buy(a, 'pm_card_visa', 1, key);
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.json()).toMatchObject({
        id_venta: pending?.id_venta,
        estado: 'pagada',
        pago_ultimos4: '4242',
      });
      // Stripe did the work once: the SDK's own retry replayed the key, the checkout retry found it.
      expect(t.fake.intentsOf(pending?.id_venta ?? 0)).toHaveLength(1);
      expect(
        creates(pending?.id_venta ?? 0).every((r) => r.idempotencyKey === chargeKey(pending?.id_venta ?? 0)),
      ).toBe(true);
    });

    it('answers 502 when Stripe fails, keeps the stock reserved and never logs the keys', async () => {
      const a = await customer();
      const before = await stock();
      t.fake.failure = 'down';
      let res: Awaited<ReturnType<typeof buy>>;
      try {
        res = await buy(a, 'pm_card_visa', 1);
      } finally {
        t.fake.failure = null;
      }
      expect(res.statusCode).toBe(502);
      expect(await stock()).toBe((before ?? 0) - 1);
      const logs = JSON.stringify(t.logs);
      expect(logs).toContain('payment provider unreachable');
      expect(logs).not.toContain(STRIPE_TEST_ENV.STRIPE_SECRET_KEY);
      expect(logs).not.toContain(STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET);
    });
  });

  describe('3-D Secure (requires_action)', () => {
    it('answers 202 with the client_secret, and the confirmation settles the sale once the shopper passed', async () => {
      const { a, sale, pi, before } = await awaitingAction();
      expect(sale).toMatchObject({
        estado: 'pendiente',
        requiere_accion: { client_secret: pi.client_secret },
      });
      expect(await stock()).toBe(before - 2);
      expect((await saleRow(sale.id_venta))?.pago_referencia).toBe(pi.id);

      // The browser: stripe.handleNextAction({ clientSecret }), then POST /api/venta/:id/confirmar.
      t.fake.completeAction(pi.id as string, 'succeeded');
      const res = await a.post(`/api/venta/${sale.id_venta}/confirmar`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ estado: 'pagada', pago_marca: 'visa', pago_ultimos4: '3155' });
      expect(await stock()).toBe(before - 2);
    });

    it('a failed authentication fails the sale at the confirmation with its Spanish reason', async () => {
      const { a, sale, pi, before } = await awaitingAction();
      t.fake.completeAction(pi.id as string, 'failed');
      const res = await a.post(`/api/venta/${sale.id_venta}/confirmar`);
      expect(res.statusCode).toBe(402);
      expect(res.json().message).toBe('No se confirmó el pago.');
      expect(await stock()).toBe(before);
    });
  });

  describe('POST /api/pagos/webhook', () => {
    it('payment_intent.succeeded settles a pending sale as pagada; the same event again changes nothing', async () => {
      const { sale, pi, before } = await awaitingAction();
      t.fake.completeAction(pi.id as string, 'succeeded');
      const payload = t.fake.eventPayload('payment_intent.succeeded', pi.id as string);

      // No browser session, no XSRF token: Stripe's signature is what counts.
      const res = await webhook(payload);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ recibido: true });
      expect(await saleRow(sale.id_venta)).toMatchObject({
        estado: 'pagada',
        pago_referencia: pi.id,
        pago_marca: 'visa',
        pago_ultimos4: '3155',
      });

      const calls = t.fake.requests.length;
      expect((await webhook(payload)).statusCode).toBe(200);
      expect(await saleRow(sale.id_venta)).toMatchObject({ estado: 'pagada' });
      expect(await stock()).toBe(before - 2);
      // A sale already settled is not even looked up again.
      expect(t.fake.requests.length).toBe(calls);
    });

    it('payment_intent.payment_failed fails the sale and gives the stock back exactly once', async () => {
      const { sale, pi, before } = await awaitingAction();
      t.fake.completeAction(pi.id as string, 'failed');
      const payload = t.fake.eventPayload('payment_intent.payment_failed', pi.id as string);
      expect((await webhook(payload)).statusCode).toBe(200);
      expect(await saleRow(sale.id_venta)).toMatchObject({
        estado: 'fallida',
        motivo_fallo: 'authentication_failed',
      });
      expect(await stock()).toBe(before);
      expect((await webhook(payload)).statusCode).toBe(200);
      expect(await stock()).toBe(before);
    });

    it('payment_intent.canceled fails the sale and gives the stock back', async () => {
      const { sale, pi, before } = await awaitingAction();
      await provider.cancel?.(sale.id_venta, pi.id as string);
      expect(
        (await webhook(t.fake.eventPayload('payment_intent.canceled', pi.id as string))).statusCode,
      ).toBe(200);
      expect(await saleRow(sale.id_venta)).toMatchObject({ estado: 'fallida' });
      expect(await stock()).toBe(before);
    });

    it('trusts Stripe, not the body: a signed event whose PaymentIntent is still waiting changes nothing', async () => {
      const { sale, pi } = await awaitingAction();
      // A replayed or out-of-order "succeeded" while Stripe says requires_action.
      const payload = t.fake
        .eventPayload('payment_intent.succeeded', pi.id as string)
        .replace('"requires_action"', '"succeeded"');
      expect((await webhook(payload)).statusCode).toBe(200);
      expect(await saleRow(sale.id_venta)).toMatchObject({ estado: 'pendiente' });
    });

    it.each([
      ['no signature', (_payload: string) => ''],
      [
        'a signature made with another secret',
        (payload: string) =>
          Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someoneElse' }),
      ],
      [
        'an altered body',
        (payload: string) =>
          Stripe.webhooks.generateTestHeaderString({
            payload: payload.replace('payment_intent.succeeded', 'payment_intent.created'),
            secret: STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET,
          }),
      ],
      [
        'an old signature (replayed)',
        (payload: string) =>
          Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET,
            timestamp: Math.floor(Date.now() / 1000) - 3600,
          }),
      ],
    ])('refuses %s with 400 and changes nothing', async (_name, sign) => {
      const { sale, pi, before } = await awaitingAction();
      t.fake.completeAction(pi.id as string, 'succeeded');
      const payload = t.fake.eventPayload('payment_intent.succeeded', pi.id as string);
      const res = await webhook(payload, sign(payload));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'Bad Request',
        message: 'La firma del evento de pago no es válida.',
      });
      expect(await saleRow(sale.id_venta)).toMatchObject({ estado: 'pendiente' });
      expect(await stock()).toBe(before - 2);
    });

    it('acknowledges events it does not use', async () => {
      const payload = JSON.stringify({
        id: 'evt_1',
        object: 'event',
        type: 'customer.created',
        data: { object: {} },
      });
      const res = await webhook(payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ recibido: true });
    });

    it('leaves every other POST behind the XSRF check', async () => {
      const a = await customer();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/venta',
        payload: {
          detalle_venta: [{ id_producto: product.id_producto, cantidad: 1 }],
          id_pago: 'pm_card_visa',
          direccion_envio: TEST_ADDRESS,
        },
        headers: {
          cookie: [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'idempotency-key': randomUUID(),
        },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'La sesión de seguridad expiró. Recarga la página e inténtalo de nuevo.',
      );
    });
  });

  describe('settling pending sales (start-up and periodic)', () => {
    it('a sale whose PaymentIntent succeeded at Stripe becomes pagada', async () => {
      const { sale, pi } = await awaitingAction();
      t.fake.completeAction(pi.id as string, 'succeeded');
      await settlePendingOrders({ db: t.db, payments: provider, shop: TEST_SHOP });
      expect(await saleRow(sale.id_venta)).toMatchObject({ estado: 'pagada', pago_ultimos4: '3155' });
    });

    it('finds by metadata a PaymentIntent whose answer never arrived', async () => {
      const a = await customer();
      const key = randomUUID();
      t.fake.failure = 'lost';
      try {
        expect((await buy(a, 'pm_card_visa', 1, key)).statusCode).toBe(502);
      } finally {
        t.fake.failure = null;
      }
      const [pending] = await t.db.select().from(venta).where(eq(venta.idempotency_key, key));
      expect(pending).toMatchObject({ estado: 'pendiente', pago_referencia: null });
      await settlePendingOrders({ db: t.db, payments: provider, shop: TEST_SHOP });
      const [pi] = t.fake.intentsOf(pending?.id_venta ?? 0);
      expect(await saleRow(pending?.id_venta ?? 0)).toMatchObject({
        estado: 'pagada',
        pago_referencia: pi?.id,
      });
    });

    it('a charge Stripe never received fails the sale, and a late charge for it cannot succeed', async () => {
      const a = await customer();
      const before = await stock();
      const key = randomUUID();
      t.fake.failure = 'down';
      try {
        expect((await buy(a, 'pm_card_visa', 1, key)).statusCode).toBe(502);
      } finally {
        t.fake.failure = null;
      }
      const [pending] = await t.db.select().from(venta).where(eq(venta.idempotency_key, key));
      const id = pending?.id_venta ?? 0;
      await settlePendingOrders({ db: t.db, payments: provider, shop: TEST_SHOP });
      expect(await saleRow(id)).toMatchObject({ estado: 'fallida', motivo_fallo: 'processing_error' });
      expect(await stock()).toBe(before);
      // The sale's key now belongs to a cancelled placeholder: the charge a slow process may still send fails.
      await expect(
        provider.charge({
          saleId: id,
          amountCents: paidCents(product),
          currency: 'USD',
          paymentMethodId: 'pm_card_visa',
          customerId: pending?.id_usuario ?? 0,
          idempotencyKey: chargeKey(id),
        }),
      ).rejects.toThrow(/same parameters/);
      expect(t.fake.intentsOf(id).map((pi) => pi.status)).toEqual(['canceled']);

      // Money taken anyway (say, by a process that used another key) is reported for a refund, not hidden.
      const late = await provider.charge({
        saleId: id,
        amountCents: paidCents(product),
        currency: 'USD',
        paymentMethodId: 'pm_card_visa',
        customerId: pending?.id_usuario ?? 0,
        idempotencyKey: `${chargeKey(id)}-otra`,
      });
      expect(late.status).toBe('succeeded');
      const res = await webhook(t.fake.eventPayload('payment_intent.succeeded', late.reference as string));
      expect(res.statusCode).toBe(200);
      expect(await saleRow(id)).toMatchObject({ estado: 'fallida' });
      expect(await stock()).toBe(before);
      expect(t.logs).toContainEqual(
        expect.objectContaining({
          level: 50,
          id_venta: id,
          msg: 'charge succeeded on a failed order: refund it',
        }),
      );
    });

    it('cancels an extra step nobody finished at Stripe and fails the sale', async () => {
      // Earlier tests' sales still waiting would be given up too; settle them first to count this one alone.
      await settlePendingOrders({
        db: t.db,
        payments: provider,
        shop: TEST_SHOP,
        requiresActionTimeoutMs: -1,
      });
      const { sale, pi, before } = await awaitingAction();
      await settlePendingOrders({
        db: t.db,
        payments: provider,
        shop: TEST_SHOP,
        requiresActionTimeoutMs: -1,
      });
      expect(await saleRow(sale.id_venta)).toMatchObject({
        estado: 'fallida',
        motivo_fallo: 'authentication_failed',
      });
      expect(await stock()).toBe(before);
      expect(t.fake.intents.get(pi.id as string)).toMatchObject({
        status: 'canceled',
        cancellation_reason: 'abandoned',
      });
      // Too late: the shopper cannot finish it any more.
      expect(() => t.fake.completeAction(pi.id as string, 'succeeded')).toThrow();
    });
  });

  describe('configuration for the browser', () => {
    it('publishes the provider and the publishable key, never a secret', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(res.json()).toMatchObject({
        paymentProvider: 'stripe',
        stripePublishableKey: STRIPE_TEST_ENV.STRIPE_PUBLISHABLE_KEY,
        // SHOP_CURRENCY unset: dollars.
        moneda: 'USD',
      });
      expect(res.body).not.toContain(STRIPE_TEST_ENV.STRIPE_SECRET_KEY);
      expect(res.body).not.toContain(STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET);
    });

    it('lets Stripe.js, its card fields and 3-D Secure frames through the CSP', async () => {
      const csp = String(
        (await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
      );
      expect(csp).toContain("script-src 'self' https://js.stripe.com");
      expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
      expect(csp).toContain("connect-src 'self' https://api.stripe.com");
      expect(csp).not.toContain('unsafe-inline');
    });

    it('has no sandbox card routes', async () => {
      const a = await customer();
      const res = await a.post('/api/pagos/sandbox/metodos', {
        numero: '4242 4242 4242 4242',
        expiracion: '12/39',
        cvc: '123',
        nombre: 'Carla Ruiz',
      });
      expect(res.statusCode).toBe(404);
    });
  });
});

describe('PAYMENT_PROVIDER=sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await seededTestApp('pglite');
  });
  afterAll(() => t.close());

  it('publishes no Stripe key and allows no Stripe origin', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ paymentProvider: 'sandbox', stripePublishableKey: null });
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).not.toContain('stripe');
    expect(csp).not.toContain('frame-src');
  });

  it('has no webhook route, and the XSRF check still guards every POST', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pagos/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    // The XSRF check runs before routing decides anything else.
    expect(res.statusCode).toBe(403);
    const agent = new Agent(t.app);
    expect((await agent.post('/api/pagos/webhook', {})).statusCode).toBe(404);
  });
});

describe('the Stripe provider pieces', () => {
  it.each([
    [{ code: 'card_declined', decline_code: 'insufficient_funds' }, 'insufficient_funds'],
    [{ code: 'card_declined', decline_code: 'generic_decline' }, 'card_declined'],
    [{ code: 'card_declined', decline_code: 'authentication_required' }, 'authentication_failed'],
    [{ code: 'payment_intent_authentication_failure' }, 'authentication_failed'],
    [{ code: 'expired_card', decline_code: 'expired_card' }, 'expired_card'],
    [{ code: 'incorrect_cvc' }, 'incorrect_cvc'],
    [{ code: 'processing_error' }, 'processing_error'],
    [{ code: 'incorrect_number' }, 'card_declined'],
  ])('maps Stripe error %o to %s', (error, code) => {
    expect(declineCodeOf(error)).toBe(code);
  });

  it("reads the SDK's form encoding", () => {
    expect(parseStripeForm('amount=1990&metadata[id_venta]=7&expand[0]=latest_charge&confirm=true')).toEqual({
      amount: '1990',
      metadata: { id_venta: '7' },
      expand: ['latest_charge'],
      confirm: 'true',
    });
  });
});
