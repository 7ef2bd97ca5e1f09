import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NoResults } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from '../../../lib/query-keys';

/** GET /api/products/sin-resultados: the closest spelling that finds products, and a few best sellers. */
export function getNoResults(name: string, signal?: AbortSignal): Promise<NoResults> {
  return api<NoResults>('/products/sin-resultados', { query: { name }, signal });
}

export const noResultsQueryOptions = (name: string) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'no-results', name],
    queryFn: ({ signal }) => getNoResults(name, signal),
  });

export function useNoResults(name: string) {
  return useQuery(noResultsQueryOptions(name));
}
