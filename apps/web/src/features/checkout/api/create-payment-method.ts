import { type CardInput, cardDigits } from '@vitrina/shared';
import { api } from '../../../lib/api-client';

/** A card turned into the provider's payment method: only its id, brand and last four digits come back. */
export interface PaymentMethod {
  id_pago: string;
  marca: string;
  ultimos4: string;
}

/**
 * POST /api/pagos/sandbox/metodos: the sandbox's counterpart of Stripe's createPaymentMethod (400 with
 * `fields` for a bad card). With `paymentProvider: 'stripe'`, stripe-payments.ts takes its place.
 */
export function createPaymentMethod(card: CardInput): Promise<PaymentMethod> {
  return api<PaymentMethod>('/pagos/sandbox/metodos', {
    method: 'POST',
    body: { ...card, numero: cardDigits(card.numero) },
  });
}
