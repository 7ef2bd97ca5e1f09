import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { producto } from '../../db/schema';

/*
 * A product keeps the running sum and count of its visible ratings, so its average is read with the
 * product and never computed over the ratings. The ratings module changes them here, in the transaction
 * that shows or hides the rating (`tx`), so the totals always match the visible ratings.
 */

async function adjustTotals(tx: Tx, idProducto: number, valor: number, change: 1 | -1): Promise<void> {
  await tx
    .update(producto)
    .set({
      calificacion_suma: sql`${producto.calificacion_suma} + ${change * valor}`,
      calificacion_cantidad: sql`${producto.calificacion_cantidad} + ${change}`,
    })
    .where(eq(producto.id_producto, idProducto));
}

/** A new visible rating of `valor` stars now counts in its product's average. */
export const countRating = (tx: Tx, idProducto: number, valor: number) =>
  adjustTotals(tx, idProducto, valor, 1);

/** A hidden rating of `valor` stars no longer counts in its product's average. */
export const uncountRating = (tx: Tx, idProducto: number, valor: number) =>
  adjustTotals(tx, idProducto, valor, -1);
