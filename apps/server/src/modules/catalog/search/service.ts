import {
  centsToDecimal,
  type Facets,
  fromCents,
  NO_RESULTS_PRODUCTS,
  type NoResults,
  type PriceBand,
  type ProductListQuery,
  NO_RESULTS_SOLD_OUT as SOLD_OUT_NAMES,
  SUGGESTIONS_CATEGORIES,
  SUGGESTIONS_MIN_LENGTH,
  SUGGESTIONS_PRODUCTS,
  type Suggestions,
  toCents,
} from '@vitrina/shared';
import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../../db/client';
import { categoriaProducto, producto } from '../../../db/schema';
import { productColumns, toProductDto } from '../product-mapper';
import { firstMatches, listCategories, listingWhere, visibleToPublic } from '../service';
import { dictionaryOf } from './dictionary';
import { closestWords } from './expand';
import { productSearch } from './product-search';
import { isStopWord, normalizeText, wordsOf } from './words';

const units = (amount: string) => fromCents(toCents(amount));

/** Ranked matches read for the suggestions: the first products, and the categories they come from. */
const SUGGESTION_CANDIDATES = 40;
/**
 * Matches ranked for a suggestion at most. Two letters ('ca') begin words in a tenth of a large catalog,
 * and ranking them all read thousands of rows (docs/decisions/016); a suggestion only needs good
 * candidates, and a longer prefix, typed a moment later, ranks all of its fewer matches.
 */
const SUGGESTION_POOL = 400;

interface SuggestionRow {
  id_producto: number;
  nombre: string;
  imagen: string;
  valor: string | number;
  valor_descuento: string | number | null;
  id_categoria_producto: number;
}

export async function suggestions(db: Db, q: string): Promise<Suggestions> {
  if (normalizeText(q).length < SUGGESTIONS_MIN_LENGTH) return { productos: [], categorias: [] };
  // The last word is still being typed: it completes into catalog words and dictionary terms.
  const search = await productSearch(db, q, { completeLast: true });
  if (search.concepts.length === 0) return { productos: [], categorias: [] };
  // Names only: a suggestion shows a name, and a short prefix is in thousands of descriptions.
  const [rows, categories] = await Promise.all([
    rowsOf<SuggestionRow>(
      db,
      sql`SELECT id_producto, nombre, imagen, valor, valor_descuento, id_categoria_producto
        FROM ${firstMatches(and(visibleToPublic, search.whereName), SUGGESTION_POOL)}
        ORDER BY ${sql.join(search.orderBy, sql`, `)}
        LIMIT ${SUGGESTION_CANDIDATES}`,
    ),
    listCategories(db),
  ]);
  const categoryIds = [...new Set(rows.map((r) => r.id_categoria_producto))].slice(0, SUGGESTIONS_CATEGORIES);
  return {
    productos: rows.slice(0, SUGGESTIONS_PRODUCTS).map((r) => ({
      id_producto: r.id_producto,
      nombre: r.nombre,
      imagen: r.imagen,
      valor: units(String(r.valor)),
      valor_descuento: r.valor_descuento === null ? null : units(String(r.valor_descuento)),
    })),
    categorias: categoryIds.flatMap((id) => {
      const c = categories.find((c) => c.id_categoria_producto === id);
      return c ? [{ id_categoria_producto: id, nombre_categoria_producto: c.nombre_categoria_producto }] : [];
    }),
  };
}

type FacetQuery = Omit<ProductListQuery, 'page' | 'pageSize' | 'orden'>;

/** The band a price falls in, as the index of `bands` (bands include their lower bound). */
function priceBand(bands: readonly PriceBand[]): SQL {
  const cases = bands.flatMap((band, i) =>
    band.hasta === null
      ? []
      : [
          sql`WHEN ${producto.precio_efectivo} < ${centsToDecimal(toCents(band.hasta))} THEN ${sql.raw(String(i))}`,
        ],
  );
  return sql`(CASE ${sql.join(cases, sql` `)} ELSE ${sql.raw(String(bands.length - 1))} END)`;
}

