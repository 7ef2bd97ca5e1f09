import { type ListingParams, PAGES, pagePath } from '@vitrina/shared';

/** The filters a shopper changes; changing any of them goes back to page 1. */
export type ListingFilters = Omit<ListingParams, 'categoria' | 'page'>;

/** '/products/categoria/3' or '/products/todos'. */
export function listingPath(categoria?: number): string {
  return categoria === undefined ? PAGES.allProducts.path : pagePath(PAGES.category, categoria);
}

/** A positive integer id from a route param, or undefined. */
export function parseId(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : undefined;
}
