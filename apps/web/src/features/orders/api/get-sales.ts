import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type OrderSummary, SALES_PAGE_SIZE } from '@vitrina/shared';
import { api } from '../../../lib/api-client';

export interface SalesPage {
  items: OrderSummary[];
  total: number;
  page: number;
  pageSize: number;
}

/** Every cached page of the shopper's purchases (invalidated after a purchase or a rating). */
export const salesQueryKey = ['sales', 'mine'] as const;

/** GET /api/venta: the signed-in customer's own sales, newest first. */
export function getSales(page: number, signal?: AbortSignal): Promise<SalesPage> {
  return api<SalesPage>('/venta', { query: { page, pageSize: SALES_PAGE_SIZE }, signal });
}

export const salesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...salesQueryKey, page],
    queryFn: ({ signal }) => getSales(page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useSales(page: number) {
  return useQuery(salesQueryOptions(page));
}
