import {
  type Category,
  centsToDecimal,
  type Product,
  type ProductListQuery,
  type ProductPage,
  SEARCH_MAX_RESULTS,
  toCents,
} from '@vitrina/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { categoriaProducto, producto } from '../../db/schema';
import { notFound } from '../../errors';
import { productColumns, toProductDto } from './product-mapper';
import { type ProductSearch, productSearch } from './search/product-search';

/**
 * The public never sees an inactive product or one without stock: the stored `visible`, which is the
 * predicate of the listing indexes (schema.ts), so the planner can prove it in any plan.
 */
export const visibleToPublic = sql`${producto.visible}`;

/** Every order ends with the id so equal values never swap places between pages. */
const ORDERS: Record<NonNullable<ProductListQuery['orden']>, SQL[]> = {
  nombre_asc: [asc(producto.nombre_normalizado), asc(producto.id_producto)],
  nombre_desc: [desc(producto.nombre_normalizado), desc(producto.id_producto)],
  precio_asc: [asc(producto.precio_efectivo), asc(producto.id_producto)],
  precio_desc: [desc(producto.precio_efectivo), desc(producto.id_producto)],
  recientes: [desc(producto.created_at), desc(producto.id_producto)],
};

const price = (units: number) => centsToDecimal(toCents(units));

export async function listProducts(db: Db, query: ProductListQuery): Promise<ProductPage> {
  const search = query.name ? await productSearch(db, query.name) : undefined;
  if (search && !query.orden) return rankedSearchPage(db, query, search);
  const orderBy = query.orden ? ORDERS[query.orden] : (search?.orderBy ?? [asc(producto.id_producto)]);
  return pageOfProducts(db, listingWhere(query, search), orderBy, query, { search: search !== undefined });
}

/**
 * The public listing's filter for `query`, its search already expanded. Facet counts leave one filter out
 * (`except`): a category's count applies every filter but the category, a price band's every filter but
 * the price range.
 */
export function listingWhere(
  query: Omit<ProductListQuery, 'page' | 'pageSize' | 'orden'>,
  search: { where: SQL } | undefined,
  except?: 'categoria' | 'precio',
): SQL | undefined {
  return and(
    visibleToPublic,
    query.categoria === undefined || except === 'categoria'
      ? undefined
      : eq(producto.id_categoria_producto, query.categoria),
    query.descuento === undefined
      ? undefined
      : query.descuento
        ? isNotNull(producto.valor_descuento)
        : isNull(producto.valor_descuento),
    query.minPrecio === undefined || except === 'precio'
      ? undefined
      : gte(producto.precio_efectivo, price(query.minPrecio)),
    query.maxPrecio === undefined || except === 'precio'
      ? undefined
      : lte(producto.precio_efectivo, price(query.maxPrecio)),
    search?.where,
  );
}

/**
 * One page of products with their category, and how many match in all: every product table uses it.
 * The page's ids are chosen first and the rows read after, so skipping to a deep page walks one index
 * (often without touching the table) instead of reading and joining every skipped row.
 *
 * A name search is different: its filter is costly per row and the planner cannot tell how many rows
 * it keeps, so walking an ordered index and testing row after row until the page is full may test the
 * whole catalog (a term that matches nothing in a category). Its matches are collected first instead,
 * counted in that same pass (rather than by a second query testing every row again), then sorted.
 */
export async function pageOfProducts(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  { page, pageSize }: { page: number; pageSize: number },
  { search = false }: { search?: boolean } = {},
): Promise<ProductPage> {
  const offset = (page - 1) * pageSize;
  if (!search) {
    const pageIds = db
      .select({ id: producto.id_producto })
      .from(producto)
      .where(where)
      .orderBy(...orderBy)
      .limit(pageSize)
      .offset(offset);
    const [items, total] = await Promise.all([productsInOrder(db, pageIds, orderBy), countOf(db, where)]);
    return { items, total, page, pageSize };
  }
  const { ids, total } = await rankedIds(db, where, orderBy, pageSize, offset);
  if (total === undefined) {
    return { items: [], total: offset === 0 ? 0 : await countOf(db, where), page, pageSize };
  }
  return { items: await productsInOrder(db, ids, orderBy), total, page, pageSize };
}

