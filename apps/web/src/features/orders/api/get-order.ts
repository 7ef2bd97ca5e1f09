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
const RECORDING_POLL_MS = 2000;

/** A query's refetchInterval: an order just bought is asked for again while it is still 'pendiente'. */
export const pollWhileRecording =
  (justBought: boolean) =>
  (query: { state: { data?: Order | undefined } }): number | false =>
    justBought && query.state.data?.estado === 'pendiente' ? RECORDING_POLL_MS : false;

/**
 * The order; with `justBought`, asked for again while it is 'pendiente', since the server is recording a
 * payment it received (docs/decisions/052) and the page should show the paid order as soon as it is.
 */
export function useOrder(id: number, justBought = false) {
  return useQuery({
    ...orderQueryOptions(id),
    refetchInterval: pollWhileRecording(justBought),
  });
}
