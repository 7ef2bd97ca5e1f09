import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@vitrina/shared';
import { api } from '../../../lib/api-client';

/** GET /api/categorias: the shop's categories, with their images. */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return api<Category[]>('/categorias', { signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 60 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
