import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMercadoPago, startFakeMercadoPago } from '../test/fake-mercadopago';
import {
  type CheckoutRequest,
  type MercadoPagoGateway,
  mercadoPagoAmount,
  mercadoPagoGateway,
  shopCentsOf,
  standingOf,
} from './mercadopago';
import { signNotification } from './mercadopago-signature';

const ACCOUNT = {
  accessToken: 'TEST-6295877106812064-112718-0123456789abcdef0123456789abcdef-202809963',
  webhookSecret: 'mp-webhook-secret-0123456789abcdef',
};

const checkout = (saleId: number, overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  saleId,
  lines: [
    { id: '11', title: 'Taza de barro', quantity: 2, unitCents: 12_950 },
    { id: '12', title: 'Jarra', quantity: 1, unitCents: 30_005 },
  ],
  shippingCents: 9_900,
  currency: 'MXN',
  payerEmail: 'cliente@example.com',
  returnUrl: `https://tienda.example/pedido/${saleId}`,
  notificationUrl: 'https://tienda.example/api/pagos/mercadopago/webhook',
  expiresAt: new Date('2030-01-02T03:04:05.000Z'),
  ...overrides,
});

describe('the Mercado Pago adapter, through the official SDK against a fake of its API', () => {
  let fake: FakeMercadoPago;
  let mp: MercadoPagoGateway;

  beforeAll(async () => {
    fake = await startFakeMercadoPago(ACCOUNT);
    mp = await mercadoPagoGateway({ ...ACCOUNT, apiUrl: fake.url }, { maxRetries: 0 });
  });
  afterAll(() => fake.close());

  it("creates a Checkout Pro preference with the server's lines, shipping, sale and return addresses", async () => {
    const made = await mp.createCheckout(checkout(41));
    const preference = fake.preferences.get(made.preferenceId);
    expect(made.redirectUrl).toBe(preference?.init_point);
    expect(preference).toMatchObject({
      external_reference: 'venta-41',
      auto_return: 'approved',
      notification_url: 'https://tienda.example/api/pagos/mercadopago/webhook',
      back_urls: {
        success: 'https://tienda.example/pedido/41',
        pending: 'https://tienda.example/pedido/41',
        failure: 'https://tienda.example/pedido/41',
      },
      payer: { email: 'cliente@example.com' },
      expires: true,
      expiration_date_to: '2030-01-02T03:04:05.000Z',
      items: [
        { id: '11', title: 'Taza de barro', quantity: 2, unit_price: 129.5, currency_id: 'MXN' },
        { id: '12', title: 'Jarra', quantity: 1, unit_price: 300.05, currency_id: 'MXN' },
        { id: 'envio', title: 'Envío', quantity: 1, unit_price: 99, currency_id: 'MXN' },
      ],
    });
    // The request went out with the access token and the SDK's idempotency header on the POST.
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/checkout/preferences/');
    expect(request?.idempotencyKey).toBeTruthy();
  });

  it('writes whole pesos for CLP and refuses a CLP amount with cents instead of rounding it', async () => {
    const made = await mp.createCheckout(
      checkout(42, {
        currency: 'CLP',
        lines: [{ id: '1', title: 'Poncho', quantity: 1, unitCents: 1_299_000 }],
        shippingCents: 0,
      }),
    );
    expect(fake.preferences.get(made.preferenceId)?.items).toEqual([
      { id: '1', title: 'Poncho', quantity: 1, unit_price: 12_990, currency_id: 'CLP' },
    ]);
    await expect(
      mp.createCheckout(
        checkout(43, {
          currency: 'CLP',
          lines: [{ id: '1', title: 'x', quantity: 1, unitCents: 1_299_050 }],
        }),
      ),
    ).rejects.toThrow(RangeError);
  });

  it('reads a payment by id, and answers null for one Mercado Pago does not have', async () => {
    const made = await mp.createCheckout(checkout(44));
    const paid = fake.pay(made.preferenceId, 'approved');
    const payment = await mp.payment(String(paid.id));
    expect(payment).toMatchObject({
      id: String(paid.id),
      externalReference: 'venta-44',
      status: 'approved',
      standing: 'paid',
      amountCents: 2 * 12_950 + 30_005 + 9_900,
      refundedCents: 0,
      currency: 'MXN',
      methodId: 'visa',
      typeId: 'credit_card',
    });
    expect(payment?.approvedAt).toBeInstanceOf(Date);
    expect(await mp.payment('999999')).toBeNull();
  });

  it('finds every payment of a sale by its external reference, newest first', async () => {
    const made = await mp.createCheckout(checkout(45));
    const refused = fake.pay(made.preferenceId, 'rejected');
    const voucher = fake.pay(made.preferenceId, 'pending');
    await mp.createCheckout(checkout(46)).then((other) => fake.pay(other.preferenceId, 'approved'));
    const found = await mp.paymentsOf(45);
    expect(found.map((p) => [p.id, p.standing])).toEqual([
      [String(voucher.id), 'waiting'],
      [String(refused.id), 'failed'],
    ]);
    expect(await mp.paymentsOf(47)).toEqual([]);
  });

  it('refunds part then the rest with an idempotency key, never twice and never more than was paid', async () => {
    const made = await mp.createCheckout(checkout(48));
    const paymentId = String(fake.pay(made.preferenceId, 'approved').id);
    const part = await mp.refund({
      paymentId,
      amountCents: 10_000,
      currency: 'MXN',
      idempotencyKey: 'reembolso-1',
    });
    expect(part.status).toBe('succeeded');
    expect(fake.requests.at(-1)).toMatchObject({ idempotencyKey: 'reembolso-1', body: { amount: 100 } });
    // Asking again with the same key (a retry, the start-up settle) gives the first refund back.
    expect(
      await mp.refund({ paymentId, amountCents: 10_000, currency: 'MXN', idempotencyKey: 'reembolso-1' }),
    ).toEqual(part);
    expect((await mp.payment(paymentId))?.refundedCents).toBe(10_000);
    const tooMuch = await mp.refund({
      paymentId,
      amountCents: 100_000,
      currency: 'MXN',
      idempotencyKey: 'reembolso-2',
    });
    expect(tooMuch.status).toBe('failed');
    const rest = await mp.refund({
      paymentId,
      amountCents: null,
      currency: 'MXN',
      idempotencyKey: 'reembolso-3',
    });
    expect(rest.status).toBe('succeeded');
    expect(fake.requests.at(-1)?.body).toEqual({});
    expect(await mp.payment(paymentId)).toMatchObject({
      status: 'refunded',
      standing: 'refunded',
      refundedCents: 2 * 12_950 + 30_005 + 9_900,
    });
    // The refund's key did not stick to the next write: a new preference got a key of its own.
    await mp.createCheckout(checkout(49));
    expect(fake.requests.at(-1)?.idempotencyKey).not.toBe('reembolso-3');
  });

  it('throws when Mercado Pago cannot answer, so the caller keeps what is pending', async () => {
    fake.failure = 'down';
    try {
      await expect(mp.paymentsOf(45)).rejects.toThrow();
      await expect(
        mp.refund({ paymentId: '1', amountCents: 100, currency: 'MXN', idempotencyKey: 'reembolso-9' }),
      ).rejects.toThrow();
    } finally {
      fake.failure = null;
    }
  });

  it("refuses a wrong access token as Mercado Pago does (the SDK's 401)", async () => {
    const stranger = await mercadoPagoGateway(
      { ...ACCOUNT, accessToken: 'TEST-someone-else', apiUrl: fake.url },
      { maxRetries: 0 },
    );
    await expect(stranger.paymentsOf(45)).rejects.toThrow(/invalid access token/);
  });

  describe('notification signatures', () => {
    const notification = (secret: string, ts?: number, dataId = '1300000001') => {
      const requestId = 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e';
      return {
        signature: signNotification(secret, { dataId, requestId, ...(ts !== undefined && { ts }) }),
        requestId,
        dataId,
      };
    };

    it("accepts Mercado Pago's signature made with the webhook secret", () => {
      expect(mp.verifyNotification(notification(ACCOUNT.webhookSecret))).toBe('valid');
    });

    it('signs an alphanumeric id in lower case, as Mercado Pago does', () => {
      const signed = notification(ACCOUNT.webhookSecret, undefined, 'ABC123');
      expect(mp.verifyNotification(signed)).toBe('valid');
      expect(signed.signature).toBe(
        signNotification(ACCOUNT.webhookSecret, {
          dataId: 'abc123',
          requestId: signed.requestId,
          ts: Number(/ts=(\d+)/.exec(signed.signature)?.[1]),
        }),
      );
    });

    it('refuses another secret, another payment id, another request id, or no signature', () => {
      const good = notification(ACCOUNT.webhookSecret);
      expect(mp.verifyNotification(notification('another-secret-0123456789'))).toBe('bad');
      expect(mp.verifyNotification({ ...good, dataId: '1300000002' })).toBe('bad');
      expect(mp.verifyNotification({ ...good, requestId: 'another' })).toBe('bad');
      expect(mp.verifyNotification({ ...good, signature: undefined })).toBe('bad');
      expect(mp.verifyNotification({ ...good, signature: 'ts=abc,v1=00' })).toBe('bad');
    });

    it('refuses a signature older than five minutes (a replay) as stale', () => {
      const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
      expect(mp.verifyNotification(notification(ACCOUNT.webhookSecret, tenMinutesAgo))).toBe('stale');
      const fourMinutesAgo = Math.floor(Date.now() / 1000) - 240;
      expect(mp.verifyNotification(notification(ACCOUNT.webhookSecret, fourMinutesAgo))).toBe('valid');
    });
  });
});

