import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeApiOptions } from '../payments/stripe';

/*
 * A local stand-in for api.stripe.com that answers exactly the calls payments/stripe.ts makes, with the
 * shapes of Stripe's API reference: PaymentIntents create (form-encoded, confirm=true), retrieve, search
 * by metadata, cancel; Refunds create and retrieve (partial or whole, never more than the charge took);
 * `expand` of latest_charge; card errors as HTTP 402; and Idempotency-Key replays
 * (same key and parameters → the first answer again; same key, other parameters → idempotency_error).
 * Test payment methods behave like Stripe's test tokens.
 */

type Json = Record<string, unknown>;

interface TestCard {
  brand: string;
  last4: string;
  /** What confirming a PaymentIntent with it does. */
  outcome:
    | { kind: 'succeed' }
    | { kind: 'requires_action' }
    | { kind: 'decline'; code: string; decline_code?: string; message: string };
}

/** Stripe's test PaymentMethod tokens (docs: Testing → Cards → Declined payments / 3D Secure). */
export const FAKE_STRIPE_TEST_CARDS: Readonly<Record<string, TestCard>> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: { kind: 'succeed' } },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: { kind: 'succeed' } },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    outcome: {
      kind: 'decline',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    outcome: {
      kind: 'decline',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    outcome: { kind: 'decline', code: 'expired_card', message: 'Your card has expired.' },
  },
  pm_card_chargeDeclinedIncorrectCvc: {
    brand: 'visa',
    last4: '0127',
    outcome: { kind: 'decline', code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  },
  pm_card_chargeDeclinedProcessingError: {
    brand: 'visa',
    last4: '0119',
    outcome: {
      kind: 'decline',
      code: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
  },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3155', outcome: { kind: 'requires_action' } },
};

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: Json;
}

/**
 * - `down`: every call answers 500 api_error (with Stripe-Should-Retry: false) and records nothing;
 * - `lost`: the call is carried out (and its idempotent answer stored) but the connection drops before the
 *   answer, like a network failure after Stripe did the work;
 * - `lost-writes`: the same for POST calls only, while reads are answered (a refund asked for after a
 *   look-up that found nothing).
 */
export type FakeStripeFailure = 'down' | 'lost' | 'lost-writes' | null;

export interface FakeStripe {
  /** For stripeProvider / buildApp({ stripeApi }). */
  api: StripeApiOptions;
  /** Every PaymentIntent, by id, as Stripe stores it (latest_charge as an id). */
  intents: Map<string, Json>;
  /** Every Refund, by id. */
  refunds: Map<string, Json>;
  requests: RecordedRequest[];
  failure: FakeStripeFailure;
  /** The PaymentIntents created for a sale (metadata.id_venta). */
  intentsOf(idVenta: number): Json[];
  /** What the browser's stripe.handleNextAction does: the shopper passes or fails 3-D Secure. */
  completeAction(id: string, outcome: 'succeeded' | 'failed'): Json;
  /** A webhook body for an event about a PaymentIntent, as Stripe sends it (unexpanded object). */
  eventPayload(type: string, id: string): string;
  /** A webhook body about a refund: `refund.updated` carries the Refund, `charge.refunded` its Charge. */
  refundEventPayload(type: 'refund.updated' | 'charge.refunded', refundId: string): string;
  /** What Stripe does to a key 24 hours after its first use: forgets it, so a retry makes a new object. */
  forgetIdempotencyKeys(): void;
  /** What Stripe does when the bank sends a refund's money back (a closed card): the Refund fails later. */
  failRefund(id: string, reason: string): void;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`metadata[id_venta]=1&expand[0]=latest_charge`) back into an object. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const [head = '', ...rest] = key.split('[').map((part) => part.replace(/\]$/, ''));
    const path = [head, ...rest];
    let node: Json = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(path[i + 1] ?? '');
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Json;
    });
  }
  return root;
}

const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];

