import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

/** GET /api/products/admin/:id: one product for the edit form, active or not (404 when unknown). */
export function getAdminProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return api<Product>(`/products/admin/${id}`, { signal });
}

export const adminProductQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'products', 'detail', id],
    queryFn: ({ signal }) => getAdminProduct(id, signal),
    staleTime: 0,
  });

export function useAdminProduct(id: number) {
  return useQuery(adminProductQueryOptions(id));
}
