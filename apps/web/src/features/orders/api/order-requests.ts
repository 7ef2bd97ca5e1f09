import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderRequest, OrderRequestDecision, OrderRequestInput } from '@vitrina/shared';
import { api } from '../../../lib/api-client';

/** The requests of one order, under their own key: the buyer's and the shop's pages both read them. */
export const orderRequestsQueryKey = (id: number) => ['orderRequests', id] as const;

/**
 * The requests' address: the account's (/api/venta/:id/solicitudes), or, for a guest's order opened by its
 * signed link, the link's (/api/pedidos/:id/solicitudes?acceso=; decision 086).
 */
const requestsPath = (id: number, acceso: string | undefined) =>
  acceso ? `/pedidos/${id}/solicitudes?${new URLSearchParams({ acceso })}` : `/venta/${id}/solicitudes`;

/** GET the order's cancel and return requests, oldest first. */
export function useOrderRequests(id: number, acceso?: string) {
  return useQuery({
    queryKey: orderRequestsQueryKey(id),
    queryFn: ({ signal }) => api<OrderRequest[]>(requestsPath(id, acceso), { signal }),
    staleTime: 0,
  });
}

/** POST: the buyer asks to cancel or to return the order. */
export function useAskOrderRequest(id: number, acceso?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderRequestInput) =>
      api<OrderRequest>(requestsPath(id, acceso), { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderRequestsQueryKey(id) }),
  });
}

/**
 * PUT /api/venta/:id/solicitudes/:solicitud: the shop's answer. An accepted cancellation cancels the
 * order, so `onDecided` refreshes the order too.
 */
export function useDecideOrderRequest(id: number, onDecided: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ solicitud, ...decision }: OrderRequestDecision & { solicitud: number }) =>
      api<OrderRequest>(`/venta/${id}/solicitudes/${solicitud}`, { method: 'PUT', body: decision }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderRequestsQueryKey(id) });
      onDecided();
    },
  });
}
