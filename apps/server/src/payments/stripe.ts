import type { CurrencyCode } from '@vitrina/shared';
import type Stripe from 'stripe';
import type { Config } from '../config';
import {
  type ChargeResult,
  chargeDescription,
  chargeKey,
  type DeclineCode,
  type PaymentProvider,
  type RefundResult,
} from './provider';

/*
 * The real card provider (PAYMENT_PROVIDER=stripe). The browser turns the card into a PaymentMethod with
 * Stripe.js, so no card number ever reaches this server; the server creates and confirms a PaymentIntent
 * for the total it computed, keyed by the sale so a retry never charges twice. A PaymentIntent that needs
 * 3-D Secure is finished in the browser with its client_secret (automatic confirmation: nothing is left
 * for the server to confirm afterwards, and Stripe's webhook reports the outcome).
 */

/** Where the SDK sends its requests; tests point it at a local fake (payments/test/fake-stripe.ts). */
export interface StripeApiOptions {
  host: string;
  port: number;
  protocol: 'http' | 'https';
  /** Retries of a failed request (always with the same idempotency key). */
  maxNetworkRetries?: number;
}

export type StripeKeys = NonNullable<Config['payments']['stripe']>;

export function stripeKeys(config: Config): StripeKeys {
  const keys = config.payments.stripe;
  if (!keys)
    throw new Error(
      'PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    );
  return keys;
}

/** Stripe's decline codes that the shop explains in Spanish (orders/settle-payment.ts); others are card_declined. */
const KNOWN_DECLINES: ReadonlySet<string> = new Set<DeclineCode>([
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
]);
const AUTHENTICATION_FAILURES: ReadonlySet<string> = new Set([
  'authentication_required',
  'authentication_failure',
  'payment_intent_authentication_failure',
  'three_d_secure_authentication_not_supported',
]);

/**
 * The shop's reason for a card error or a PaymentIntent's last_payment_error: the issuer's decline_code
 * first (it says "insufficient_funds" where the code only says "card_declined"), then the error code.
 */
export function declineCodeOf(error: { code?: string | null; decline_code?: string | null }): DeclineCode {
  for (const code of [error.decline_code, error.code]) {
    if (!code) continue;
    if (AUTHENTICATION_FAILURES.has(code)) return 'authentication_failed';
    if (code === 'invalid_cvc') return 'incorrect_cvc';
    if (KNOWN_DECLINES.has(code)) return code as DeclineCode;
  }
  return 'card_declined';
}

/** A PaymentIntent Stripe is still working on (`processing`): the sale must stay pending, not fail. */
export class StripeStillProcessing extends Error {
  constructor(readonly paymentIntent: string) {
    super(`Stripe is still processing ${paymentIntent}`);
  }
}

/** The card's brand and last four, from the expanded latest charge (or an expanded PaymentMethod). */
function cardOf(pi: Stripe.PaymentIntent): { brand: string | null; last4: string | null } {
  const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  const card =
    charge?.payment_method_details?.card ??
    (typeof pi.payment_method === 'object' ? pi.payment_method?.card : undefined);
  return { brand: card?.brand ?? null, last4: card?.last4 ?? null };
}

/** What a PaymentIntent means for the sale it was made for. */
export function chargeResultOf(pi: Stripe.PaymentIntent): ChargeResult {
  switch (pi.status) {
    case 'succeeded':
      return { status: 'succeeded', reference: pi.id, ...cardOf(pi) };
    // requires_confirmation only happens to manually confirmed intents, which this shop never creates; it is
    // waiting on the shopper's side all the same, so it ends like an abandoned extra step if nobody acts.
    case 'requires_action':
    case 'requires_confirmation':
      return { status: 'requires_action', reference: pi.id, clientSecret: pi.client_secret ?? '' };
    case 'requires_payment_method':
      return {
        status: 'declined',
        code: pi.last_payment_error ? declineCodeOf(pi.last_payment_error) : 'processing_error',
        reference: pi.id,
      };
    case 'canceled':
      return {
        status: 'declined',
        code: pi.last_payment_error
          ? declineCodeOf(pi.last_payment_error)
          : // 'abandoned' is how this provider cancels an extra step nobody finished.
            pi.cancellation_reason === 'abandoned'
            ? 'authentication_failed'
            : 'processing_error',
        reference: pi.id,
      };
    default:
      // processing (or requires_capture, which automatic capture never leaves us in): Stripe will decide
      // and its webhook will tell; until then the sale keeps its stock.
      throw new StripeStillProcessing(pi.id);
  }
}

/** What a Refund means for the shop: accepted (pending or succeeded) or refused (failed, canceled). */
export function refundResultOf(refund: Stripe.Refund): RefundResult {
  return refund.status === 'failed' || refund.status === 'canceled'
    ? { status: 'failed', reference: refund.id, reason: refund.failure_reason ?? refund.status }
    : { status: 'succeeded', reference: refund.id };
}

/** States from which a PaymentIntent can still take money, and Stripe lets us cancel it. */
const CANCELLABLE = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
  'processing',
]);

