import { centsToDecimal } from '@vitrina/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { detalleVenta, venta, ventaEstadoHistorial } from '../../db/schema';

export interface PaidOrder {
  buyerId: number;
  /** When it was paid: its date, and the date of its first state. */
  fecha: Date;
  /** The payment method's id and what the card showed. */
  idPago: string;
  idempotencyKey: string;
  address: { nombre: string; direccion: string; telefono: string };
  lines: ReadonlyArray<{ id_producto: number; cantidad: number; unitCents: number }>;
}

/**
 * Records an order paid before, with the order number, address and history a checkout would have given
 * it (the demo shop's past orders); stock and payment are not touched. Returns its id and its lines' ids
 * in the order given.
 */
export async function recordPaidOrder(
  tx: Tx,
  order: PaidOrder,
): Promise<{ idVenta: number; lineIds: number[] } | undefined> {
  const total = order.lines.reduce((sum, l) => sum + l.unitCents * l.cantidad, 0);
  const [sale] = await tx
    .insert(venta)
    .values({
      fecha: order.fecha,
      valor_total_venta: centsToDecimal(total),
      id_usuario: order.buyerId,
      id_pago: order.idPago,
      estado: 'pagada',
      idempotency_key: order.idempotencyKey,
      pago_marca: 'visa',
      pago_ultimos4: '4242',
      numero_pedido: sql`nextval('venta_numero_pedido_seq')`,
      envio_nombre: order.address.nombre,
      envio_direccion: order.address.direccion,
      envio_telefono: order.address.telefono,
    })
    .returning({ id: venta.id_venta });
  if (!sale) return undefined;
  await tx.insert(ventaEstadoHistorial).values({ id_venta: sale.id, estado: 'pagada', fecha: order.fecha });
  const lineIds: number[] = [];
  for (const l of order.lines) {
    const [line] = await tx
      .insert(detalleVenta)
      .values({
        id_venta: sale.id,
        id_producto: l.id_producto,
        cantidad: l.cantidad,
        valor_unitario: centsToDecimal(l.unitCents),
        valor_total_cantidad: centsToDecimal(l.unitCents * l.cantidad),
      })
      .returning({ id: detalleVenta.id_detalle_venta });
    if (line) lineIds.push(line.id);
  }
  return { idVenta: sale.id, lineIds };
}
