import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { salesQueryKey } from './get-sales';

/** GET /api/venta/:id: one of the shopper's orders (404 for anyone else's). Under the purchases' key. */
export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...salesQueryKey, 'order', id],
    queryFn: ({ signal }) => api<Order>(`/venta/${id}`, { signal }),
    staleTime: 0,
  });

export function useOrder(id: number) {
  return useQuery(orderQueryOptions(id));
}
