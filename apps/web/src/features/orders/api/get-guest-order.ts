import { useQuery } from '@tanstack/react-query';
import type { Order } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { pollWhileRecording } from './get-order';

/** The guest's order under its link: what rating a line or paying it asks for again. */
export const guestOrderQueryKey = (id: number, acceso: string) => ['pedido-invitado', id, acceso] as const;

/**
 * GET /api/pedidos/:id?acceso=: a guest's order, opened by its signed link (decision 086); 404 for a wrong
 * link. Right after paying it is asked for again while the server records the payment.
 */
export function useGuestOrder(id: number, acceso: string, justBought = false) {
  return useQuery({
    queryKey: guestOrderQueryKey(id, acceso),
    queryFn: ({ signal }) => api<Order>(`/pedidos/${id}?${new URLSearchParams({ acceso })}`, { signal }),
    staleTime: 0,
    refetchInterval: pollWhileRecording(justBought),
  });
}
