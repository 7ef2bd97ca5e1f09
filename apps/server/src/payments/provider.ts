import type { CurrencyCode, PAYMENT_PROVIDERS } from '@vitrina/shared';

/*
 * The payment provider behind checkout (DESIGN.md). The server computes the amount; the provider only
 * charges it. Every charge carries an idempotency key derived from the sale, so a retried charge never
 * charges twice.
 */

export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export interface ChargeRequest {
  saleId: number;
  /** Hundredths of a unit, as the shop counts every currency; each adapter charges its own minor units. */
  amountCents: number;
  /** The shop's one currency (SHOP_CURRENCY). */
  currency: CurrencyCode;
  /** The payment method the browser created (sandbox: pm_sandbox_…, Stripe: pm_…). */
  paymentMethodId: string;
  /** The buyer's id_usuario: a payment method created by another account must not be charged. */
  /** The buying account; null for a guest's order. */
  customerId: number | null;
  /** Derived from the sale id: the same sale is never charged twice. */
  idempotencyKey: string;
}

export type DeclineCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'authentication_failed'
  | 'processing_error';

export type ChargeResult =
  | { status: 'succeeded'; reference: string; brand: string | null; last4: string | null }
  /** The customer must confirm in the browser (3-D Secure); `clientSecret` lets the browser do it. */
  | { status: 'requires_action'; reference: string; clientSecret: string }
  | { status: 'declined'; code: DeclineCode; reference: string | null };

export interface RefundRequest {
  saleId: number;
  /** The charge to refund: the sale's pago_referencia (sandbox: ch_sandbox_…, Stripe: the PaymentIntent). */
  chargeReference: string;
  /** Hundredths of a unit, like ChargeRequest's. */
  amountCents: number;
  currency: CurrencyCode;
  /** Derived from the shop's refund record: asking again (a retry, the start-up settle) never refunds twice. */
  idempotencyKey: string;
  /** The shop's refund record, so the provider's reports name it. */
  refundId: number;
}

/**
 * `succeeded`: the money is on its way back (Stripe may still say 'pending' for a while; the card network
 * does not refuse a refund the provider accepted). `failed`: the provider refused it (nothing was refunded).
 */
export type RefundResult =
  | { status: 'succeeded'; reference: string }
  | { status: 'failed'; reference: string | null; reason: string };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * What became of a sale's charge, asked after the browser finished an extra step or when a sale was
   * left 'pendiente' by a crash. `not_found`: the provider never received the charge.
   */
  lookup(saleId: number, reference: string | null): Promise<ChargeResult | { status: 'not_found' }>;
  /**
   * Gives up on a sale's charge for good, when the shop settles a sale nobody is finishing any more
   * (never received, or its extra step abandoned). From then on a late charge with the sale's idempotency
   * key must not succeed (a crashed or slow process may still send it) and a pending extra step must not
   * be confirmable. Returns the charge's final state, which is 'succeeded' when it won the race.
   * Optional: without it, settling trusts that a charge the provider never received will not arrive.
   */
  cancel?(saleId: number, reference: string | null): Promise<ChargeResult>;
  /** Gives back part or all of a succeeded charge; idempotent by the request's key. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * What became of a refund the provider made (`reference`): a refund it accepted may still fail later
   * (Stripe: the card was closed). Optional: the sandbox's refunds never fail once made.
   */
  refundOutcome?(reference: string): Promise<RefundResult>;
}

/** The idempotency key of a refund: the shop's refund record, so it is never issued twice. */
export const refundKey = (refundId: number) => `reembolso-${refundId}`;

/** What the provider's dashboard shows for a sale's charge: the shop's name (SHOP_NAME) and the sale. */
export const chargeDescription = (shopName: string, saleId: number) => `${shopName}, compra ${saleId}`;

/** The idempotency key of a sale's charge: the same sale is never charged twice. */
export const chargeKey = (saleId: number) => `venta-${saleId}`;
