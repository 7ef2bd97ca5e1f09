import {
  type CurrencyCode,
  centsToDecimal,
  IMPORT_ERRORS_MAX,
  IMPORT_MESSAGES,
  type ImportError,
  type ImportResult,
  toCents,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_MB,
} from '@vitrina/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { unzipSync } from 'fflate';
import type { Db, Tx } from '../../db/client';
import { categoriaProducto, producto, productoImagen, variante } from '../../db/schema';
import { AppError, badRequest, rootCause } from '../../errors';
import type { FileStorage } from '../../storage/local';
import { recordAudit, recordAudits } from '../audit';
import { importedPhotoUrl, storeProductPhotoOnce } from '../uploads';
import { AUDITED, snapshot } from './admin-service';
import { readCatalogCsv } from './import-file';
import {
  foldName,
  type PhotoRef,
  type PlannedProduct,
  type PlannedVariant,
  planImport,
  zipKey,
} from './import-plan';
import { releasePhotos, replacePhotos } from './photos';
import { saveVariants } from './variants';

/*
 * A catalog import (decision 089): the file is read and planned (every row checked), its photos found,
 * then, unless it is a dry run or any row is wrong, applied in one transaction: new products in batches
 * of a few hundred rows per statement, changed ones one by one as the product form saves them, products
 * the file leaves as they are not written at all, so importing a file twice changes nothing. Between
 * batches the import yields to the event loop, so the shop keeps answering while it runs.
 */

const BATCH = 250;
const money = (units: number) => centsToDecimal(toCents(units));
const yieldToShop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ImportOptions {
  db: Db;
  storage: FileStorage;
  currency: CurrencyCode;
  adminId: number;
  csv: Uint8Array;
  zip?: Uint8Array | undefined;
  dryRun: boolean;
  log?: Pick<FastifyBaseLogger, 'warn'> | undefined;
}

type StoredProduct = {
  row: typeof producto.$inferSelect;
  variants: Array<typeof variante.$inferSelect>;
  photos: Array<{ url: string; alt: string }>;
};

/** A row the database refused while applying: the whole import is rolled back and the row is named. */
class RowRefused extends Error {
  constructor(readonly fila: number) {
    super(`row ${fila} refused`);
  }
}

export async function importCatalog(options: ImportOptions): Promise<ImportResult> {
  const { db, storage, currency } = options;
  const read = readCatalogCsv(options.csv);
  if ('error' in read) throw badRequest(read.error, { archivo: read.error });
  const zip = options.zip ? zipEntries(options.zip) : undefined;

  const [categories, skus] = await Promise.all([
    db.select().from(categoriaProducto),
    db.select({ sku: sql<string>`lower(${variante.sku})`, id: variante.id_producto }).from(variante),
  ]);
  const plan = await planImport(read.rows, {
    currency,
    categories: new Map(
      categories.map((c) => [foldName(c.nombre_categoria_producto), c.id_categoria_producto]),
    ),
    skus: new Map(skus.map((s) => [s.sku, s.id])),
    zipNames: zip && new Set(zip.keys()),
  });
  const errors = [...plan.errors];
  const urls = await resolvePhotos({
    storage,
    dryRun: options.dryRun,
    products: plan.products,
    zip,
    zipData: options.zip,
    errors,
  });

  const stored = await storedProducts(
    db,
    plan.products.flatMap((p) => (p.id_producto === undefined ? [] : [p.id_producto])),
  );
  const creates = plan.products.filter((p) => p.id_producto === undefined);
  const updates = plan.products.filter((p) => {
    const current = p.id_producto === undefined ? undefined : stored.get(p.id_producto);
    return current !== undefined && !sameAsStored(p, current, urls);
  });
  const result = (errores: ImportError[]) => ({
    creados: creates.length,
    actualizados: updates.length,
    errores: errores.sort((a, b) => a.fila - b.fila).slice(0, IMPORT_ERRORS_MAX),
  });
  if (errors.length > 0 || options.dryRun) return result(errors);

  let dropped: string[];
  try {
    dropped = await db.transaction(async (tx) => {
      for (let i = 0; i < creates.length; i += BATCH) {
        await createBatch(tx, creates.slice(i, i + BATCH), urls, options.adminId);
        await yieldToShop();
      }
      const released: string[] = [];
      for (const [i, product] of updates.entries()) {
        released.push(...(await updateProduct(tx, product, stored, urls, options.adminId)));
        if (i % BATCH === BATCH - 1) await yieldToShop();
      }
      return released;
    });
  } catch (err) {
    if (err instanceof RowRefused) {
      return { ...result([]), creados: 0, actualizados: 0, errores: [refusal(err)] };
    }
    throw err;
  }
  await releasePhotos({ db, storage, urls: dropped, log: options.log });
  return result([]);
}

