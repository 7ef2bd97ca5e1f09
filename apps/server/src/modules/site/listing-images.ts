import { LISTING_PAGE_SIZE, productListQuerySchema } from '@vitrina/shared';
import type { Db } from '../../db/client';
import { listProducts } from '../catalog/service';

/** The cards whose image can be a listing's largest paint: its first row at the widest layout. */
const FIRST_ROW = 4;

/**
 * The images of the first cards of a listing page, found with the query the page's API call makes: it
 * reads the same URL parameters the same way (apps/web/src/features/catalog/utils/listing-params.ts).
 * A name search gets none: it is the costly query, and the page runs it once, through the API.
 */
export async function listingImages(db: Db, search: URLSearchParams, categoria?: number): Promise<string[]> {
  if (search.get('name')?.trim()) return [];
  const query = productListQuerySchema.safeParse({
    categoria,
    descuento: search.get('descuento') === 'true' ? 'true' : undefined,
    minPrecio: search.get('minPrecio') ?? undefined,
    maxPrecio: search.get('maxPrecio') ?? undefined,
    orden: search.get('orden') ?? undefined,
    page: search.get('page') ?? undefined,
    pageSize: LISTING_PAGE_SIZE,
  });
  if (!query.success) return [];
  const { items } = await listProducts(db, query.data);
  return items.slice(0, FIRST_ROW).map((product) => product.imagen);
}
