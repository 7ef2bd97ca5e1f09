/*
 * The payment provider behind checkout (DESIGN.md). The server computes the amount; the provider only
 * charges it. Every charge carries an idempotency key derived from the sale, so a retried charge never
 * charges twice.
 */

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export interface ChargeRequest {
  saleId: number;
  amountCents: number;
  currency: 'usd';
  /** The payment method the browser created (sandbox: pm_sandbox_…, Stripe: pm_…). */
  paymentMethodId: string;
  /** Derived from the sale id: the same sale is never charged twice. */
  idempotencyKey: string;
  description: string;
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

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * What became of a sale's charge, asked after the browser finished an extra step or when a sale was
   * left 'pendiente' by a crash. `not_found`: the provider never received the charge.
   */
  lookup(saleId: number, reference: string | null): Promise<ChargeResult | { status: 'not_found' }>;
}
