import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { productQueryKey } from '../../../lib/query-keys';

/** GET /api/products/:id (404 when the product is unknown or hidden). */
export function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return api<Product>(`/products/${id}`, { signal });
}

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: productQueryKey(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });

export function useProduct(id: number) {
  return useQuery(productQueryOptions(id));
}
