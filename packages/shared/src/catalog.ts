import { z } from 'zod';
import { LISTING_MAX_PAGE_SIZE, LISTING_PAGE_SIZE } from './constants';
import { PRICE_MAX, PRODUCT_ORDERS, SEARCH_MAX_LENGTH } from './listing';
import { pageSchema } from './page-schema';
import type { ProductPhoto } from './product-photos';
import { agreeing } from './validation/agreement';
import { ID_MAX } from './validation/record-id';
import { singleLineText } from './validation/text';
import { variantSchema } from './variant-schemas';

/** Query-string values arrive as text; an empty value means "not given". */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const idSchema = z.coerce
  .number({ error: 'El identificador debe ser un número entero positivo' })
  .int({ error: 'El identificador debe ser un número entero positivo' })
  .positive({ error: 'El identificador debe ser un número entero positivo' })
  .max(ID_MAX, { error: 'El identificador debe ser un número entero positivo' });

export const idParamsSchema = z.object({ id: idSchema });

const priceFilter = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${label} debe ser un número` })
      .min(0, { error: `${label} no puede ser ${agreeing(label, 'negativo')}` })
      .max(PRICE_MAX, { error: `${label} es demasiado ${agreeing(label, 'alto')}` })
      .optional(),
  );

export const booleanFlagSchema = z.enum(['true', 'false', '1', '0'], {
  error: 'El valor de descuento debe ser true o false',
});
const toFlag = (value: z.infer<typeof booleanFlagSchema>) => value === 'true' || value === '1';

export const pagingSchema = z.object({
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'La página debe ser un número entero mayor o igual a 1' })
      .int({ error: 'La página debe ser un número entero mayor o igual a 1' })
      .min(1, { error: 'La página debe ser un número entero mayor o igual a 1' })
      .max(100_000, { error: 'La página solicitada no existe' })
      .default(1),
  ),
  pageSize: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `El tamaño de página debe ser un número entero entre 1 y ${LISTING_MAX_PAGE_SIZE}` })
      .int({ error: `El tamaño de página debe ser un número entero entre 1 y ${LISTING_MAX_PAGE_SIZE}` })
      .min(1, { error: `El tamaño de página debe ser un número entero entre 1 y ${LISTING_MAX_PAGE_SIZE}` })
      .max(LISTING_MAX_PAGE_SIZE, {
        error: `El tamaño de página debe ser un número entero entre 1 y ${LISTING_MAX_PAGE_SIZE}`,
      })
      .default(LISTING_PAGE_SIZE),
  ),
  orden: z.preprocess(
    blankToUndefined,
    z
      .enum(PRODUCT_ORDERS, {
        error: `El orden debe ser uno de: ${PRODUCT_ORDERS.join(', ')}`,
      })
      .optional(),
  ),
});

/** Query of GET /api/products and of the listings derived from it. */
export const productListQuerySchema = pagingSchema
  .extend({
    name: z.preprocess(
      blankToUndefined,
      singleLineText()
        .trim()
        .max(SEARCH_MAX_LENGTH, { error: `La búsqueda admite como máximo ${SEARCH_MAX_LENGTH} caracteres` })
        .optional(),
    ),
    categoria: z.preprocess(blankToUndefined, idSchema.optional()),
    descuento: z.preprocess(blankToUndefined, booleanFlagSchema.transform(toFlag).optional()),
    minPrecio: priceFilter('El precio mínimo'),
    maxPrecio: priceFilter('El precio máximo'),
  })
  .refine((q) => q.minPrecio === undefined || q.maxPrecio === undefined || q.minPrecio <= q.maxPrecio, {
    error: 'El precio mínimo no puede ser mayor que el precio máximo',
    path: ['minPrecio'],
  });
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const discountParamsSchema = z.object({
  value: booleanFlagSchema.transform(toFlag),
});

export const categorySchema = z.object({
  id_categoria_producto: z.number().int(),
  nombre_categoria_producto: z.string(),
  imagen_categoria_producto: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

const productPhotoSchema: z.ZodType<ProductPhoto> = z.object({ url: z.string(), alt: z.string() });

export const productSchema = z.object({
  id_producto: z.number().int(),
  nombre: z.string(),
  descripcion_producto: z.string(),
  /** Regular price in currency units. */
  valor: z.number(),
  /** Discounted price in currency units, or null when there is no discount. */
  valor_descuento: z.number().nullable(),
  stock: z.number().int(),
  /** The first of `imagenes`. */
  imagen: z.string(),
  /** Its photos in order, each with its alternative text ('' when the owner wrote none). */
  imagenes: z.array(productPhotoSchema),
  estado: z.boolean(),
  id_categoria_producto: z.number().int(),
  createdAt: z.string(),
  /** Average of the visible ratings, null when there are none. */
  calificacion_promedio: z.number().nullable(),
  calificaciones_total: z.number().int(),
  Categoria_producto: categorySchema,
  /**
   * Its options and variants (decision 074). valor, valor_descuento and stock above are theirs: the
   * cheapest variant that can be bought and the active variants' units (for one variant, that variant's).
   */
  opciones: z.array(z.object({ nombre: z.string(), valores: z.array(z.string()) })),
  variantes: z.array(variantSchema),
  /** The active variants' prices differ: a card says 'Desde' before the price. */
  precio_varia: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const productPageSchema = pageSchema(productSchema).extend({
  /** A search in relevance order that found more than SEARCH_MAX_RESULTS products: `total` is that limit. */
  hay_mas: z.boolean().optional(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

export const ratingSchema = z.object({
  id_motivo_calificacion: z.number().int(),
  descripcion_motivo: z.string(),
  valor_calificacion: z.number().int().min(1).max(5),
  id_producto: z.number().int(),
  autor: z.string(),
  fecha: z.string(),
  /** The day it was written in the shop's time zone ('2026-11-21'), which the product page shows. */
  dia: z.string(),
});
export type Rating = z.infer<typeof ratingSchema>;

export const productRatingsSchema = z.object({
  items: z.array(ratingSchema),
  promedio: z.number().nullable(),
  total: z.number().int(),
});
export type ProductRatings = z.infer<typeof productRatingsSchema>;
