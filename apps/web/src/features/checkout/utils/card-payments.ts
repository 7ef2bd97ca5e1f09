import type { Cents } from '@vitrina/shared';
import type { PaymentMethod } from '../api/create-payment-method';

/** SPEC §5: the card provider (Stripe.js) could not be loaded, so nothing can be paid. */
export const PAYMENT_UNAVAILABLE =
  'No pudimos cargar el sistema de pago. Revisa tu conexión y recarga la página.';

/** What the bank's extra step is about: shown by the sandbox's dialog. */
export interface NextActionContext {
  totalCents: Cents;
  method: PaymentMethod;
}

/**
 * The two steps of a card payment that depend on the provider (sandbox or Stripe); the rest of the flow
 * (POST /api/venta with its idempotency key, POST /api/venta/:id/confirmar, the messages) is the same
 * for both and lives in usePayCart.
 */
export interface CardPayments<TCard> {
  /**
   * The card → the provider's payment method, whose id is the sale's `id_pago`. Throws a
   * CardPaymentError (the card's fields refused) or an ApiError (the sandbox's 400 with `fields`).
   */
  createPaymentMethod: (card: TCard) => Promise<PaymentMethod>;
  /**
   * The bank's extra step (3-D Secure) for a 202 with its client secret. Resolves once the shopper is
   * done with it, whatever the outcome: the server then asks the provider and settles the sale.
   */
  handleNextAction: (clientSecret: string, context: NextActionContext) => Promise<void>;
}

/**
 * The provider refused the card before anything was sent to our server (SPEC §8: 'Card error from
 * provider: form not submitted'). `fields` holds the messages to show under the card's fields; without
 * them `message` is shown for the whole form.
 */
export class CardPaymentError extends Error {
  override readonly name = 'CardPaymentError';
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(message: string, fields?: Record<string, string>) {
    super(message);
    this.fields = fields;
  }
}
