import { z } from 'zod';
import { idSchema, productSchema } from './catalog';
import { CURRENCIES, type CurrencyCode } from './currency';
import { pageSchema } from './page-schema';
import { singleLineText } from './validation/text';

/*
 * Search beyond the listing's `name`: suggestions as you type, facet counts, the answer to a search that
 * found nothing, the synonyms dictionary the owner edits and the owner's view of what shoppers search.
 */

/** Suggestions start from the second letter; a longer query is cut like the listing's. */
export const SUGGESTIONS_MIN_LENGTH = 2;
export const SUGGESTIONS_MAX_LENGTH = 100;
export const SUGGESTIONS_PRODUCTS = 5;
export const SUGGESTIONS_CATEGORIES = 3;
/** Best sellers offered when a search finds nothing. */
export const NO_RESULTS_PRODUCTS = 4;
/** Sold-out products named under 'No hay coincidencias' at most. */
export const NO_RESULTS_SOLD_OUT = 3;

/** Where the price bands of a dollar shop change. */
const DOLLAR_BAND_EDGES = [25, 50, 100, 250, 500];

export interface PriceBand {
  desde: number;
  hasta: number | null;
}

/**
 * Price bands of the facets, in currency units: each from `desde` (included) to `hasta` (excluded), the
 * dollar shop's edges scaled to the shop's currency (25, 50 … 500 dollars; 500, 1,000 … 10,000 Mexican pesos).
 */
export function priceBands(currency: CurrencyCode): PriceBand[] {
  const edges = DOLLAR_BAND_EDGES.map((edge) => edge * CURRENCIES[currency].dollarScale);
  return [0, ...edges].map((desde, i) => ({ desde, hasta: edges[i] ?? null }));
}

/** `q` of the suggestions: any text (a shorter or blank one simply gets empty lists). */
export const suggestionsQuerySchema = z.object({
  q: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().slice(0, SUGGESTIONS_MAX_LENGTH) : value),
    singleLineText({ error: 'La búsqueda debe ser un texto' }).default(''),
  ),
});

export const suggestionsSchema = z.object({
  productos: z.array(
    z.object({
      id_producto: z.number().int(),
      nombre: z.string(),
      imagen: z.string(),
      /** Currency units, as in productSchema. */
      valor: z.number(),
      valor_descuento: z.number().nullable(),
    }),
  ),
  categorias: z.array(
    z.object({ id_categoria_producto: z.number().int(), nombre_categoria_producto: z.string() }),
  ),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;

export const facetsSchema = z.object({
  categorias: z.array(
    z.object({
      id_categoria_producto: z.number().int(),
      nombre_categoria_producto: z.string(),
      cantidad: z.number().int(),
    }),
  ),
  precios: z.array(z.object({ desde: z.number(), hasta: z.number().nullable(), cantidad: z.number().int() })),
});
export type Facets = z.infer<typeof facetsSchema>;

export const noResultsSchema = z.object({
  /** The closest spelling of the query that does find products, or null. */
  correccion: z.string().nullable(),
  /** The names of the products the query finds that are sold out for now (SPEC keeps them out of listings). */
  agotados: z.array(z.string()),
  productos: z.array(productSchema),
});
export type NoResults = z.infer<typeof noResultsSchema>;

export const SYNONYM_TERMS_MIN = 2;
export const SYNONYM_TERMS_MAX = 20;
export const SYNONYM_TERM_MAX_LENGTH = 60;

const synonymTermSchema = singleLineText({ error: 'Cada término debe ser un texto' })
  .transform((term) => term.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, { error: 'Escribe cada término; quita los que estén vacíos' })
      .max(SYNONYM_TERM_MAX_LENGTH, {
        error: `Cada término admite como máximo ${SYNONYM_TERM_MAX_LENGTH} caracteres`,
      })
      .refine((term) => /[\p{L}\p{N}]/u.test(term), {
        error: 'Cada término debe tener al menos una letra o un número',
      }),
  );

/** What the owner writes: when `unidireccional`, the first term also finds the others, not the reverse. */
export const synonymInputSchema = z.object({
  terminos: z
    .array(synonymTermSchema, { error: 'Indica los términos como una lista' })
    .min(SYNONYM_TERMS_MIN, { error: `Indica al menos ${SYNONYM_TERMS_MIN} términos` })
    .max(SYNONYM_TERMS_MAX, { error: `Indica como máximo ${SYNONYM_TERMS_MAX} términos` }),
  unidireccional: z.boolean({ error: 'Indica si el sinónimo es de una sola dirección (true o false)' }),
});
export type SynonymInput = z.infer<typeof synonymInputSchema>;

export const synonymSchema = z.object({
  id_sinonimo: z.number().int(),
  terminos: z.array(z.string()),
  unidireccional: z.boolean(),
});
export type Synonym = z.infer<typeof synonymSchema>;

export const synonymListQuerySchema = z.object({
  q: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    singleLineText({ error: 'La búsqueda debe ser un texto' })
      .max(SYNONYM_TERM_MAX_LENGTH, {
        error: `La búsqueda admite como máximo ${SYNONYM_TERM_MAX_LENGTH} caracteres`,
      })
      .optional(),
  ),
  page: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ error: 'La página debe ser un número entero mayor o igual a 1' })
      .int({ error: 'La página debe ser un número entero mayor o igual a 1' })
      .min(1, { error: 'La página debe ser un número entero mayor o igual a 1' })
      .max(100_000, { error: 'La página solicitada no existe' })
      .default(1),
  ),
});

export const SYNONYMS_PAGE_SIZE = 20;

export const synonymPageSchema = pageSchema(synonymSchema);
export type SynonymPage = z.infer<typeof synonymPageSchema>;

export const synonymParamsSchema = z.object({ id: idSchema });

const searchedQuerySchema = z.object({ consulta: z.string(), veces: z.number().int() });

/**
 * The owner's view of the last 30 days of searches: normalized queries only, no one's identity. `veces`
 * counts visitors, each once per query and day: the most frequent searches, those that found nothing, and
 * those that found only sold-out products.
 */
export const searchAnalyticsSchema = z.object({
  frecuentes: z.array(searchedQuerySchema),
  sin_resultados: z.array(searchedQuerySchema),
  agotados: z.array(searchedQuerySchema),
});
export type SearchAnalytics = z.infer<typeof searchAnalyticsSchema>;
export const SEARCH_ANALYTICS_DAYS = 30;
export const SEARCH_ANALYTICS_TOP = 10;
/** A query is shown once this many visitors searched it: one visitor alone cannot put a text there. */
export const SEARCH_ANALYTICS_MIN_VISITORS = 3;
