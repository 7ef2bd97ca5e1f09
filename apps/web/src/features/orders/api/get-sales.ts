import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SALES_PAGE_SIZE, type Sale } from '@vitrina/shared';
import { api } from '../../../lib/api-client';

export interface SalesPage {
  items: Sale[];
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