/**
 * A search in relevance order, tier by tier. The products matching every word rank first (their rank is
 * at least 100 per word matched) and are usually a small part of the matches ('mesa roble' at 10,000
 * products: 11 of 97), so a first page ranks only them; a page past them ranks the products matching
 * some words. The matches are counted up to SEARCH_MAX_RESULTS, over the visible products' own index
 * (0012), and no page reaches past them.
 */
async function rankedSearchPage(
  db: Db,
  query: ProductListQuery,
  search: ProductSearch,
): Promise<ProductPage> {
  const { page, pageSize } = query;
  const offset = (page - 1) * pageSize;
  const filters = listingWhere(query, undefined);
  const everyWord = and(filters, search.whereAll);
  const anyWord = and(filters, search.where);
  // Counted one past the limit: a count that reaches it says there are more, and that the tier is too
  // large to rank whole for one page (ranking costs about a millisecond per 500 matches).
  const upTo = SEARCH_MAX_RESULTS + 1;
  const large = (count: number) => count === upTo;
  const [firstTier, anyCount] = await Promise.all([
    countOf(db, everyWord, upTo),
    search.partial ? countOf(db, anyWord, upTo) : undefined,
  ]);
  const found = anyCount ?? firstTier;
  const total = Math.min(found, SEARCH_MAX_RESULTS);
  const limit = Math.min(pageSize, total - offset);
  if (limit > 0 && offset + limit > firstTier && !large(found)) {
    // A page reaching past the first tier, of matches few enough to rank whole: one pass ranks both
    // tiers at once, each row's rank computed as it is read (docs/decisions/097).
    const ids = await rankedMatchIds(db, anyWord, search.rank, { limit, offset });
    return { items: await productsInOrder(db, ids, search.orderBy), total, page, pageSize };
  }
  let items: Product[] = [];
  if (offset < firstTier && limit > 0) {
    const tier = { where: everyWord, best: search.whereBest, large: large(firstTier) };
    items = await tierPage(db, tier, search.orderBy, limit, offset);
  }
  if (items.length < limit && total > firstTier) {
    // All the matches but the first tier, as many as stopped the count.
    const tier = {
      where: and(anyWord, sql`NOT (${search.whereAll})`),
      best: search.whereBestOfSome,
      large: true,
    };
    const skip = Math.max(0, offset - firstTier);
    items = [...items, ...(await tierPage(db, tier, search.orderBy, limit - items.length, skip))];
  }
  return { items, total, page, pageSize, ...(large(found) && { hay_mas: true }) };
}

/**
 * The ids of one page of the products `where` keeps, best `rank` first, then units sold, then id (a
 * search's order). Only the id and what orders it are kept of each row, so ranking a few hundred
 * matches costs about one reading of them.
 */
