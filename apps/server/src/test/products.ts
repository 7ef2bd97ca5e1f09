import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { producto } from '../db/schema';

export type ProductRow = typeof producto.$inferSelect;

/**
 * The seeded shop's products on sale with more than 30 units, by id: what a test may buy, several times
 * over, without running out.
 */
export function stockedProducts(db: Db): Promise<ProductRow[]> {
  return db
    .select()
    .from(producto)
    .where(and(eq(producto.estado, true), gt(producto.stock, 30)))
    .orderBy(asc(producto.id_producto));
}
