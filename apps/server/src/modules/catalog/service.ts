import {
  type Category,
  centsToDecimal,
  type Product,
  type ProductListQuery,
  type ProductPage,
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
import type { Db } from '../../db/client';
import { categoriaProducto, producto } from '../../db/schema';
import { notFound } from '../../errors';
import { toProductDto } from './product-mapper';
import { nameSearch } from './product-search';

/**
 * The public never sees an inactive product or one without stock. Written as literals, not parameters,
 * because it is the predicate of the listing indexes (schema.ts) and the planner must prove it in any plan.
 */
const visibleToPublic = sql`${producto.estado} AND ${producto.stock} > 0`;

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
  const search = query.name ? nameSearch(query.name) : undefined;
  const where = and(
    visibleToPublic,
    query.categoria === undefined ? undefined : eq(producto.id_categoria_producto, query.categoria),
    query.descuento === undefined
      ? undefined
      : query.descuento
        ? isNotNull(producto.valor_descuento)
        : isNull(producto.valor_descuento),
    query.minPrecio === undefined ? undefined : gte(producto.precio_efectivo, price(query.minPrecio)),
    query.maxPrecio === undefined ? undefined : lte(producto.precio_efectivo, price(query.maxPrecio)),
    search?.where,
  );
  const orderBy = query.orden
    ? ORDERS[query.orden]
    : search
      ? [sql`${search.rank} DESC`, asc(producto.id_producto)]
      : [asc(producto.id_producto)];

  return pageOfProducts(db, where, orderBy, query, { search: search !== undefined });
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
  const pageIds = await db
    .select({ id: producto.id_producto, total: matches.total })
    .from(matches)
    .orderBy(...orderBy)
    .limit(pageSize)
    .offset(offset);
  const [first] = pageIds;
  if (!first) return { items: [], total: offset === 0 ? 0 : await countOf(db, where), page, pageSize };
  const items = await productsInOrder(
    db,
    pageIds.map((r) => r.id),
    orderBy,
  );
  return { items, total: first.total, page, pageSize };
}

function productsInOrder(db: Db, ids: number[] | SQLWrapper, orderBy: SQL[]): Promise<Product[]> {
  return db
    .select({ p: producto, c: categoriaProducto })
    .from(producto)
    .innerJoin(categoriaProducto, eq(producto.id_categoria_producto, categoriaProducto.id_categoria_producto))
    .where(inArray(producto.id_producto, ids))
    .orderBy(...orderBy)
    .then((rows) => rows.map((r) => toProductDto(r.p, r.c)));
}

async function countOf(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(producto).where(where);
  return row?.total ?? 0;
}

export async function getVisibleProduct(db: Db, id: number): Promise<Product> {
  const [row] = await db
    .select({ p: producto, c: categoriaProducto })
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
