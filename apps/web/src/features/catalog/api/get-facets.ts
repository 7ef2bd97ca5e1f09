import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Facets, type ListingParams, toApiParams } from '@vitrina/shared';
import { api, type Query } from '../../../lib/api-client';
import { productsQueryKey } from '../../../lib/query-keys';

/**
 * GET /api/products/facetas: how many products match per category and per price band for the listing's
 * search and filters (the order and the page change nothing, so they are not sent).
 */
export function getFacets(params: ListingParams, signal?: AbortSignal): Promise<Facets> {
  const { orden: _orden, page: _page, pageSize: _pageSize, ...query } = toApiParams(params, 1);
  return api<Facets>('/products/facetas', { query: query as Query, signal });
}

export const facetsQueryOptions = (params: ListingParams) => {
  const { orden: _orden, page: _page, ...key } = params;
  return queryOptions({
    queryKey: [...productsQueryKey, 'facets', key],
    queryFn: ({ signal }) => getFacets(params, signal),
    // The previous counts stay while the next arrive, so the sidebar does not jump.
    placeholderData: keepPreviousData,
  });
};

export function useFacets(params: ListingParams) {
  return useQuery(facetsQueryOptions(params));
}
