import { LISTING_PAGE_SIZE, parseListingSearch, productListQuerySchema, toApiParams } from '@vitrina/shared';
import type { Db } from '../../db/client';
import { listProducts } from '../catalog';

/** The cards whose image can be a listing's largest paint: its first row at the widest layout. */
const FIRST_ROW = 4;

/**
 * The images of the first cards of a listing page, found with the query the page's API call makes: the
 * URL is read by the same shared rule as in the browser. A name search gets none: it is the costly
 * query, and the page runs it once, through the API.
 */
export async function listingImages(db: Db, search: URLSearchParams, categoria?: number): Promise<string[]> {
  const params = parseListingSearch(search, categoria);
  if (params.name) return [];
  const query = productListQuerySchema.safeParse(toApiParams(params, LISTING_PAGE_SIZE));
  if (!query.success) return [];
  const { items } = await listProducts(db, query.data);
  return items.slice(0, FIRST_ROW).map((product) => product.imagen);
}
