import { hasDiscount, paidCents, toCents } from '@vitrina/shared';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
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
  /** What a promotion's scope and its 'combinable' read. */
  id_categoria: number;
  onSale: boolean;
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
        id_categoria: producto.id_categoria_producto,
      });
    if (!row) throw await whyNotTaken(tx, line.id_producto);
    taken.push({ ...line, ...priced(row) });
  }
  return taken;
}

type PriceRow = Pick<typeof producto.$inferSelect, 'nombre' | 'imagen' | 'valor' | 'valor_descuento'> & {
  id_categoria: number;
};

const priced = (row: PriceRow) => ({
  nombre: row.nombre,
  imagen: row.imagen,
  unitCents: paidCents(row),
  id_categoria: row.id_categoria,
  onSale: hasDiscount(toCents(row.valor), row.valor_descuento === null ? null : toCents(row.valor_descuento)),
});

/**
 * The lines of a cart priced as takeStock would price them now, without taking anything: what the cart's
 * quote shows. A product that is gone is refused as checkout would refuse it; the stock is checkout's.
 */
export async function priceLines(
  db: Db,
  lines: ReadonlyArray<{ id_producto: number; cantidad: number }>,
): Promise<TakenLine[]> {
  const rows = await db
    .select({
      id_producto: producto.id_producto,
      nombre: producto.nombre,
      imagen: producto.imagen,
      valor: producto.valor,
      valor_descuento: producto.valor_descuento,
      id_categoria: producto.id_categoria_producto,
      estado: producto.estado,
    })
    .from(producto)
    .where(
      inArray(
        producto.id_producto,
        lines.map((line) => line.id_producto),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id_producto, row]));
  return [...lines]
    .sort((a, b) => a.id_producto - b.id_producto)
    .map((line) => {
      const row = byId.get(line.id_producto);
      if (!row) throw notFound(PRODUCT_UNAVAILABLE);
      if (!row.estado) throw conflict(`${row.nombre} ya no está disponible.`);
      return { ...line, ...priced(row) };
    });
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
