import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductRatings } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { productQueryKey } from '../../../lib/query-keys';

/** GET /api/products/:id/calificaciones: visible opinions, newest first, with their average. */
export function getProductRatings(id: number, signal?: AbortSignal): Promise<ProductRatings> {
  return api<ProductRatings>(`/products/${id}/calificaciones`, { signal });
}

export const productRatingsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...productQueryKey(id), 'ratings'],
    queryFn: ({ signal }) => getProductRatings(id, signal),
  });

export function useProductRatings(id: number) {
  return useQuery(productRatingsQueryOptions(id));
}