const refusal = (err: RowRefused): ImportError => ({
  fila: err.fila,
  columna: 'producto',
  mensaje: IMPORT_MESSAGES.notSaved,
});

/** The ZIP's files by the name the CSV gives them; a file that is not a ZIP is refused. */
function zipEntries(zip: Uint8Array): Map<string, { name: string; size: number }> {
  const entries = new Map<string, { name: string; size: number }>();
  try {
    // Only the directory is read here: each photo is inflated when its turn comes.
    unzipSync(zip, {
      filter: (file) => {
        if (!file.name.endsWith('/') && !file.name.startsWith('__MACOSX/')) {
          entries.set(zipKey(file.name), { name: file.name, size: file.originalSize });
        }
        return false;
      },
    });
  } catch {
    throw badRequest(IMPORT_MESSAGES.notZip, { imagenes: IMPORT_MESSAGES.notZip });
  }
  return entries;
}

/**
 * The address of every photo the plan names. A ZIP photo's address comes from its bytes; when applying,
 * it is stored (with its sizes) before the transaction. A shop address must be a stored photo.
 */
async function resolvePhotos(options: {
  storage: FileStorage;
  dryRun: boolean;
  products: PlannedProduct[];
  zip: Map<string, { name: string; size: number }> | undefined;
  zipData: Uint8Array | undefined;
  errors: ImportError[];
}): Promise<Map<string, string>> {
  const users = new Map<string, { ref: PhotoRef; filas: number[]; columna: string }>();
  const use = (ref: PhotoRef | null, fila: number, columna: string) => {
    if (!ref) return;
    const key = 'url' in ref ? ref.url : `zip:${ref.zip}`;
    const entry = users.get(key) ?? { ref, filas: [], columna };
    entry.filas.push(fila);
    users.set(key, entry);
  };
  for (const product of options.products) {
    for (const ref of product.fotos) use(ref, product.fila, 'imagenes');
    for (const v of product.variantes) use(v.imagen, v.fila, 'imagen_variante');
  }
  const urls = new Map<string, string>();
  for (const [key, { ref, filas, columna }] of users) {
    const fail = (mensaje: string) => {
      for (const fila of filas) options.errors.push({ fila, columna, mensaje });
    };
    if ('url' in ref) {
      if (await options.storage.exists(ref.url)) urls.set(key, ref.url);
      else fail(IMPORT_MESSAGES.photoMissingInShop(ref.url));
      continue;
    }
    const entry = options.zip?.get(ref.zip);
    if (!entry || !options.zipData) continue;
    if (entry.size > UPLOAD_MAX_BYTES) {
      fail(IMPORT_MESSAGES.photoTooLarge(entry.name, UPLOAD_MAX_MB));
      continue;
    }
    const bytes = unzipSync(options.zipData, { filter: (file) => file.name === entry.name })[entry.name];
    if (!bytes) continue;
    if (options.dryRun) {
      urls.set(key, importedPhotoUrl(bytes));
      continue;
    }
    const url = await storeProductPhotoOnce({ storage: options.storage, bytes }).catch(() => undefined);
    if (url) urls.set(key, url);
    else fail(IMPORT_MESSAGES.photoNotImage(entry.name));
  }
  return urls;
}

const urlOf = (ref: PhotoRef | null, urls: ReadonlyMap<string, string>) =>
  ref === null ? '' : (urls.get('url' in ref ? ref.url : `zip:${ref.zip}`) ?? '');

