import { queryOptions, useQuery } from '@tanstack/react-query';
import { LISTING_MAX_PAGE_SIZE, type ProductPage } from '@vitrina/shared';
import type { CardProduct } from '../../../components/product-card';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from '../../../lib/query-keys';
import { toCardProduct } from './card-product';

/**
 * At most this many pages of offers (480 products): a shop with more discounts than that still gets a
 * carousel instead of hundreds of requests; the listing's "Solo productos con descuento" has them all.
 */
const OFFERS_MAX_PAGES = 10;

const offersPage = (page: number, signal?: AbortSignal) =>
  api<ProductPage>('/products/filter/descuento/true', {
    query: { page, pageSize: LISTING_MAX_PAGE_SIZE, orden: 'recientes' },
    signal,
  });

/**
 * GET /api/products/filter/descuento/true: every active product with a discount (SPEC: the home
 * carousel shows them all), newest first, so an offer the shop has just added shows up at once. The
 * endpoint answers up to LISTING_MAX_PAGE_SIZE per page: the first page says how many there are, the
 * rest are asked for together.
 *
 * Only the tiles are kept (toCardProduct): the rendered home page carries what its queries keep, and the
 * offers' descriptions and categories were a large part of it (docs/decisions/046-page-state-keeps-tiles.md).
 */
export async function getDiscountedProducts(signal?: AbortSignal): Promise<CardProduct[]> {
  const first = await offersPage(1, signal);
  const pages = Math.min(Math.ceil(first.total / LISTING_MAX_PAGE_SIZE), OFFERS_MAX_PAGES);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, index) => offersPage(index + 2, signal)),
  );
  // A product that moved between two pages while they were read is shown once.
  const seen = new Set<number>();
  return [first, ...rest]
    .flatMap((page) => page.items)
    .filter((product) => !seen.has(product.id_producto) && seen.add(product.id_producto))
    .map(toCardProduct);
}

export const discountedProductsQueryOptions = () =>
  queryOptions({
    queryKey: [...productsQueryKey, 'offers', 'all'],
    queryFn: ({ signal }) => getDiscountedProducts(signal),
    staleTime: 5 * 60_000,
  });

export function useDiscountedProducts() {
  return useQuery(discountedProductsQueryOptions());
}
