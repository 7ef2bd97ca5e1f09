import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categoriaProducto, producto, productoImagen, usuario, variante } from '../../db/schema';
import type { FileStorage } from '../../storage/local';
import { removePhotoSizes } from '../uploads';

/*
 * Uploaded files are shared ground: the same /uploads/… URL could sit on a product, a category or an
 * account (seeds and future features reuse pictures), so the one question "is this file still used?"
 * reads every table that holds an image URL. Read-only; nothing here changes another module's rows.
 */

/** How many products (any of their photos or variants), categories and accounts point at this image. */
export async function imageReferences(db: Db, url: string): Promise<number> {
  const [products, photos, variants, categories, users] = await Promise.all([
    db.select({ n: count() }).from(producto).where(eq(producto.imagen, url)),
    db.select({ n: count() }).from(productoImagen).where(eq(productoImagen.url, url)),
    db.select({ n: count() }).from(variante).where(eq(variante.imagen, url)),
    db
      .select({ n: count() })
      .from(categoriaProducto)
      .where(eq(categoriaProducto.imagen_categoria_producto, url)),
    db.select({ n: count() }).from(usuario).where(eq(usuario.imagen, url)),
  ]);
  return [products, photos, variants, categories, users].reduce((sum, rows) => sum + (rows[0]?.n ?? 0), 0);
}

/**
 * Deletes a replaced image, and a product photo's smaller sizes, once nothing points at it. Called after
 * the change that dropped it has committed: deleting inside the transaction could lose a file that a
 * rollback would still need.
 * Answers whether the file was deleted.
 */
export async function releaseImageIfUnused(db: Db, storage: FileStorage, url: string): Promise<boolean> {
  if (!url || (await imageReferences(db, url)) > 0) return false;
  await storage.remove(url);
  await removePhotoSizes({ storage, url });
  return true;
}
