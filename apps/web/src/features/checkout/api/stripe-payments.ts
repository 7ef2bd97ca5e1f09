import type { Stripe, StripeCardElement, StripeError } from '@stripe/stripe-js';
import { CardPaymentError, type CardPayments, PAYMENT_UNAVAILABLE } from '../utils/card-payments';
import type { PaymentMethod } from './create-payment-method';

/** What the Stripe form hands over: the card itself stays in Stripe's element. */
export interface StripeCard {
  nombre: string;
  /** Bumped on every change of the card element: a changed card is a new payment attempt. */
  revision: number;
}

const CARD_NOT_PROCESSED = 'No pudimos procesar la tarjeta. Inténtalo de nuevo.';

/** Stripe's own message (Spanish with locale 'es'): under the card field when it is about the card. */
function refused(error: StripeError): CardPaymentError {
  const message = error.message ?? CARD_NOT_PROCESSED;
  if (error.type === 'card_error' || error.type === 'validation_error') {
    return new CardPaymentError(message, { tarjeta: message });
  }
  return new CardPaymentError(message);
}

/**
 * Stripe's counterpart of the sandbox's steps: `stripe.createPaymentMethod` with the card element (its id
 * is the sale's `id_pago`) and `stripe.handleNextAction` for a 202's client secret (3-D Secure in
 * Stripe's own modal).
 */
export function stripePayments(
  stripe: Stripe | null,
  cardElement: () => StripeCardElement | null,
): CardPayments<StripeCard> {
  return {
    createPaymentMethod: async ({ nombre }): Promise<PaymentMethod> => {
      const card = cardElement();
      if (!stripe || !card) throw new CardPaymentError(PAYMENT_UNAVAILABLE);
      const result = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: { name: nombre },
      });
      if (result.error) throw refused(result.error);
      const { id, card: details } = result.paymentMethod;
      return { id_pago: id, marca: details?.brand ?? 'desconocida', ultimos4: details?.last4 ?? '' };
    },
    handleNextAction: async (clientSecret) => {
      if (!stripe) return;
      try {
        // Its result (authenticated, failed, closed) is not trusted here: the server asks Stripe.
        await stripe.handleNextAction({ clientSecret });
      } catch {
        // Same: POST /api/venta/:id/confirmar settles the sale either way.
      }
    },
  };
}
