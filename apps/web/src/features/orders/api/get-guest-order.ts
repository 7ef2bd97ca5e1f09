import { useQuery } from '@tanstack/react-query';
import type { Order } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { pollWhileRecording } from './get-order';

/**
 * GET /api/pedidos/:id?acceso=: a guest's order, opened by its signed link (decision 086); 404 for a wrong
 * link. Right after paying it is asked for again while the server records the payment.
 */
export function useGuestOrder(id: number, acceso: string, justBought = false) {
  return useQuery({
    queryKey: ['pedido-invitado', id, acceso],
    queryFn: ({ signal }) => api<Order>(`/pedidos/${id}?${new URLSearchParams({ acceso })}`, { signal }),
    staleTime: 0,
    refetchInterval: pollWhileRecording(justBought),
  });
}
