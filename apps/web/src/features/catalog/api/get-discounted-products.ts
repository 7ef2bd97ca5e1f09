import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductPage } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from '../../../lib/query-keys';

/** How many offers the home carousel shows. */
export const OFFERS_COUNT = 24;

/**
 * GET /api/products/filter/descuento/true: active products with a discount (home carousel), newest
 * first, so an offer the shop has just added shows up at once.
 */
export function getDiscountedProducts(signal?: AbortSignal): Promise<ProductPage> {
  return api<ProductPage>('/products/filter/descuento/true', {
    query: { pageSize: OFFERS_COUNT, orden: 'recientes' },
    signal,
  });
}

export const discountedProductsQueryOptions = () =>
  queryOptions({
    queryKey: [...productsQueryKey, 'offers', OFFERS_COUNT],
    queryFn: ({ signal }) => getDiscountedProducts(signal),
    staleTime: 5 * 60_000,
  });

export function useDiscountedProducts() {
  return useQuery(discountedProductsQueryOptions());
}
