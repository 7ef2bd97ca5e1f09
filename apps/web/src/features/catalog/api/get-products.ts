import { queryOptions, useQuery } from '@tanstack/react-query';
import { LISTING_PAGE_SIZE, type ListingParams, type ProductPage, toApiParams } from '@vitrina/shared';
import { api, type Query } from '../../../lib/api-client';
import { productsQueryKey } from '../../../lib/query-keys';

/** GET /api/products: the public listing (only active, in-stock products), filtered, ordered and paged. */
export function getProducts(params: ListingParams, signal?: AbortSignal): Promise<ProductPage> {
  return api<ProductPage>('/products', { query: toApiParams(params, LISTING_PAGE_SIZE) as Query, signal });
}

export const productsQueryOptions = (params: ListingParams) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'list', params],
    queryFn: ({ signal }) => getProducts(params, signal),
  });

export function useProducts(params: ListingParams) {
  return useQuery(productsQueryOptions(params));
}