/** How many products of the listing fall in each category and in each of the shop's price `bands`. */
export async function facets(db: Db, query: FacetQuery, bands: readonly PriceBand[]): Promise<Facets> {
  const search = query.name ? await productSearch(db, query.name) : undefined;
  const band = priceBand(bands);
  const [byCategory, byBand] = await Promise.all([
    db
      .select({
        id_categoria_producto: categoriaProducto.id_categoria_producto,
        nombre_categoria_producto: categoriaProducto.nombre_categoria_producto,
        cantidad: count(),
      })
      .from(producto)
      .innerJoin(
        categoriaProducto,
        eq(producto.id_categoria_producto, categoriaProducto.id_categoria_producto),
      )
      .where(listingWhere(query, search, 'categoria'))
      .groupBy(categoriaProducto.id_categoria_producto)
      .orderBy(categoriaProducto.id_categoria_producto),
    db
      .select({ banda: sql<number>`${band}`.mapWith(Number), cantidad: count() })
      .from(producto)
      .where(listingWhere(query, search, 'precio'))
      .groupBy(sql`1`),
  ]);
  return {
    categorias: byCategory,
    precios: bands.flatMap((b, i) => {
      const cantidad = byBand.find((r) => r.banda === i)?.cantidad ?? 0;
      return cantidad > 0 ? [{ desde: b.desde, hasta: b.hasta, cantidad }] : [];
    }),
  };
}

/**
 * For a search that found nothing: the query with each unknown word replaced by the closest catalog word
 * (allowing one more typo than the search does), when that finds products by name; the products on sale
 * it would find were they not sold out; and the best sellers.
 */
export async function noResults(db: Db, name: string): Promise<NoResults> {
  const [correccion, agotados, productos] = await Promise.all([
    correctionOf(db, name),
    soldOutMatches(db, name),
    bestSellers(db),
  ]);
  return { correccion, agotados, productos };
}

/** Corrections tried for a word at most: each is one search. */
const CORRECTIONS_TRIED = 4;

async function correctionOf(db: Db, name: string): Promise<string | null> {
  const dictionary = await dictionaryOf(db);
  const words = wordsOf(name);
  const known = (w: string) =>
    isStopWord(w) || (dictionary.products.get(w) ?? 0) > 0 || dictionary.synonyms.has(w);
  const options = words.map((w) => (known(w) ? [] : closestWords(dictionary, w)));
  // The first unknown word's closest corrections in turn, the others' closest: the first that finds a
  // product by its name (a word only some description has is another thing).
  const first = options.findIndex((o) => o.length > 0);
  if (first === -1) return null;
  for (const choice of (options[first] as string[]).slice(0, CORRECTIONS_TRIED)) {
    const text = words.map((w, i) => (i === first ? choice : (options[i]?.[0] ?? w))).join(' ');
    const search = await productSearch(db, text);
    const [row] = await db
      .select({ id: producto.id_producto })
      .from(producto)
      .where(and(visibleToPublic, search.where, search.whereName))
      .limit(1);
    if (row) return text;
  }
  return null;
}

/** The names of the products the search finds that are offered but out of stock (at most 3). */
async function soldOutMatches(db: Db, name: string): Promise<string[]> {
  const search = await productSearch(db, name);
  const rows = await db
    .select({ nombre: producto.nombre })
    .from(producto)
    .where(and(eq(producto.estado, true), eq(producto.stock, 0), or(search.whereAll, search.where)))
    .orderBy(...search.orderBy)
    .limit(SOLD_OUT_NAMES);
  return rows.map((r) => r.nombre);
}

async function bestSellers(db: Db) {
  const rows = await db
    .select({ p: productColumns, c: categoriaProducto })
    .from(producto)
    .innerJoin(categoriaProducto, eq(producto.id_categoria_producto, categoriaProducto.id_categoria_producto))
    .where(visibleToPublic)
    .orderBy(desc(producto.unidades_vendidas), producto.id_producto)
    .limit(NO_RESULTS_PRODUCTS);
  return rows.map((r) => toProductDto(r.p, r.c));
}
