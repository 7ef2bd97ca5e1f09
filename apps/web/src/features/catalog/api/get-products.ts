import { queryOptions, useQuery } from '@tanstack/react-query';
import { LISTING_PAGE_SIZE, type ListingParams, type ProductPage, toApiParams } from '@vitrina/shared';
import type { CardProduct } from '../../../components/product-card';
import { api, type Query } from '../../../lib/api-client';
import { productsQueryKey } from '../../../lib/query-keys';
import { toCardProduct } from './card-product';

/** A page of the listing as the grid shows it: each product's tile, and the counts. */
export type TilePage = Omit<ProductPage, 'items'> & { items: CardProduct[] };

/**
 * GET /api/products: the public listing (only active, in-stock products), filtered, ordered and paged;
 * only the tiles are kept (toCardProduct).
 */
export async function getProducts(params: ListingParams, signal?: AbortSignal): Promise<TilePage> {
  const page = await api<ProductPage>('/products', {
    query: toApiParams(params, LISTING_PAGE_SIZE) as Query,
    signal,
  });
  return { ...page, items: page.items.map(toCardProduct) };
}

export const productsQueryOptions = (params: ListingParams) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'list', params],
    queryFn: ({ signal }) => getProducts(params, signal),
  });

export function useProducts(params: ListingParams) {
  return useQuery(productsQueryOptions(params));
}
