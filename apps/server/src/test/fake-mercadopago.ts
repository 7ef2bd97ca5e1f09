import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signNotification } from '../payments/mercadopago-signature';

/*
 * A local stand-in for api.mercadopago.com that answers the calls payments/mercadopago.ts makes through the
 * official SDK, with the shapes of Mercado Pago's API reference: POST /checkout/preferences, GET
 * /v1/payments/:id, GET /v1/payments/search (external_reference, sort, criteria), POST
 * /v1/payments/:id/refunds (whole without an amount, partial with one, never more than is left), the
 * Bearer access token, and X-Idempotency-Key replays (the same key answers the first answer again). A test
 * plays the shopper with `pay` and Mercado Pago's back office with `setStatus`; `notification` builds the
 * webhook Mercado Pago would send, signed as it signs.
 */

type Json = Record<string, unknown>;

/** What the shopper does on Checkout Pro: pays (approved), prints a cash voucher (pending), is refused. */
export type FakePayOutcome = 'approved' | 'pending' | 'in_process' | 'rejected';

export interface FakeNotification {
  /** The preference's notification_url with `?data.id=…&type=payment`, as Mercado Pago calls it. */
  url: string;
  headers: Record<string, string>;
  payload: string;
}

export interface FakeMercadoPago {
  /** For MERCADOPAGO_API_URL. */
  url: string;
  preferences: Map<string, Json>;
  payments: Map<string, Json>;
  requests: { method: string; path: string; idempotencyKey: string | undefined; body: Json | null }[];
  /**
   * `down`: every call answers 500 and records nothing; `lost-writes`: a POST is carried out (and its
   * idempotent answer kept) but the connection drops before the answer, as a network failure after
   * Mercado Pago did the work.
   */
  failure: 'down' | 'lost-writes' | null;
  /** The shopper pays a preference on Checkout Pro; returns the payment Mercado Pago made. */
  pay(preferenceId: string, outcome: FakePayOutcome, method?: { id: string; type: string }): Json;
  /** What happens to a payment later: a voucher paid (approved) or expired (cancelled), a chargeback. */
  setStatus(paymentId: string, status: string): Json;
  /** The webhook Mercado Pago sends about a payment (action payment.created or payment.updated). */
  notification(
    paymentId: string,
    options?: { secret?: string; ts?: number; action?: string; requestId?: string },
  ): FakeNotification;
  preferenceOf(saleId: number): Json | undefined;
  close(): Promise<void>;
}

const now = () => new Date().toISOString().replace('Z', '-00:00');
const units = (items: Json[]) =>
  Math.round(items.reduce((sum, i) => sum + Number(i.unit_price) * Number(i.quantity) * 100, 0)) / 100;

