import { api } from '../../../lib/api-client';
import type { CheckoutReply } from './place-order';

/**
 * POST /api/venta/:id/confirmar: after the extra step, the server asks the provider and settles the sale —
 * 200 pagada, 402 declined (stock given back), or 202 while it still waits. A guest's order is confirmed
 * with its link's token instead of a session (POST /api/pedidos/:id/confirmar).
 */
export function confirmSale(idVenta: number, acceso?: string): Promise<CheckoutReply> {
  const path = acceso
    ? `/pedidos/${idVenta}/confirmar?${new URLSearchParams({ acceso })}`
    : `/venta/${idVenta}/confirmar`;
  return api<CheckoutReply>(path, { method: 'POST' });
}
