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