export async function startFakeStripe({ secretKey }: { secretKey: string }): Promise<FakeStripe> {
  const intents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const requests: RecordedRequest[] = [];
  /** Idempotency-Key → the request it was first used with and the answer given. */
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();

  function charge(pi: Json, card: TestCard, status: 'succeeded' | 'failed', failure?: Json): string {
    const id = newId('ch');
    charges.set(id, {
      id,
      object: 'charge',
      amount: pi.amount,
      amount_captured: status === 'succeeded' ? pi.amount : 0,
      amount_refunded: 0,
      refunded: false,
      currency: pi.currency,
      created: now(),
      captured: status === 'succeeded',
      paid: status === 'succeeded',
      status,
      failure_code: failure?.code ?? null,
      failure_message: failure?.message ?? null,
      livemode: false,
      metadata: pi.metadata,
      outcome: { type: status === 'succeeded' ? 'authorized' : 'issuer_declined' },
      payment_intent: pi.id,
      payment_method: pi.payment_method,
      payment_method_details: {
        type: 'card',
        card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034, funding: 'credit' },
      },
    });
    return id;
  }

  /** A PaymentIntent as the API answers it, with latest_charge expanded when asked. */
  function view(pi: Json, expand: string[], prefix = ''): Json {
    const expanded = expand.includes(`${prefix}latest_charge`) && typeof pi.latest_charge === 'string';
    return expanded ? { ...pi, latest_charge: charges.get(pi.latest_charge as string) ?? null } : { ...pi };
  }

  const error = (status: number, body: Json) => ({ status, body: { error: body } });

  function confirm(pi: Json): { status: number; body: Json } | undefined {
    const card = FAKE_STRIPE_TEST_CARDS[pi.payment_method as string];
    if (!card) return undefined;
    const { outcome } = card;
    if (outcome.kind === 'succeed') {
      Object.assign(pi, {
        status: 'succeeded',
        amount_received: pi.amount,
        latest_charge: charge(pi, card, 'succeeded'),
      });
      return undefined;
    }
    if (outcome.kind === 'requires_action') {
      Object.assign(pi, {
        status: 'requires_action',
        next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} },
      });
      return undefined;
    }
    const failure = {
      type: 'card_error',
      code: outcome.code,
      ...(outcome.decline_code && { decline_code: outcome.decline_code }),
      message: outcome.message,
    };
    const chargeId = charge(pi, card, 'failed', failure);
    Object.assign(pi, {
      status: 'requires_payment_method',
      latest_charge: chargeId,
      last_payment_error: { ...failure, charge: chargeId, payment_method: { id: pi.payment_method } },
    });
    return error(402, { ...failure, charge: chargeId, payment_intent: { ...pi } });
  }

  function createIntent(params: Json): { status: number; body: Json } {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50) {
      return error(400, {
        type: 'invalid_request_error',
        code: 'amount_too_small',
        param: 'amount',
        message: 'Amount must be at least $0.50 usd',
      });
    }
    const paymentMethod = typeof params.payment_method === 'string' ? params.payment_method : null;
    if (paymentMethod && !FAKE_STRIPE_TEST_CARDS[paymentMethod]) {
      return error(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: `No such PaymentMethod: '${paymentMethod}'`,
      });
    }
    const id = newId('pi');
    const pi: Json = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      allowed_payment_method_types: list(params.allowed_payment_method_types),
      payment_method_types: list(params.allowed_payment_method_types),
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      created: now(),
      currency: params.currency,
      description: params.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: (params.metadata as Json | undefined) ?? {},
      next_action: null,
      payment_method: paymentMethod,
      status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
    };
    intents.set(id, pi);
    if (params.confirm === 'true') {
      const declined = confirm(pi);
      if (declined) return declined;
    }
    return { status: 200, body: view(pi, list(params.expand)) };
  }

  /** POST /v1/refunds: part or all of what a succeeded PaymentIntent's charge took and has not given back. */
  function createRefund(params: Json): { status: number; body: Json } {
    const pi = intents.get(String(params.payment_intent ?? ''));
    const charge = typeof pi?.latest_charge === 'string' ? charges.get(pi.latest_charge) : undefined;
    if (pi?.status !== 'succeeded' || !charge) {
      return error(400, {
        type: 'invalid_request_error',
        code: pi ? 'charge_not_refundable' : 'resource_missing',
        param: 'payment_intent',
        message: pi
          ? `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`
          : `No such payment_intent: '${String(params.payment_intent)}'`,
      });
    }
    const left = Number(charge.amount) - Number(charge.amount_refunded);
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (left === 0) {
      return error(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${charge.id} has already been refunded.`,
      });
    }
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      return error(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
      });
    }
    const id = newId('re');
    const refund: Json = {
      id,
      object: 'refund',
      amount,
      balance_transaction: newId('txn'),
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      failure_reason: null,
      metadata: (params.metadata as Json | undefined) ?? {},
      payment_intent: pi.id,
      reason: null,
      status: 'succeeded',
    };
    refunds.set(id, refund);
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return { status: 200, body: { ...refund } };
  }

  const CANCELLABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'];

  function route(method: string, path: string, params: Json): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params);
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      const match = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(String(params.query ?? ''));
      if (!match) return error(400, { type: 'invalid_request_error', message: 'Unsupported search query' });
      const [, key = '', value] = match;
      const data = [...intents.values()]
        .filter((pi) => (pi.metadata as Json)[key] === value)
        .sort((a, b) => Number(b.created) - Number(a.created))
        .map((pi) => view(pi, list(params.expand), 'data.'));
      return {
        status: 200,
        body: {
          object: 'search_result',
          data,
          has_more: false,
          next_page: null,
          url: '/v1/payment_intents/search',
        },
      };
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    if (method === 'GET' && path === '/v1/refunds') {
      // Newest first, filtered by payment_intent; one page (a shop's charge has a handful of refunds).
      const data = [...refunds.values()]
        .filter((r) => params.payment_intent === undefined || r.payment_intent === params.payment_intent)
        .sort((a, b) => Number(b.created) - Number(a.created))
        .map((r) => ({ ...r }));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
    }
    const oneRefund = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && oneRefund) {
      const refund = refunds.get(oneRefund[1] ?? '');
      return refund
        ? { status: 200, body: { ...refund } }
        : error(404, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'id',
            message: `No such refund: '${oneRefund[1]}'`,
          });
    }
    const one = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
    const pi = one?.[1] ? intents.get(one[1]) : undefined;
    if (!one || !pi) {
      return error(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${one?.[1] ?? path}'`,
      });
    }
    if (method === 'GET' && !one[2]) return { status: 200, body: view(pi, list(params.expand)) };
    if (method === 'POST' && one[2]) {
      if (!CANCELLABLE.includes(pi.status as string)) {
        return error(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
          payment_intent: { ...pi },
        });
      }
      Object.assign(pi, {
        status: 'canceled',
        canceled_at: now(),
        cancellation_reason: params.cancellation_reason ?? null,
        next_action: null,
      });
      return { status: 200, body: view(pi, list(params.expand)) };
    }
    return error(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path})`,
    });
  }

  const fake: FakeStripe = {
    api: { host: '127.0.0.1', port: 0, protocol: 'http', maxNetworkRetries: 0 },
    intents,
    refunds,
    requests,
    failure: null,
    intentsOf: (idVenta) =>
      [...intents.values()].filter((pi) => (pi.metadata as Json).id_venta === String(idVenta)),
    completeAction(id, outcome) {
      const pi = intents.get(id);
      if (pi?.status !== 'requires_action')
        throw new Error(`fake stripe: ${id} is not waiting for an action`);
      const card = FAKE_STRIPE_TEST_CARDS[pi.payment_method as string] as TestCard;
      if (outcome === 'succeeded') {
        Object.assign(pi, {
          status: 'succeeded',
          next_action: null,
          amount_received: pi.amount,
          latest_charge: charge(pi, card, 'succeeded'),
        });
      } else {
        Object.assign(pi, {
          status: 'requires_payment_method',
          next_action: null,
          last_payment_error: {
            type: 'card_error',
            code: 'payment_intent_authentication_failure',
            message:
              'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
          },
        });
      }
      return { ...pi };
    },
    eventPayload(type, id) {
      const pi = intents.get(id);
      if (!pi) throw new Error(`fake stripe: no PaymentIntent ${id}`);
      return JSON.stringify(
        {
          id: newId('evt'),
          object: 'event',
          api_version: '2026-10-28.endive',
          created: now(),
          data: { object: { ...pi } },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type,
        },
        null,
        2,
      );
    },
    refundEventPayload(type, refundId) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`fake stripe: no Refund ${refundId}`);
      const object = type === 'refund.updated' ? refund : charges.get(refund.charge as string);
      return JSON.stringify({
        id: newId('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: now(),
        data: { object: { ...object } },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
    },
    forgetIdempotencyKeys() {
      idempotent.clear();
    },
    failRefund(id, reason) {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`fake stripe: no Refund ${id}`);
      Object.assign(refund, { status: 'failed', failure_reason: reason });
      const charge = charges.get(refund.charge as string);
      if (charge) {
        charge.amount_refunded = Number(charge.amount_refunded) - Number(refund.amount);
        charge.refunded = false;
      }
    },
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
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const method = req.method ?? 'GET';
    const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : raw);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), ...headers });
      res.end(body);
    };
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      send(
        401,
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }),
      );
      return;
    }
    if (fake.failure === 'down') {
      const body = { error: { type: 'api_error', message: 'An unknown error occurred' } };
      send(500, JSON.stringify(body), { 'stripe-should-retry': 'false' });
      return;
    }
    requests.push({ method, path: url.pathname, idempotencyKey, params });

    let answer: { status: number; body: string; replayed?: boolean };
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    const seen = method === 'POST' && idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (seen && seen.fingerprint !== fingerprint) {
      answer = {
        status: 400,
        body: JSON.stringify({
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        }),
      };
    } else if (seen) {
      answer = { status: seen.status, body: seen.body, replayed: true };
    } else {
      const result = route(method, url.pathname, params);
      answer = { status: result.status, body: JSON.stringify(result.body) };
      if (method === 'POST' && idempotencyKey) idempotent.set(idempotencyKey, { fingerprint, ...answer });
    }
    if (fake.failure === 'lost' || (fake.failure === 'lost-writes' && method === 'POST')) {
      res.socket?.destroy();
      return;
    }
    send(answer.status, answer.body, answer.replayed ? { 'idempotent-replayed': 'true' } : {});
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  fake.api.port = (server.address() as AddressInfo).port;
  return fake;
}
