import {
  type AdminProductQuery,
  type AuditAction,
  CATEGORY_NOT_FOUND,
  centsToDecimal,
  DISCOUNT_NOT_BELOW_PRICE,
  type Product,
  type ProductoData,
  type ProductoUpdate,
  type ProductPage,
  toCents,
} from '@vitrina/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { categoriaProducto, producto, productoImagen, variante } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import type { FileStorage } from '../../storage/local';
import { recordAudit } from '../audit';
import { nameSearch } from './admin-name-search';
import { assertPhotosStored, photoUrls, releasePhotos, replacePhotos, sizeStoredPhotos } from './photos';
import { productColumns, toProductDto } from './product-mapper';
import { pageOfProducts } from './service';
import { saveVariants } from './variants';

/*
 * The admin's side of the catalog: every product whatever its estado or stock, and the three changes
 * (create, edit, Eliminar/Restaurar). Each change and its audit row commit together, so the trail never
 * misses a change nor records one that did not happen.
 */

type ProductRow = typeof producto.$inferSelect;

const NO_PRODUCT = 'El producto no existe.';
const SET_ON_VARIANTS = 'Este producto tiene variantes: cambia su precio y su stock en cada variante.';

/**
 * The fields an admin can change, as the audit trail records them (prices as two-decimal text; the photos
 * by URL, in order).
 */
export type Snapshot = { imagenes?: string[] } & Partial<
  Pick<
    ProductRow,
    | 'nombre'
    | 'descripcion_producto'
    | 'valor'
    | 'valor_descuento'
    | 'stock'
    | 'imagen'
    | 'estado'
    | 'id_categoria_producto'
  >
>;

export const AUDITED = [
  'nombre',
  'descripcion_producto',
  'valor',
  'valor_descuento',
  'stock',
  'imagen',
  'estado',
  'id_categoria_producto',
] as const;

export function snapshot(row: ProductRow, keys: ReadonlyArray<(typeof AUDITED)[number]> = AUDITED): Snapshot {
  return Object.fromEntries(keys.map((key) => [key, row[key]]));
}

const money = (units: number) => centsToDecimal(toCents(units));

/** A product as the API shows it, whatever its estado; 404 when there is no such product. */
async function productById(db: Db | Tx, id: number): Promise<Product> {
  const [row] = await db
    .select({ p: productColumns, c: categoriaProducto })
    .from(producto)
    .innerJoin(categoriaProducto, eq(producto.id_categoria_producto, categoriaProducto.id_categoria_producto))
    .where(eq(producto.id_producto, id));
  if (!row) throw notFound(NO_PRODUCT);
  return toProductDto(row.p, row.c);
}

/** What the shared schema cannot know: the category exists. */
async function assertCategoryExists(
  db: Db,
  changes: { id_categoria_producto?: number | undefined },
): Promise<void> {
  if (changes.id_categoria_producto !== undefined) {
    const [category] = await db
      .select({ id: categoriaProducto.id_categoria_producto })
      .from(categoriaProducto)
      .where(eq(categoriaProducto.id_categoria_producto, changes.id_categoria_producto));
    if (!category) throw badRequest(CATEGORY_NOT_FOUND, { id_categoria_producto: CATEGORY_NOT_FOUND });
  }
}

/** Makes the sizes of a product's new photos; a failure leaves the photos as they are, only larger. */
async function sizeNewPhotos(
  db: Db,
  storage: FileStorage,
  id: number,
  log?: Pick<FastifyBaseLogger, 'warn'>,
) {
  await sizeStoredPhotos({ db, storage, productId: id, log }).catch((err: unknown) =>
    log?.warn({ err, id_producto: id }, 'could not store the sizes of product photos'),
  );
}

const audit = (
  tx: Tx,
  adminId: number,
  accion: AuditAction,
  id: number,
  antes: Snapshot | null,
  despues: Snapshot,
) => recordAudit(tx, { id_usuario: adminId, accion, id_entidad: id, antes, despues });

