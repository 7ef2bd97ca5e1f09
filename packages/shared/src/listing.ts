/*
 * Listing rules without zod, so the browser can import them without pulling the schemas into its bundle.
 */

/** Listing orders (SPEC §4): name a-z, name z-a, lowest price, highest price, most recent. */
export const PRODUCT_ORDERS = [
  'nombre_asc',
  'nombre_desc',
  'precio_asc',
  'precio_desc',
  'recientes',
] as const;
export type ProductOrder = (typeof PRODUCT_ORDERS)[number];

export const SEARCH_MAX_LENGTH = 100;
/**
 * A search in relevance order counts and lists at most this many products, as search engines do
 * (Meilisearch's maxTotalHits, Algolia's paginationLimitedTo): 125 pages of 8, more than any shopper
 * reads, and counting the 7,600 matches of a common word at 100,000 products cost more than the search.
 * Past it the answer says there are more (`hay_mas`).
 */
export const SEARCH_MAX_RESULTS = 1_000;
export const PRICE_MAX = 9_999_999_999.99;

/** The listing query as the browser sends it; the server parses it with productListQuerySchema. */
export interface ProductListParams {
  name?: string | undefined;
  categoria?: number | undefined;
  descuento?: 'true' | 'false' | undefined;
  minPrecio?: number | undefined;
  maxPrecio?: number | undefined;
  orden?: ProductOrder | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

/**
 * A listing page's query as its URL holds it (`/products/categoria/3?name=&descuento=true&…`). The web
 * app reads it to ask the API, and the server reads it to preload the page's first images: both must
 * read a URL the same way.
 */
export interface ListingParams {
  name?: string;
  categoria?: number;
  descuento?: boolean;
  minPrecio?: number;
  maxPrecio?: number;
  orden?: ProductOrder;
  page: number;
}

const isOrder = (value: string | null): value is ProductOrder =>
  value !== null && (PRODUCT_ORDERS as readonly string[]).includes(value);

function parsePrice(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

function parsePage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** A URL's query string as both the browser and Node give it (`URLSearchParams`). */
interface QueryString {
  get(name: string): string | null;
}

/** Reads a listing URL; malformed values are dropped (the server stays the judge of the rest). */
export function parseListingSearch(search: QueryString, categoria?: number): ListingParams {
  const name = search.get('name')?.trim().slice(0, SEARCH_MAX_LENGTH) || undefined;
  const orden = search.get('orden');
  const params: ListingParams = {
    name,
    categoria,
    descuento: search.get('descuento') === 'true' || undefined,
    minPrecio: parsePrice(search.get('minPrecio')),
    maxPrecio: parsePrice(search.get('maxPrecio')),
    orden: isOrder(orden) ? orden : undefined,
    page: parsePage(search.get('page')),
  };
  // Drop undefined keys so equal listings share one query key.
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as ListingParams;
}

/** The query string of a listing URL (the category lives in the path, page 1 is implied). */
export function listingSearch(params: Partial<ListingParams>): string {
  const pairs: Array<[string, string | number | undefined]> = [
    ['name', params.name || undefined],
    ['descuento', params.descuento ? 'true' : undefined],
    ['orden', params.orden],
    ['minPrecio', params.minPrecio],
    ['maxPrecio', params.maxPrecio],
    ['page', params.page && params.page > 1 ? params.page : undefined],
  ];
  const text = pairs
    .filter(([, value]) => value !== undefined)
    // Spaces as '+', as a form (and URLSearchParams) writes them.
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value)).replace(/%20/g, '+')}`)
    .join('&');
  return text ? `?${text}` : '';
}

/** The listing params as the API query. */
export function toApiParams(params: ListingParams, pageSize: number): ProductListParams {
  return {
    name: params.name,
    categoria: params.categoria,
    descuento: params.descuento ? 'true' : undefined,
    minPrecio: params.minPrecio,
    maxPrecio: params.maxPrecio,
    orden: params.orden,
    page: params.page,
    pageSize,
  };
}