describe('Mercado Pago amounts and statuses', () => {
  it("converts the shop's cents to Mercado Pago's decimal amounts and back, exactly", () => {
    for (const cents of [0, 1, 10, 99, 1_999, 12_345_678, 99_999_999_999_999]) {
      expect(shopCentsOf(mercadoPagoAmount(cents, 'ARS'))).toBe(cents);
    }
    expect(JSON.stringify(mercadoPagoAmount(123_450, 'ARS'))).toBe('1234.5');
    expect(mercadoPagoAmount(1_299_000, 'COP')).toBe(12_990);
    expect(() => mercadoPagoAmount(1_299_001, 'COP')).toThrow(RangeError);
    expect(() => shopCentsOf(10.005)).toThrow(RangeError);
    expect(() => shopCentsOf(-1)).toThrow(RangeError);
  });

  it('maps every Mercado Pago status to what the order needs', () => {
    expect(
      [
        'approved',
        'pending',
        'in_process',
        'authorized',
        'in_mediation',
        'rejected',
        'cancelled',
        'refunded',
        'charged_back',
      ].map(standingOf),
    ).toEqual([
      'paid',
      'waiting',
      'waiting',
      'waiting',
      'paid',
      'failed',
      'failed',
      'refunded',
      'charged_back',
    ]);
  });
});
