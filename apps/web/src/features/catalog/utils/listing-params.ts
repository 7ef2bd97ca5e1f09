import {
  PRODUCT_ORDERS,
  type ProductListParams,
  type ProductOrder,
  SEARCH_MAX_LENGTH,
} from '@vitrina/shared';

/** A listing's query as the browser holds it: every filter lives in the URL (`?name=&descuento=true&…`). */
export interface ListingParams {
  name?: string;
  categoria?: number;
  descuento?: boolean;
  minPrecio?: number;
  maxPrecio?: number;
  orden?: ProductOrder;
  page: number;
}

/** The filters a shopper changes; changing any of them goes back to page 1. */
export type ListingFilters = Omit<ListingParams, 'categoria' | 'page'>;

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

/** Reads a listing URL; malformed values are dropped (the server stays the judge of the rest). */
export function parseListingSearch(search: URLSearchParams, categoria?: number): ListingParams {
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
  const search = new URLSearchParams();
  if (params.name) search.set('name', params.name);
  if (params.descuento) search.set('descuento', 'true');
  if (params.orden) search.set('orden', params.orden);
  if (params.minPrecio !== undefined) search.set('minPrecio', String(params.minPrecio));
  if (params.maxPrecio !== undefined) search.set('maxPrecio', String(params.maxPrecio));
  if (params.page && params.page > 1) search.set('page', String(params.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The listing params as the API query (`ProductListParams` of @vitrina/shared). */
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

/** '/products/categoria/3' or '/products/todos'. */
export function listingPath(categoria?: number): string {
  return categoria === undefined ? '/products/todos' : `/products/categoria/${categoria}`;
}

/** A positive integer id from a route param, or undefined. */
export function parseId(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : undefined;
}