/** The admin table: all products, by name (the storefront's search) and by estado, newest first. */
export async function listAllProducts(db: Db, query: AdminProductQuery): Promise<ProductPage> {
  const search = query.name ? nameSearch(query.name) : undefined;
  const where = and(
    query.estado === undefined ? undefined : eq(producto.estado, query.estado),
    search?.where,
  );
  const orderBy = search
    ? [sql`${search.rank} DESC`, desc(producto.id_producto)]
    : [desc(producto.id_producto)];
  return pageOfProducts(db, where, orderBy, query, { search: search !== undefined });
}

/** The products of these ids as the API shows them, whatever their estado, in id order. */
export async function getProductsByIds(db: Db, ids: readonly number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ p: productColumns, c: categoriaProducto })
    .from(producto)
    .innerJoin(categoriaProducto, eq(producto.id_categoria_producto, categoriaProducto.id_categoria_producto))
    .where(inArray(producto.id_producto, [...ids]))
    .orderBy(asc(producto.id_producto));
  return rows.map((r) => toProductDto(r.p, r.c));
}

/** One product for the edit form, active or not. */
export async function getProductForAdmin(db: Db, id: number): Promise<Product> {
  return productById(db, id);
}

/** A new product, active at once: the storefront lists it on the next request. */
export async function createProduct(
  db: Db,
  storage: FileStorage,
  adminId: number,
  input: ProductoData,
): Promise<Product> {
  await assertCategoryExists(db, input);
  await assertPhotosStored({ storage, photos: input.imagenes });
  const product = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(producto)
      .values({
        nombre: input.nombre,
        descripcion_producto: input.descripcion_producto,
        valor: money(input.valor),
        valor_descuento: input.valor_descuento === null ? null : money(input.valor_descuento),
        stock: input.stock ?? 0,
        imagen: input.imagen,
        id_categoria_producto: input.id_categoria_producto,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await saveVariants({
      tx,
      productId: row.id_producto,
      opciones: input.opciones ?? [],
      variantes: input.variantes ?? [{ valores: [], stock: input.stock ?? 0, imagen: '', estado: true }],
      base: { valor: row.valor, valor_descuento: row.valor_descuento },
    });
    await replacePhotos(tx, { id: row.id_producto, photos: input.imagenes });
    await audit(tx, adminId, 'producto.creado', row.id_producto, null, {
      ...snapshot(row),
      imagenes: input.imagenes.map((photo) => photo.url),
    });
    return productById(tx, row.id_producto);
  });
  await sizeNewPhotos(db, storage, product.id_producto);
  return product;
}

/**
 * Applies the fields the admin filled. The discount is checked against the price the product will have
 * (the one sent, or the stored one). Photos sent replace the product's; a photo it no longer has is
 * deleted once nothing points at it any more.
 */
