import { formatOrderNumber, fromCents, type OrderSummary, toCents } from '@vitrina/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { detalleVenta, producto, usuario, type venta } from '../../db/schema';

export type OrderRow = typeof venta.$inferSelect;

/** A stored order line with the product it is for, as the API shows it. */
export interface OrderLineRow {
  line: typeof detalleVenta.$inferSelect;
  Producto: { id_producto: number; nombre: string; imagen: string };
}

type Buyer = NonNullable<OrderSummary['Usuario']>;

export const units = (amount: string) => fromCents(toCents(amount));

/** Who bought, as an admin sees it beside an order. */
export const BUYER_COLUMNS = {
  id_usuario: usuario.id_usuario,
  primer_nombre: usuario.primer_nombre,
  primer_apellido: usuario.primer_apellido,
  email: usuario.email,
};

/**
 * Sales as the API shows them (SPEC §3): money in currency units, each line with its product's name and
 * picture, and the buyer (`Usuario`) when an admin is looking. Three queries for any number of orders.
 */
export async function toOrderSummaries(
  db: Db,
  rows: readonly OrderRow[],
  withBuyer = false,
): Promise<OrderSummary[]> {
  if (rows.length === 0) return [];
  const lines = await orderLines(
    db,
    rows.map((r) => r.id_venta),
  );
  const buyers = withBuyer
    ? await db
        .select(BUYER_COLUMNS)
        .from(usuario)
        .where(inArray(usuario.id_usuario, [...new Set(rows.map((r) => r.id_usuario))]))
    : [];
  return rows.map((row) =>
    toOrderSummary(
      row,
      lines.filter(({ line }) => line.id_venta === row.id_venta),
      buyers.find((b) => b.id_usuario === row.id_usuario),
    ),
  );
}

/** The lines of some orders with their products, in id_detalle_venta order. */
export function orderLines(db: Db, ids: readonly number[]): Promise<OrderLineRow[]> {
  return db
    .select({
      line: detalleVenta,
      Producto: { id_producto: producto.id_producto, nombre: producto.nombre, imagen: producto.imagen },
    })
    .from(detalleVenta)
    .innerJoin(producto, eq(producto.id_producto, detalleVenta.id_producto))
    .where(inArray(detalleVenta.id_venta, [...ids]))
    .orderBy(asc(detalleVenta.id_detalle_venta));
}

/** One order with its lines (in id_detalle_venta order) and, for an admin, its buyer. */
export function toOrderSummary(row: OrderRow, lines: readonly OrderLineRow[], buyer?: Buyer): OrderSummary {
  return {
    id_venta: row.id_venta,
    fecha: row.fecha.toISOString(),
    estado: row.estado,
    valor_total_venta: units(row.valor_total_venta),
    id_usuario: row.id_usuario,
    id_pago: row.id_pago,
    metodo_pago: row.metodo_pago,
    vence: row.vence?.toISOString() ?? null,
    pago_marca: row.pago_marca,
    pago_ultimos4: row.pago_ultimos4,
    numero_pedido: row.numero_pedido === null ? null : formatOrderNumber(row.numero_pedido),
    costo_envio: units(row.costo_envio),
    transportista: row.transportista,
    guia: row.guia,
    ...(buyer && { Usuario: buyer }),
    detalle_venta: lines.map(({ line, Producto }) => ({
      ...line,
      valor_unitario: units(line.valor_unitario),
      valor_total_cantidad: units(line.valor_total_cantidad),
      Producto,
    })),
  };
}
