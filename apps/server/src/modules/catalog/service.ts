import {
  type Category,
  centsToDecimal,
  type Product,
  type ProductListQuery,
  type ProductPage,
  toCents,
} from '@vitrina/shared';
import { and, asc, count, desc, eq, gt, gte, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categoriaProducto, producto } from '../../db/schema';
import { notFound } from '../../errors';
import { toProductDto } from './product-mapper';
import { nameSearch } from './product-search';

/** The public never sees an inactive product or one without stock. */
const visibleToPublic = and(eq(producto.estado, true), gt(producto.stock, 0)) as SQL;

/** Every order ends with the id so equal values never swap places between pages. */
const ORDERS: Record<NonNullable<ProductListQuery['orden']>, SQL[]> = {
  nombre_asc: [sql`f_unaccent(lower(${producto.nombre})) ASC`, asc(producto.id_producto)],
  nombre_desc: [sql`f_unaccent(lower(${producto.nombre})) DESC`, desc(producto.id_producto)],
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

  return pageOfProducts(db, where, orderBy, query);
}

/** One page of products with their category, and how many match in all: every product table uses it. */
export async function pageOfProducts(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  { page, pageSize }: { page: number; pageSize: number },
): Promise<ProductPage> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ p: producto, c: categoriaProducto })
      .from(producto)
      .innerJoin(
        categoriaProducto,
        eq(producto.id_categoria_producto, categoriaProducto.id_categoria_producto),
      )
      .where(where)
      .orderBy(...orderBy)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(producto).where(where),
  ]);
  return { items: rows.map((r) => toProductDto(r.p, r.c)), total: totalRow?.total ?? 0, page, pageSize };
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
