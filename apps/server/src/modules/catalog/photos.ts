import type { ProductPhoto } from '@vitrina/shared';
import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { producto, productoImagen } from '../../db/schema';
import { badRequest } from '../../errors';
import type { FileStorage } from '../../storage/local';
import { ensurePhotoSizes } from '../uploads';
import { releaseImageIfUnused } from './image-references';

/*
 * A product's photos (producto_imagen): written whole on every change that sends them, read with the
 * product. Their first is also producto.imagen, which the caller writes in the same transaction.
 */

const IMAGE_MISSING = 'La imagen no existe. Vuelve a subirla.';

/** The product's photos in order, as one JSON value: a column of every product read (product-mapper.ts). */
export const photosColumn = sql<
  ProductPhoto[]
>`(SELECT coalesce(json_agg(json_build_object('url', ${productoImagen.url}, 'alt', ${productoImagen.alt}) ORDER BY ${productoImagen.posicion}), '[]'::json) FROM ${productoImagen} WHERE ${productoImagen.id_producto} = ${producto.id_producto})`;

/** Refuses photos the store does not hold; `known` (the product's current photos) are not asked about again. */
export async function assertPhotosStored(options: {
  storage: FileStorage;
  photos: readonly ProductPhoto[];
  known?: readonly string[];
}): Promise<void> {
  const fresh = options.photos.filter((photo) => !options.known?.includes(photo.url));
  const stored = await Promise.all(fresh.map((photo) => options.storage.exists(photo.url)));
  const missing = stored.indexOf(false);
  if (missing >= 0) {
    const index = options.photos.indexOf(fresh[missing] as ProductPhoto);
    throw badRequest(IMAGE_MISSING, {
      imagenes: IMAGE_MISSING,
      [`imagenes.${index}.url`]: IMAGE_MISSING,
      imagen: IMAGE_MISSING,
    });
  }
}

/** The product's photo URLs in order. */
export async function photoUrls(db: Db | Tx, id: number): Promise<string[]> {
  const rows = await db
    .select({ url: productoImagen.url })
    .from(productoImagen)
    .where(eq(productoImagen.id_producto, id))
    .orderBy(asc(productoImagen.posicion));
  return rows.map((row) => row.url);
}

/**
 * Replaces the product's photos with `photos`, in that order, inside the caller's transaction. A photo
 * it already had keeps its stored sizes. Answers the URLs it no longer has.
 */
export async function replacePhotos(
  tx: Tx,
  options: { id: number; photos: readonly ProductPhoto[] },
): Promise<string[]> {
  const before = await tx
    .delete(productoImagen)
    .where(eq(productoImagen.id_producto, options.id))
    .returning({ url: productoImagen.url, tamanos: productoImagen.tamanos });
  const sized = new Set(before.filter((row) => row.tamanos).map((row) => row.url));
  await tx.insert(productoImagen).values(
    options.photos.map((photo, index) => ({
      id_producto: options.id,
      posicion: index + 1,
      url: photo.url,
      alt: photo.alt,
      tamanos: sized.has(photo.url),
    })),
  );
  const kept = new Set(options.photos.map((photo) => photo.url));
  return before.map((row) => row.url).filter((url) => !kept.has(url));
}

/**
 * Stores the smaller sizes of photos that lack them (a shop's photos from before sizes existed, the demo
 * shop's), a few at a time, and marks them. Run after start-up and after a product change; any process
 * may run it at once with another: sizes stored twice are the same files. `parallel` photos are sized
 * at once: one (the default) beside a shop serving requests; as many as cores where nothing else waits
 * (a first start's seeding), since one photo's encodes keep a second core mostly idle.
 */
export async function sizeStoredPhotos(options: {
  db: Db;
  storage: FileStorage;
  productId?: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  parallel?: number;
}): Promise<number> {
  const { db, storage, parallel = 1 } = options;
  let done = 0;
  for (;;) {
    const rows = await db
      .selectDistinct({ url: productoImagen.url })
      .from(productoImagen)
      .where(
        and(
          not(productoImagen.tamanos),
          options.productId === undefined ? undefined : eq(productoImagen.id_producto, options.productId),
        ),
      )
      .limit(20);
    if (rows.length === 0) return done;
    const urls = rows.map((row) => row.url);
    const waiting = [...urls];
    const sizeWaiting = async () => {
      for (let url = waiting.shift(); url !== undefined; url = waiting.shift()) {
        // A photo whose file is gone or unreadable has nothing to be sized from: marked too, so it is not
        // read again at every start.
        const stored = await ensurePhotoSizes({ storage, url }).catch((err: unknown) => {
          options.log?.warn({ err, imagen: url }, 'could not store the sizes of a product photo');
          return true;
        });
        if (!stored) options.log?.warn({ imagen: url }, 'a product photo is not in the store');
        done += 1;
      }
    };
    await Promise.all(Array.from({ length: parallel }, sizeWaiting));
    await db.update(productoImagen).set({ tamanos: true }).where(inArray(productoImagen.url, urls));
  }
}

/** Deletes dropped photos nothing points at any more; called once their change has committed. */
export async function releasePhotos(options: {
  db: Db;
  storage: FileStorage;
  urls: readonly string[];
  log?: Pick<FastifyBaseLogger, 'warn'> | undefined;
}): Promise<void> {
  for (const url of options.urls) {
    // The change has committed; failing to tidy up an old file must not turn it into an error.
    await releaseImageIfUnused(options.db, options.storage, url).catch((err: unknown) =>
      options.log?.warn({ err, imagen: url }, 'could not delete a replaced product photo'),
    );
  }
}