/** Stripe names currencies by their ISO code in lower case. */
const stripeCurrency = (currency: CurrencyCode) => currency.toLowerCase();

/** The shop's currencies Stripe counts in whole units (its zero-decimal list); the others in cents. */
const ZERO_DECIMAL: ReadonlySet<string> = new Set<CurrencyCode>(['CLP']);

/**
 * The shop's cents (hundredths of a unit, in every currency) as Stripe's amount: 1299000 is 12990 in
 * CLP. The shop refuses prices with cents in CLP, so the division is exact; if it is not (a price from
 * before the shop changed currency), nothing is charged rather than a rounded amount.
 */
export function stripeAmount(cents: number, currency: CurrencyCode): number {
  if (!ZERO_DECIMAL.has(currency)) return cents;
  if (cents % 100 !== 0) throw new RangeError(`${currency} has no cents at Stripe: ${cents / 100}`);
  return cents / 100;
}

/** A Stripe amount (an event's, a PaymentIntent's) back in the shop's cents. */
export const shopCents = (amount: number, stripeCurrencyCode: string): number =>
  ZERO_DECIMAL.has(stripeCurrencyCode.toUpperCase()) ? amount * 100 : amount;

/**
 * About Stripe's smallest charge in each currency (half a dollar, ten Mexican pesos), in whole units:
 * only used for the unconfirmed placeholder of `cancel`, which Stripe refuses below it.
 */
const PLACEHOLDER_UNITS: Readonly<Record<CurrencyCode, number>> = {
  USD: 0.5,
  EUR: 0.5,
  MXN: 10,
  PEN: 2,
  ARS: 1000,
  COP: 3000,
  CLP: 1000,
  UYU: 50,
};

/**
 * The SDK is loaded when a shop takes payments with Stripe, not at every start: loading it costs about a
 * tenth of a second, and a shop on the sandbox never needs it.
 */
export const loadStripe = async (): Promise<typeof Stripe> => (await import('stripe')).default;

function stripeClient(sdk: typeof Stripe, secretKey: string, api?: StripeApiOptions): Stripe {
  return new sdk(secretKey, {
    // A checkout waits for this answer; past it the sale stays pending and is settled later.
    timeout: 20_000,
    // Safe: every POST is retried with its idempotency key (ours for charges, the SDK's otherwise).
    maxNetworkRetries: api?.maxNetworkRetries ?? 2,
    appInfo: { name: 'Vitrina' },
    ...(api && { host: api.host, port: api.port, protocol: api.protocol }),
  });
}

