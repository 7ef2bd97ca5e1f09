import { paidCents } from '@vitrina/shared';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { producto } from '../../db/schema';
import { type AppError, conflict, notFound } from '../../errors';

/*
 * A sale's hold on the catalog's stock: checkout takes the units when it places a sale and gives them back
 * when its payment fails, in the sale's own transaction (`tx`). (The admin's edit sets the stock outright,
 * in admin-service.ts.) Taking is one conditional UPDATE per product, so two buyers of the last unit can
 * never both get it, on one process or many: the row lock makes the second re-check `stock >= n` against
 * the first one's result. The CHECK producto_stock_no_negativo is the last guard.
 */

export interface TakenLine {
  id_producto: number;
  cantidad: number;
  nombre: string;
  /** Kept with the name so the reply can show the line's product without reading it again. */
  imagen: string;
  unitCents: number;
}

export const PRODUCT_UNAVAILABLE = 'El producto no existe o no está disponible.';
export const notEnoughStock = (nombre: string, left: number) =>
  conflict(`No hay suficientes unidades de ${nombre}. Quedan ${left}.`);

/**
 * Takes the units of every line, all or nothing (the caller's transaction rolls back on the first
 * refusal), and returns the database's current price of each. Lines go in product order so two carts
 * sharing products lock them in the same order and never deadlock.
 */
export async function takeStock(
  tx: Tx,
  lines: ReadonlyArray<{ id_producto: number; cantidad: number }>,
): Promise<TakenLine[]> {
  const taken: TakenLine[] = [];
  for (const line of [...lines].sort((a, b) => a.id_producto - b.id_producto)) {
    const [row] = await tx
      .update(producto)
      .set({ stock: sql`${producto.stock} - ${line.cantidad}` })
      .where(
        and(
          eq(producto.id_producto, line.id_producto),
          eq(producto.estado, true),
          gte(producto.stock, line.cantidad),
        ),
      )
      .returning({
        nombre: producto.nombre,
        imagen: producto.imagen,
        valor: producto.valor,
        valor_descuento: producto.valor_descuento,
      });
    if (!row) throw await whyNotTaken(tx, line.id_producto);
    taken.push({ ...line, nombre: row.nombre, imagen: row.imagen, unitCents: paidCents(row) });
  }
  return taken;
}

async function whyNotTaken(tx: Tx, id: number): Promise<AppError> {
  const [row] = await tx
    .select({ nombre: producto.nombre, estado: producto.estado, stock: producto.stock })
    .from(producto)
    .where(eq(producto.id_producto, id));
  if (!row) return notFound(PRODUCT_UNAVAILABLE);
  if (!row.estado) return conflict(`${row.nombre} ya no está disponible.`);
  return notEnoughStock(row.nombre, row.stock);
}

/** Gives a failed sale's units back. */
export async function returnStock(
  tx: Tx,
  lines: ReadonlyArray<{ id_producto: number; cantidad: number }>,
): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.id_producto - b.id_producto)) {
    await tx
      .update(producto)
      .set({ stock: sql`${producto.stock} + ${line.cantidad}` })
      .where(eq(producto.id_producto, line.id_producto));
  }
}