export async function startFakeMercadoPago({
  accessToken,
  webhookSecret,
}: {
  accessToken: string;
  webhookSecret: string;
}): Promise<FakeMercadoPago> {
  const preferences = new Map<string, Json>();
  const payments = new Map<string, Json>();
  const requests: FakeMercadoPago['requests'] = [];
  const idempotent = new Map<string, { status: number; body: string }>();
  let nextPayment = 1_300_000_001;
  let nextRefund = 2_100_000_001;

  const error = (status: number, message: string, code = 'bad_request') => ({
    status,
    body: { message, error: code, status, cause: [{ code: status, description: message }] },
  });

  function createPreference(body: Json): { status: number; body: Json } {
    const items = Array.isArray(body.items) ? (body.items as Json[]) : [];
    if (items.length === 0) return error(400, 'items needed');
    for (const item of items) {
      const price = Number(item.unit_price);
      if (!Number.isFinite(price) || price <= 0) return error(400, 'unit_price invalid');
      if (['CLP', 'COP'].includes(String(item.currency_id)) && !Number.isInteger(price))
        return error(400, 'unit_price invalid: whole numbers only for this currency');
      if (!Number.isInteger(Number(item.quantity)) || Number(item.quantity) <= 0)
        return error(400, 'quantity invalid');
    }
    const backUrls = (body.back_urls as Json | undefined) ?? {};
    if (body.auto_return && !backUrls.success)
      return error(400, 'auto_return invalid. back_url.success must be defined', 'invalid_auto_return');
    const id = `202809963-${randomUUID()}`;
    const preference: Json = {
      ...body,
      id,
      collector_id: 202809963,
      client_id: '6295877106812064',
      date_created: now(),
      operation_type: 'regular_payment',
      init_point: `https://www.mercadopago.com/checkout/v1/redirect?pref_id=${id}`,
      sandbox_init_point: `https://sandbox.mercadopago.com/checkout/v1/redirect?pref_id=${id}`,
    };
    preferences.set(id, preference);
    return { status: 201, body: preference };
  }

  function refundPayment(payment: Json | undefined, body: Json): { status: number; body: Json } {
    if (!payment) return error(404, 'Payment not found', 'not_found');
    if (payment.status !== 'approved')
      return error(400, 'Payment not refundable: status is not approved', 'invalid_status');
    const amount = Number(payment.transaction_amount);
    const refunded = Number(payment.transaction_amount_refunded);
    const left = Math.round((amount - refunded) * 100) / 100;
    const asked = body.amount === undefined ? left : Number(body.amount);
    if (!(asked > 0) || Math.round(asked * 100) > Math.round(left * 100))
      return error(
        400,
        'Invalid refund amount: the amount exceeds what is left of the payment',
        'invalid_refund_amount',
      );
    const refund = {
      id: nextRefund++,
      payment_id: Number(payment.id),
      amount: asked,
      metadata: {},
      source: { id: '202809963', name: 'Vitrina', type: 'collector' },
      date_created: now(),
      unique_sequence_number: null,
      refund_mode: 'standard',
      adjustment_amount: 0,
      status: 'approved',
      reason: null,
      amount_refunded_to_payer: asked,
    };
    (payment.refunds as Json[]).push(refund);
    payment.transaction_amount_refunded = Math.round((refunded + asked) * 100) / 100;
    if (Math.round(Number(payment.transaction_amount_refunded) * 100) === Math.round(amount * 100)) {
      payment.status = 'refunded';
      payment.status_detail = 'refunded';
    }
    payment.date_last_updated = now();
    return { status: 201, body: refund };
  }

  function route(method: string, url: URL, body: Json | null): { status: number; body: Json } {
    const path = url.pathname.replace(/\/$/, '');
    if (method === 'POST' && path === '/checkout/preferences') return createPreference(body ?? {});
    if (method === 'GET' && path === '/v1/payments/search') {
      const reference = url.searchParams.get('external_reference');
      const descending = url.searchParams.get('criteria') !== 'asc';
      const results = [...payments.values()]
        .filter((p) => reference === null || p.external_reference === reference)
        .sort((a, b) => (Number(a.id) - Number(b.id)) * (descending ? -1 : 1));
      const limit = Number(url.searchParams.get('limit') ?? 30);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return {
        status: 200,
        body: {
          paging: { total: results.length, limit, offset },
          results: results.slice(offset, offset + limit),
        },
      };
    }
    const refunds = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(path);
    if (method === 'POST' && refunds) return refundPayment(payments.get(refunds[1] ?? ''), body ?? {});
    const one = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const payment = payments.get(one[1] ?? '');
      return payment ? { status: 200, body: payment } : error(404, 'Payment not found', 'not_found');
    }
    return error(404, `Resource ${path} not found`, 'not_found');
  }

  const fake: FakeMercadoPago = {
    url: '',
    preferences,
    payments,
    requests,
    failure: null,
    pay(preferenceId, outcome, method) {
      const preference = preferences.get(preferenceId);
      if (!preference) throw new Error(`fake mercado pago: no preference ${preferenceId}`);
      const items = preference.items as Json[];
      const paidWith =
        method ??
        (outcome === 'pending' ? { id: 'oxxo', type: 'ticket' } : { id: 'visa', type: 'credit_card' });
      const id = String(nextPayment++);
      const payment: Json = {
        id: Number(id),
        date_created: now(),
        date_approved: outcome === 'approved' ? now() : null,
        date_last_updated: now(),
        money_release_date: null,
        operation_type: 'regular_payment',
        payment_method_id: paidWith.id,
        payment_type_id: paidWith.type,
        status: outcome,
        status_detail: {
          approved: 'accredited',
          pending: 'pending_waiting_payment',
          in_process: 'pending_review_manual',
          rejected: 'cc_rejected_insufficient_amount',
        }[outcome],
        currency_id: String(items[0]?.currency_id ?? 'MXN'),
        description: String(items[0]?.title ?? ''),
        live_mode: false,
        collector_id: 202809963,
        external_reference: preference.external_reference ?? null,
        metadata: preference.metadata ?? {},
        transaction_amount: units(items),
        transaction_amount_refunded: 0,
        installments: 1,
        notification_url: preference.notification_url ?? null,
        refunds: [],
        ...(paidWith.type === 'credit_card' && { card: { last_four_digits: '4242' } }),
        transaction_details: {
          external_resource_url:
            paidWith.type === 'ticket'
              ? `https://www.mercadopago.com.mx/payments/${id}/ticket?caller_id=1`
              : null,
        },
      };
      payments.set(id, payment);
      return { ...payment };
    },
    setStatus(paymentId, status) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`fake mercado pago: no payment ${paymentId}`);
      Object.assign(payment, {
        status,
        status_detail: status === 'approved' ? 'accredited' : status === 'cancelled' ? 'expired' : status,
        date_last_updated: now(),
        ...(status === 'approved' && { date_approved: now() }),
      });
      return { ...payment };
    },
    notification(
      paymentId,
      { secret = webhookSecret, ts, action = 'payment.updated', requestId = randomUUID() } = {},
    ) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`fake mercado pago: no payment ${paymentId}`);
      const target = new URL(String(payment.notification_url));
      target.searchParams.set('data.id', paymentId);
      target.searchParams.set('type', 'payment');
      return {
        url: target.toString(),
        headers: {
          'content-type': 'application/json',
          'x-request-id': requestId,
          'x-signature': signNotification(secret, {
            dataId: paymentId,
            requestId,
            ...(ts !== undefined && { ts }),
          }),
        },
        payload: JSON.stringify({
          action,
          api_version: 'v1',
          data: { id: paymentId },
          date_created: now(),
          id: Date.now(),
          live_mode: false,
          type: 'payment',
          user_id: '202809963',
        }),
      };
    },
    preferenceOf: (saleId) =>
      [...preferences.values()].find((p) => p.external_reference === `venta-${saleId}`),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake-mercadopago');
    const method = req.method ?? 'GET';
    const idempotencyKey = req.headers['x-idempotency-key'] as string | undefined;
    const send = (status: number, body: string) => {
      res.writeHead(status, {
        'content-type': 'application/json;charset=UTF-8',
        'x-request-id': randomUUID(),
      });
      res.end(body);
    };
    if (req.headers.authorization !== `Bearer ${accessToken}`) {
      send(
        401,
        JSON.stringify({ message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] }),
      );
      return;
    }
    if (fake.failure === 'down') {
      send(
        500,
        JSON.stringify({ message: 'Internal server error', error: 'internal_error', status: 500, cause: [] }),
      );
      return;
    }
    let body: Json | null = null;
    if (raw) {
      try {
        body = JSON.parse(raw) as Json;
      } catch {
        send(
          400,
          JSON.stringify({ message: 'Malformed JSON', error: 'bad_request', status: 400, cause: [] }),
        );
        return;
      }
    }
    requests.push({ method, path: url.pathname, idempotencyKey, body });
    const seen = method === 'POST' && idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (seen) {
      send(seen.status, seen.body);
      return;
    }
    const answer = route(method, url, body);
    const text = JSON.stringify(answer.body);
    if (method === 'POST' && idempotencyKey && answer.status < 500)
      idempotent.set(idempotencyKey, { status: answer.status, body: text });
    if (fake.failure === 'lost-writes' && method === 'POST') {
      res.socket?.destroy();
      return;
    }
    send(answer.status, text);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: String(err), error: 'internal_error', status: 500, cause: [] }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
