import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order, RefundInput, StateChange } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

/** GET /api/venta/:id as an admin: the order with its buyer and who made each change. */
export const adminOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'order', id],
    queryFn: ({ signal }) => api<Order>(`/venta/${id}`, { signal }),
    staleTime: 0,
  });

export function useAdminOrder(id: number) {
  return useQuery(adminOrderQueryOptions(id));
}

/**
 * The answered order replaces the cached one at once; then every admin screen (list, dashboard) refreshes,
 * after a refusal too: a 409 means the order changed meanwhile, and the page shows it as it is now.
 */
function useOrderMutation<TInput>(id: number, send: (input: TInput) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (order) => queryClient.setQueryData(adminOrderQueryOptions(id).queryKey, order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}

/** PUT /api/venta/:id/estado: 409 with the reason when the order cannot move there from its state. */
export function useChangeOrderState(id: number) {
  return useOrderMutation(id, (change: StateChange) =>
    api<Order>(`/venta/${id}/estado`, { method: 'PUT', body: change }),
  );
}

export interface RefundRequest {
  body: RefundInput;
  /** One per refund attempt, sent again when the same attempt is retried: never refunded twice. */
  idempotencyKey: string;
}

/** POST /api/venta/:id/reembolso: some units of some lines, or everything still paid. */
export function useRefundOrder(id: number) {
  return useOrderMutation(id, ({ body, idempotencyKey }: RefundRequest) =>
    api<Order>(`/venta/${id}/reembolso`, {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
}