async function rankedMatchIds(
  db: Db,
  where: SQL | undefined,
  rank: SQL,
  { limit, offset }: { limit: number; offset: number },
): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`WITH matches AS MATERIALIZED (
        SELECT ${producto.id_producto} AS id, ${rank} AS rank, ${producto.unidades_vendidas} AS sold
        FROM ${producto} WHERE ${where ?? sql`true`})
      SELECT id FROM matches ORDER BY rank DESC, sold DESC, id LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((r) => r.id);
}

/**
 * One page of a tier, in rank order. A common word ('premium' in 7,600 names at 100,000 products) would
 * rank thousands of rows for nine; but the tier's best-ranked products (`best`: every word as typed in
 * the name, or every word but one in the some-words tier) are all of one rank and so in order of units
 * sold, which one index walks: tried when the tier may be `large`. Only when they cannot fill the page
 * is the whole tier ranked.
 */
async function tierPage(
  db: Db,
  tier: { where: SQL | undefined; best: SQL; large: boolean },
  orderBy: SQL[],
  limit: number,
  offset: number,
): Promise<Product[]> {
  if (tier.large) {
    const bestSellers = [desc(producto.unidades_vendidas), asc(producto.id_producto)];
    const page = await productsPage(db, and(tier.where, tier.best), bestSellers, limit, offset);
    if (page.length === limit) return page;
  }
  return productsPage(db, tier.where, orderBy, limit, offset);
}

/** One page of products with their category, read in the same statement that chooses them. */
function productsPage(db: Db, where: SQL | undefined, orderBy: SQL[], limit: number, offset: number) {
  return db
    .select({ p: productColumns, c: categoriaProducto })
    .from(producto)
    .innerJoin(categoriaProducto, eq(producto.id_categoria_producto, categoriaProducto.id_categoria_producto))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset)
    .then((rows) => rows.map((r) => toProductDto(r.p, r.c)));
}

/**
 * The ids of one page of the rows `where` keeps in `orderBy`, and how many it keeps (undefined when the
 * page is past them). The rows are collected and counted first, then ranked (see pageOfProducts).
 */
async function rankedIds(db: Db, where: SQL | undefined, orderBy: SQL[], limit: number, offset: number) {
  // The window function keeps the subquery apart from the ordering; the alias lets the order
  // expressions written for the table apply to it.
  const matches = db
    .select({
      ...getTableColumns(producto),
      total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
    })
    .from(producto)
    .where(where)
    .as('producto');
  const rows = await db
    .select({ id: producto.id_producto, total: matches.total })
    .from(matches)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  return { ids: rows.map((r) => r.id), total: rows[0]?.total };
}

function productsInOrder(db: Db, ids: number[] | SQLWrapper, orderBy: SQL[]): Promise<Product[]> {
  return db
    .select({ p: productColumns, c: categoriaProducto })
    .from(producto)
    .innerJoin(categoriaProducto, eq(producto.id_categoria_producto, categoriaProducto.id_categoria_producto))
    .where(inArray(producto.id_producto, ids))
    .orderBy(...orderBy)
    .then((rows) => rows.map((r) => toProductDto(r.p, r.c)));
}

/** How many rows `where` keeps; with `upTo`, counting stops there (a search's count, SEARCH_MAX_RESULTS). */
async function countOf(db: Db, where: SQL | undefined, upTo?: number): Promise<number> {
  if (upTo === undefined) {
    const [row] = await db.select({ total: count() }).from(producto).where(where);
    return row?.total ?? 0;
  }
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM ${firstMatches(where, upTo, sql`1`)}`,
  );
  return row?.total ?? 0;
}

/**
 * The first `limit` products that `where` keeps, in no order, as a FROM item named like the table (so
 * expressions written for the table, a search's rank, apply to it). Read from a materialized CTE and only
 * as far as the limit: with a plain LIMIT the planner expects that many early in a sequential scan, which
 * then tests a search on every row it passes (docs/decisions/037-search-at-scale.md).
 */
export function firstMatches(where: SQL | undefined, limit: number, columns: SQL = sql`*`): SQL {
  return sql`(WITH matches AS MATERIALIZED (SELECT ${columns} FROM ${producto} WHERE ${where ?? sql`true`})
    SELECT * FROM matches LIMIT ${limit}) AS ${producto}`;
}

export async function getVisibleProduct(db: Db, id: number): Promise<Product> {
  const [row] = await db
    .select({ p: productColumns, c: categoriaProducto })
    .from(producto)
    .innerJoin(categoriaProducto, eq(producto.id_categoria_producto, categoriaProducto.id_categoria_producto))
    .where(and(eq(producto.id_producto, id), visibleToPublic));
  if (!row) throw notFound('El producto no existe o no está disponible.');
  return toProductDto(row.p, row.c);
}

export async function listCategories(db: Db): Promise<Category[]> {
  return db.select().from(categoriaProducto).orderBy(asc(categoriaProducto.id_categoria_producto));
}

export async function getCategory(db: Db, id: number): Promise<Category> {
  const [row] = await db
    .select()
    .from(categoriaProducto)
    .where(eq(categoriaProducto.id_categoria_producto, id));
  if (!row) throw notFound('La categoría no existe.');
  return row;
}

/** Ids of every product the public can see, for the sitemap. */
export async function listVisibleProductIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: producto.id_producto })
    .from(producto)
    .where(visibleToPublic)
    .orderBy(asc(producto.id_producto));
  return rows.map((r) => r.id);
}
