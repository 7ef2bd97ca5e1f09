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

/** How often an order just bought, still being recorded by the server, is asked for again. */
export const RECORDING_POLL_MS = 2000;

/**
 * The order; with `justBought`, asked for again while it is 'pendiente', since the server is recording a
 * payment it received (docs/decisions/052) and the page should show the paid order as soon as it is.
 */
export function useOrder(id: number, justBought = false) {
  return useQuery({
    ...orderQueryOptions(id),
    refetchInterval: (query) =>
      justBought && query.state.data?.estado === 'pendiente' ? RECORDING_POLL_MS : false,
  });
}
