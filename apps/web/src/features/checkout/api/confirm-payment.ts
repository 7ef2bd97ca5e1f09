import { api } from '../../../lib/api-client';

export interface PaymentConfirmation {
  id_venta: number;
  estado: 'succeeded' | 'requires_action' | 'declined';
}

/**
 * POST /api/pagos/sandbox/confirmar: the shopper's answer to the sandbox's extra step (what the bank's
 * 3-D Secure page does with Stripe).
 */
export function confirmPayment(clientSecret: string, aprobar: boolean): Promise<PaymentConfirmation> {
  return api<PaymentConfirmation>('/pagos/sandbox/confirmar', {
    method: 'POST',
    body: { client_secret: clientSecret, aprobar },
  });
}