/** The shop's products of these ids, with their variants and photos. */
async function storedProducts(db: Db, ids: number[]): Promise<Map<number, StoredProduct>> {
  const products = new Map<number, StoredProduct>();
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const [rows, variants, photos] = await Promise.all([
      db.select().from(producto).where(inArray(producto.id_producto, chunk)),
      db
        .select()
        .from(variante)
        .where(inArray(variante.id_producto, chunk))
        .orderBy(asc(variante.id_variante)),
      db
        .select({ id: productoImagen.id_producto, url: productoImagen.url, alt: productoImagen.alt })
        .from(productoImagen)
        .where(inArray(productoImagen.id_producto, chunk))
        .orderBy(asc(productoImagen.posicion)),
    ]);
    for (const row of rows) products.set(row.id_producto, { row, variants: [], photos: [] });
    for (const v of variants) products.get(v.id_producto)?.variants.push(v);
    for (const p of photos) products.get(p.id)?.photos.push({ url: p.url, alt: p.alt });
  }
  return products;
}

/** The file says what the shop already has: writing it would change nothing. */
function sameAsStored(planned: PlannedProduct, stored: StoredProduct, urls: ReadonlyMap<string, string>) {
  const { row } = stored;
  const cents = (amount: string | null) => (amount === null ? null : toCents(amount));
  const bySku = new Map(stored.variants.map((v) => [v.sku, v]));
  return (
    row.nombre === planned.nombre &&
    row.descripcion_producto === planned.descripcion_producto &&
    row.id_categoria_producto === planned.id_categoria_producto &&
    row.estado === planned.estado &&
    JSON.stringify(row.opciones) === JSON.stringify(planned.opciones) &&
    JSON.stringify(stored.photos.map((p) => p.url)) ===
      JSON.stringify(planned.fotos.map((ref) => urlOf(ref, urls))) &&
    stored.variants.length === planned.variantes.length &&
    planned.variantes.every((v) => {
      const current = bySku.get(v.sku);
      return (
        current !== undefined &&
        JSON.stringify(current.valores) === JSON.stringify(v.valores) &&
        cents(current.valor) === toCents(v.valor) &&
        cents(current.valor_descuento) === (v.valor_descuento === null ? null : toCents(v.valor_descuento)) &&
        current.stock === v.stock &&
        current.stock_minimo === v.stock_minimo &&
        current.imagen === urlOf(v.imagen, urls) &&
        current.estado === v.estado
      );
    })
  );
}

/**
 * What the variant trigger (migration 0023) will write on the product, computed here so the product is
 * inserted with it: the trigger, which runs after the batch's variants are all in, then finds nothing to
 * change and leaves the product row (and the search vocabulary) alone. Were anything here to differ from
 * the trigger's answer, it would simply write its own.
 */
function mirrorOf(p: PlannedProduct) {
  const active = p.variantes.filter((v) => v.estado);
  const paid = (v: PlannedVariant) => v.valor_descuento ?? v.valor;
  const rank = (v: PlannedVariant) => (v.estado && v.stock > 0 ? 0 : v.estado ? 1 : 2);
  const [first] = [...p.variantes].sort((a, b) => rank(a) - rank(b) || paid(a) - paid(b));
  const values = [...new Set(active.flatMap((v) => v.valores))].sort();
  const texts = [p.opciones.map((o) => o.nombre).join(' '), values.join(' ')].filter((t) => t !== '');
  return {
    stock: active.reduce((sum, v) => sum + v.stock, 0),
    valor: money(first?.valor ?? 0),
    valor_descuento: first?.valor_descuento == null ? null : money(first.valor_descuento),
    precio_varia: new Set(active.map(paid)).size > 1,
    opciones_texto: texts.join(' '),
  };
}