export async function stripeProvider(config: Config, api?: StripeApiOptions): Promise<PaymentProvider> {
  const sdk = await loadStripe();
  const stripe = stripeClient(sdk, stripeKeys(config).secretKey, api);
  const { errors } = sdk;
  const isStripeError = (err: unknown, code: string) =>
    err instanceof errors.StripeInvalidRequestError && err.code === code;

  async function retrieve(id: string): Promise<Stripe.PaymentIntent | null> {
    try {
      return await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
    } catch (err) {
      if (isStripeError(err, 'resource_missing')) return null;
      throw err;
    }
  }

  /**
   * The sale's PaymentIntent found by its metadata, for a sale whose charge answer never arrived. Search
   * is eventually consistent (about a minute), which `cancel` accounts for. The one that took money wins.
   */
  async function findBySale(saleId: number): Promise<Stripe.PaymentIntent | null> {
    const found = await stripe.paymentIntents.search({
      query: `metadata['id_venta']:'${saleId}'`,
      expand: ['data.latest_charge'],
      limit: 10,
    });
    const rank = (pi: Stripe.PaymentIntent) =>
      pi.status === 'succeeded' ? 0 : pi.status === 'canceled' ? 2 : 1;
    return [...found.data].sort((a, b) => rank(a) - rank(b) || b.created - a.created)[0] ?? null;
  }

  const find = (saleId: number, reference: string | null) =>
    reference ? retrieve(reference).then((pi) => pi ?? findBySale(saleId)) : findBySale(saleId);

  /** Cancels a PaymentIntent that could still take money; one that won the race reports its success. */
  async function cancelIntent(pi: Stripe.PaymentIntent, reason?: 'abandoned'): Promise<ChargeResult> {
    if (!CANCELLABLE.has(pi.status)) return chargeResultOf(pi);
    try {
      return chargeResultOf(
        await stripe.paymentIntents.cancel(pi.id, {
          ...(reason && { cancellation_reason: reason }),
          expand: ['latest_charge'],
        }),
      );
    } catch (err) {
      // It moved on meanwhile (succeeded, or another process cancelled it): report where it ended.
      if (!isStripeError(err, 'payment_intent_unexpected_state')) throw err;
      const now = await retrieve(pi.id);
      if (!now) throw err;
      return chargeResultOf(now);
    }
  }

  return {
    name: 'stripe',

    async charge(request) {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: stripeAmount(request.amountCents, request.currency),
            currency: stripeCurrency(request.currency),
            payment_method: request.paymentMethodId,
            allowed_payment_method_types: ['card'],
            confirm: true,
            metadata: { id_venta: String(request.saleId), id_usuario: String(request.customerId) },
            description: chargeDescription(config.shopName, request.saleId),
            // The card's brand and last four come with the answer: no second request.
            expand: ['latest_charge'],
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return chargeResultOf(pi);
      } catch (err) {
        if (err instanceof errors.StripeCardError) {
          return { status: 'declined', code: declineCodeOf(err), reference: err.payment_intent?.id ?? null };
        }
        // A payment method that does not exist (or was already used) is refused like a bad card, as the
        // sandbox does; any other failure leaves the sale pending (the caller answers 502).
        if (err instanceof errors.StripeInvalidRequestError && err.param === 'payment_method') {
          return { status: 'declined', code: 'card_declined', reference: err.payment_intent?.id ?? null };
        }
        throw err;
      }
    },

    async lookup(saleId, reference) {
      const pi = await find(saleId, reference);
      return pi ? chargeResultOf(pi) : { status: 'not_found' };
    },

    async refundOutcome(reference) {
      return refundResultOf(await stripe.refunds.retrieve(reference));
    },

    async refund(request) {
      try {
        // Stripe forgets an idempotency key after 24 hours: a refund still pending by then (the provider
        // was unreachable that long) is first looked for among the charge's refunds by the shop's record,
        // so asking again never refunds twice.
        for await (const made of stripe.refunds.list({
          payment_intent: request.chargeReference,
          limit: 100,
        })) {
          if (made.metadata?.id_reembolso === String(request.refundId)) return refundResultOf(made);
        }
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.chargeReference,
            amount: stripeAmount(request.amountCents, request.currency),
            metadata: { id_venta: String(request.saleId), id_reembolso: String(request.refundId) },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return refundResultOf(refund);
      } catch (err) {
        // Refused for good (already refunded, more than the charge, a charge that did not succeed): nothing
        // was refunded. Anything else (network, Stripe down) is thrown: the refund stays pending.
        if (err instanceof errors.StripeInvalidRequestError) {
          return { status: 'failed', reference: null, reason: err.code ?? 'invalid_request' };
        }
        throw err;
      }
    },

    async cancel(saleId, reference) {
      const pi = await find(saleId, reference);
      if (pi) return cancelIntent(pi, 'abandoned');
      // Nothing found, but search lags and a slow process may still be sending the charge. Taking the
      // sale's idempotency key with an unconfirmed placeholder makes that late charge fail at Stripe
      // (same key, other parameters) instead of taking money for a sale about to be failed. If the key is
      // already taken, a real charge exists: the error leaves the sale pending for the next settle.
      const placeholder = await stripe.paymentIntents.create(
        {
          amount: stripeAmount(Math.round(PLACEHOLDER_UNITS[config.currency] * 100), config.currency),
          currency: stripeCurrency(config.currency),
          allowed_payment_method_types: ['card'],
          metadata: { id_venta: String(saleId), anulacion: 'sin_cobro' },
          description: `${chargeDescription(config.shopName, saleId)} anulada sin cobro`,
        },
        { idempotencyKey: chargeKey(saleId) },
      );
      return cancelIntent(placeholder);
    },
  };
}
