import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { detalleVenta } from '../../db/schema';

/**
 * Marks a order line as rated (`comentado`), in the transaction `tx` that records its rating. Conditional,
 * so of two submissions racing for one line only the first gets true; false when the line was already
 * rated (or does not exist).
 */
export async function markLineRated(tx: Tx, idDetalleVenta: number): Promise<boolean> {
  const [marked] = await tx
    .update(detalleVenta)
    .set({ comentado: true })
    .where(and(eq(detalleVenta.id_detalle_venta, idDetalleVenta), eq(detalleVenta.comentado, false)))
    .returning({ id: detalleVenta.id_detalle_venta });
  return marked !== undefined;
}