export async function editProduct(
  db: Db,
  storage: FileStorage,
  adminId: number,
  id: number,
  changes: ProductoUpdate,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Product> {
  await assertCategoryExists(db, changes);
  if (changes.imagenes) {
    await assertPhotosStored({ storage, photos: changes.imagenes, known: await photoUrls(db, id) });
  }
  const { product, dropped } = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(producto).where(eq(producto.id_producto, id)).for('update');
    if (!before) throw notFound(NO_PRODUCT);
    const photosBefore = await tx
      .select({ url: productoImagen.url, alt: productoImagen.alt })
      .from(productoImagen)
      .where(eq(productoImagen.id_producto, id))
      .orderBy(asc(productoImagen.posicion));
    const photosChanged =
      changes.imagenes !== undefined && JSON.stringify(changes.imagenes) !== JSON.stringify(photosBefore);

    const wanted: Snapshot = {
      nombre: changes.nombre,
      descripcion_producto: changes.descripcion_producto,
      valor: changes.valor === undefined ? undefined : money(changes.valor),
      valor_descuento:
        changes.valor_descuento === undefined
          ? undefined
          : changes.valor_descuento === null
            ? null
            : money(changes.valor_descuento),
      stock: changes.stock,
      imagen: changes.imagen,
      id_categoria_producto: changes.id_categoria_producto,
    };
    const valor = toCents(wanted.valor ?? before.valor);
    const descuento = wanted.valor_descuento === undefined ? before.valor_descuento : wanted.valor_descuento;
    if (descuento !== null && toCents(descuento) >= valor) {
      throw badRequest(DISCOUNT_NOT_BELOW_PRICE, { valor_descuento: DISCOUNT_NOT_BELOW_PRICE });
    }

    if (changes.variantes !== undefined) {
      // The variants carry stock and prices: the product's own become theirs through the trigger.
      wanted.valor = undefined;
      wanted.valor_descuento = undefined;
      wanted.stock = undefined;
      await saveVariants({
        tx,
        productId: id,
        opciones: changes.opciones ?? before.opciones,
        variantes: changes.variantes,
        base: {
          valor: changes.valor === undefined ? before.valor : money(changes.valor),
          valor_descuento: descuento,
        },
      });
    }

    // Only what really changes is written and audited; re-sending the stored values is no change.
    const changed = AUDITED.filter((key) => wanted[key] !== undefined && wanted[key] !== before[key]);
    if (changed.some((key) => key === 'valor' || key === 'valor_descuento' || key === 'stock')) {
      await refuseWhenSeveralVariants(tx, id);
    }
    if (changed.length === 0 && !photosChanged) {
      return { product: await productById(tx, id), dropped: [] };
    }
    const set = Object.fromEntries(changed.map((key) => [key, wanted[key]]));
    const after = changed.length === 0 ? before : await updated(tx, id, set);
    const removedPhotos =
      changes.imagenes && photosChanged ? await replacePhotos(tx, { id, photos: changes.imagenes }) : [];
    const photos = (list: { url: string }[]) => (photosChanged ? { imagenes: list.map((p) => p.url) } : {});
    await audit(
      tx,
      adminId,
      'producto.editado',
      id,
      { ...snapshot(before, changed), ...photos(photosBefore) },
      { ...snapshot(after, changed), ...photos(changes.imagenes ?? []) },
    );
    return {
      product: await productById(tx, id),
      dropped: changed.includes('imagen') ? [before.imagen, ...removedPhotos] : removedPhotos,
    };
  });
  await releasePhotos({ db, storage, urls: dropped, log });
  if (changes.imagenes) await sizeNewPhotos(db, storage, id, log);
  return product;
}

/** The product's own stock and prices are one variant's: with several, each variant has its own. */
async function refuseWhenSeveralVariants(tx: Tx, id: number): Promise<void> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(variante)
    .where(eq(variante.id_producto, id));
  if ((row?.n ?? 0) > 1) throw badRequest(SET_ON_VARIANTS);
}

async function updated(tx: Tx, id: number, set: Record<string, unknown>): Promise<ProductRow> {
  const [after] = await tx.update(producto).set(set).where(eq(producto.id_producto, id)).returning();
  if (!after) throw notFound(NO_PRODUCT);
  return after;
}

/**
 * Eliminar / Restaurar (SPEC §4): flips estado, or sets it when `estado` is given, so a repeated click
 * with the value the button meant does not undo itself. Setting the value it already has changes and
 * audits nothing.
 */
export async function toggleProduct(db: Db, adminId: number, id: number, estado?: boolean): Promise<Product> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(producto).where(eq(producto.id_producto, id)).for('update');
    if (!before) throw notFound(NO_PRODUCT);
    const next = estado ?? !before.estado;
    if (next !== before.estado) {
      await tx.update(producto).set({ estado: next }).where(eq(producto.id_producto, id));
      await audit(
        tx,
        adminId,
        next ? 'producto.restaurado' : 'producto.desactivado',
        id,
        { estado: before.estado },
        { estado: next },
      );
    }
    return productById(tx, id);
  });
}
