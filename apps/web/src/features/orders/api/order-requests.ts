import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderRequest, OrderRequestDecision, OrderRequestInput } from '@vitrina/shared';
import { api } from '../../../lib/api-client';

/** The requests of one order, under their own key: the buyer's and the shop's pages both read them. */
export const orderRequestsQueryKey = (id: number) => ['orderRequests', id] as const;

/** GET /api/venta/:id/solicitudes: the order's cancel and return requests, oldest first. */
export function useOrderRequests(id: number) {
  return useQuery({
    queryKey: orderRequestsQueryKey(id),
    queryFn: ({ signal }) => api<OrderRequest[]>(`/venta/${id}/solicitudes`, { signal }),
    staleTime: 0,
  });
}

/** POST /api/venta/:id/solicitudes: the buyer asks to cancel or to return the order. */
export function useAskOrderRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderRequestInput) =>
      api<OrderRequest>(`/venta/${id}/solicitudes`, { method: 'POST', body: input }),
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
