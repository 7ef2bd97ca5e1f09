import { formatOrderNumber, fromCents, type OrderSummary, toCents } from '@vitrina/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { detalleVenta, producto, usuario, type venta, ventaPromocion } from '../../db/schema';

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
  const ids = rows.map((r) => r.id_venta);
  const lines = await orderLines(db, ids);
  const promotions = await promotionsOf(db, ids);
  const buyers = withBuyer
    ? await db
        .select(BUYER_COLUMNS)
        .from(usuario)
        .where(inArray(usuario.id_usuario, [...new Set(rows.flatMap((r) => r.id_usuario ?? []))]))
    : [];
  return rows.map((row) =>
    toOrderSummary(
      row,
      lines.filter(({ line }) => line.id_venta === row.id_venta),
      promotions.get(row.id_venta) ?? [],
      buyers.find((b) => b.id_usuario === row.id_usuario),
      withBuyer,
    ),
  );
}

export interface AppliedPromotion {
  codigo: string;
  descuento: number;
}

/** The promotions each of these orders got, with what each took off. */
export async function promotionsOf(
  db: Db | Tx,
  ids: readonly number[],
): Promise<Map<number, AppliedPromotion[]>> {
  const rows = await db
    .select()
    .from(ventaPromocion)
    .where(inArray(ventaPromocion.id_venta, [...ids]))
    .orderBy(asc(ventaPromocion.id_promocion));
  const byOrder = new Map<number, AppliedPromotion[]>();
  for (const row of rows) {
    const list = byOrder.get(row.id_venta) ?? [];
    list.push({ codigo: row.codigo, descuento: units(row.descuento) });
    byOrder.set(row.id_venta, list);
  }
  return byOrder;
}

/** A stored line as the API shows it: money in currency units, with its product. */
export const toOrderLine = ({ line, Producto }: OrderLineRow) => ({
  id_detalle_venta: line.id_detalle_venta,
  id_venta: line.id_venta,
  id_producto: line.id_producto,
  cantidad: line.cantidad,
  cantidad_reembolsada: line.cantidad_reembolsada,
  valor_unitario: units(line.valor_unitario),
  valor_total_cantidad: units(line.valor_total_cantidad),
  descuento: units(line.descuento),
  comentado: line.comentado,
  id_variante: line.id_variante,
  variante: line.variante,
  sku: line.sku,
  Producto,
});

/** The lines of some orders with their products, in id_detalle_venta order. */
export function orderLines(db: Db | Tx, ids: readonly number[]): Promise<OrderLineRow[]> {
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
export function toOrderSummary(
  row: OrderRow,
  lines: readonly OrderLineRow[],
  promociones: AppliedPromotion[],
  buyer?: Buyer,
  withBuyer = false,
): OrderSummary {
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
    descuento: units(row.descuento),
    promociones,
    transportista: row.transportista,
    guia: row.guia,
    metodo_envio: row.metodo_envio,
    ...(buyer && { Usuario: buyer }),
    ...(withBuyer && guestOf(row)),
    detalle_venta: lines.map(toOrderLine),
  };
}

/** A guest's order as the shop sees it: who bought (decision 085); nothing for an account's. */
export const guestOf = (row: OrderRow) =>
  row.email_invitado === null
    ? {}
    : { invitado: { email: row.email_invitado, nombre: row.nombre_invitado ?? '' } };