/** New products, a statement per table for the whole batch; each is audited as created. */
async function createBatch(
  tx: Tx,
  products: PlannedProduct[],
  urls: ReadonlyMap<string, string>,
  adminId: number,
): Promise<void> {
  await refusedAs(products[0]?.fila ?? 0, async () => {
    const rows = await tx
      .insert(producto)
      .values(
        products.map((p) => ({
          nombre: p.nombre,
          descripcion_producto: p.descripcion_producto,
          ...mirrorOf(p),
          imagen: urlOf(p.fotos[0] ?? null, urls),
          estado: p.estado,
          id_categoria_producto: p.id_categoria_producto,
          opciones: p.opciones,
        })),
      )
      .returning();
    // INSERT … RETURNING answers the rows in the order of VALUES.
    const ids = rows.map((row) => row.id_producto);
    await tx.insert(variante).values(
      products.flatMap((p, i) =>
        p.variantes.map((v) => ({
          id_producto: ids[i] as number,
          sku: v.sku,
          valores: v.valores,
          valor: money(v.valor),
          valor_descuento: v.valor_descuento === null ? null : money(v.valor_descuento),
          stock: v.stock,
          stock_minimo: v.stock_minimo,
          imagen: urlOf(v.imagen, urls),
          estado: v.estado,
        })),
      ),
    );
    await tx.insert(productoImagen).values(
      products.flatMap((p, i) =>
        p.fotos.map((ref, j) => ({
          id_producto: ids[i] as number,
          posicion: j + 1,
          url: urlOf(ref, urls),
          alt: '',
          // A ZIP's photo was stored with its sizes; a shop photo's are the start-up step's (decision 076).
          tamanos: 'zip' in ref,
        })),
      ),
    );
    await recordAudits(
      tx,
      rows.map((row, i) => ({
        id_usuario: adminId,
        accion: 'producto.creado' as const,
        id_entidad: row.id_producto,
        antes: null,
        despues: { ...snapshot(row), imagenes: products[i]?.fotos.map((ref) => urlOf(ref, urls)) },
      })),
    );
  });
}

/** A product of the shop as the file says it, saved as the product form saves it; answers dropped photos. */
async function updateProduct(
  tx: Tx,
  planned: PlannedProduct,
  stored: ReadonlyMap<number, StoredProduct>,
  urls: ReadonlyMap<string, string>,
  adminId: number,
): Promise<string[]> {
  const id = planned.id_producto as number;
  return refusedAs(planned.fila, async () => {
    const [before] = await tx.select().from(producto).where(eq(producto.id_producto, id)).for('update');
    if (!before) throw new RowRefused(planned.fila);
    const photos = planned.fotos.map((ref) => urlOf(ref, urls));
    const idBySku = new Map(
      (stored.get(id)?.variants ?? []).map((v) => [v.sku.toLowerCase(), v.id_variante]),
    );
    await tx
      .update(producto)
      .set({
        nombre: planned.nombre,
        descripcion_producto: planned.descripcion_producto,
        id_categoria_producto: planned.id_categoria_producto,
        estado: planned.estado,
        imagen: photos[0] ?? before.imagen,
      })
      .where(eq(producto.id_producto, id));
    await saveVariants({
      tx,
      productId: id,
      opciones: planned.opciones,
      variantes: planned.variantes.map((v) => ({
        id_variante: idBySku.get(v.sku.toLowerCase()),
        sku: v.sku,
        valores: v.valores,
        valor: v.valor,
        valor_descuento: v.valor_descuento,
        stock: v.stock,
        stock_minimo: v.stock_minimo,
        imagen: urlOf(v.imagen, urls),
        estado: v.estado,
      })),
      base: { valor: before.valor, valor_descuento: null },
    });
    const photosBefore = stored.get(id)?.photos ?? [];
    const photosChanged = JSON.stringify(photosBefore.map((p) => p.url)) !== JSON.stringify(photos);
    const alts = new Map(photosBefore.map((p) => [p.url, p.alt]));
    const removed = photosChanged
      ? await replacePhotos(tx, { id, photos: photos.map((url) => ({ url, alt: alts.get(url) ?? '' })) })
      : [];
    const [after] = await tx.select().from(producto).where(eq(producto.id_producto, id));
    if (!after) throw new RowRefused(planned.fila);
    const changed = AUDITED.filter((key) => before[key] !== after[key]);
    const images = (list: string[]) => (photosChanged ? { imagenes: list } : {});
    await recordAudit(tx, {
      id_usuario: adminId,
      accion: 'producto.editado',
      id_entidad: id,
      antes: { ...snapshot(before, changed), ...images(photosBefore.map((p) => p.url)) },
      despues: { ...snapshot(after, changed), ...images(photos) },
    });
    return changed.includes('imagen') ? [before.imagen, ...removed] : removed;
  });
}

/** Runs a write; a refusal by the database (a constraint, a 400 of the saving rules) names the row. */
async function refusedAs<T>(fila: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof RowRefused) throw err;
    const cause = err instanceof Error ? (rootCause(err) as Error & { code?: string }) : undefined;
    if ((err instanceof AppError && err.statusCode === 400) || cause?.code?.startsWith('23')) {
      throw new RowRefused(fila);
    }
    throw err;
  }
}
