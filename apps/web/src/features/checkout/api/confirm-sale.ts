import { api } from '../../../lib/api-client';
import type { CheckoutReply } from './place-order';

/**
 * POST /api/venta/:id/confirmar: after the extra step, the server asks the provider and settles the sale —
 * 200 pagada, 402 declined (stock given back), or 202 while it still waits.
 */
export function confirmSale(idVenta: number): Promise<CheckoutReply> {
  return api<CheckoutReply>(`/venta/${idVenta}/confirmar`, { method: 'POST' });
}
