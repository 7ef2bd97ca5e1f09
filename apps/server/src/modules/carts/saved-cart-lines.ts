import { type Cents, lineName, paidCents, type SavedCartLine, sellableOf } from '@vitrina/shared';
import type { Db } from '../../db/client';
import { getProductsByIds } from '../catalog';

/** A saved cart's line as the reminder and the owner's list show it: the variant named and priced. */
export interface PricedCartLine {
  nombre: string;
  cantidad: number;
  unitCents: Cents;
}

/**
 * The lines of several saved carts at today's prices, each the price of its own variant, read in one
 * query; a line whose product or variant is gone is left out.
 */
export async function priceSavedCarts(
  db: Db,
  carts: ReadonlyArray<readonly SavedCartLine[]>,
): Promise<PricedCartLine[][]> {
  const ids = [...new Set(carts.flatMap((lines) => lines.map((line) => line.id_producto)))];
  const products = new Map((await getProductsByIds(db, ids)).map((p) => [p.id_producto, p]));
  return carts.map((lines) =>
    lines.flatMap((line) => {
      const product = products.get(line.id_producto);
      const sold = product && sellableOf(product, line.id_variante ?? undefined);
      return product && sold
        ? [
            {
              nombre: lineName(product.nombre, sold.etiqueta),
              cantidad: line.cantidad,
              unitCents: paidCents(sold),
            },
          ]
        : [];
    }),
  );
}
