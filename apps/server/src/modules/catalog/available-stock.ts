import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { producto } from '../../db/schema';

/** The units on sale of each product among `ids` that is still sold; a product not in the map is not. */
export async function availableStock(db: Db | Tx, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: producto.id_producto, stock: producto.stock })
    .from(producto)
    .where(and(inArray(producto.id_producto, [...new Set(ids)]), eq(producto.estado, true)));
  return new Map(rows.map((row) => [row.id, row.stock]));
}
