import type { StockOf } from '@vitrina/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { producto, variante } from '../../db/schema';

/**
 * The units on sale of each line's product among `ids` that is still sold: a line of a product with
 * options has them of its variant, if active; one without a variant, of its product only when that has no
 * options (a cart kept before variants). null: the line cannot be bought.
 */
export async function availableStock(db: Db | Tx, ids: readonly number[]): Promise<StockOf> {
  if (ids.length === 0) return () => null;
  const unique = [...new Set(ids)];
  const [products, variants] = await Promise.all([
    db
      .select({
        id: producto.id_producto,
        stock: producto.stock,
        options: sql<number>`jsonb_array_length(${producto.opciones})`,
      })
      .from(producto)
      .where(and(inArray(producto.id_producto, unique), eq(producto.estado, true))),
    db
      .select({ id: variante.id_variante, product: variante.id_producto, stock: variante.stock })
      .from(variante)
      .where(and(inArray(variante.id_producto, unique), eq(variante.estado, true))),
  ]);
  const byProduct = new Map(products.map((row) => [row.id, row]));
  const byVariant = new Map(variants.map((row) => [row.id, row]));
  return ({ id_producto, id_variante }) => {
    const product = byProduct.get(id_producto);
    if (!product) return null;
    if (id_variante === null) return Number(product.options) === 0 ? product.stock : null;
    const found = byVariant.get(id_variante);
    return found?.product === id_producto ? found.stock : null;
  };
}
