import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { venta } from '../../db/schema';
import type { OrderContext } from './context';
import { queueDeliveredMail, queueOrderMail } from './order-mail';
import type { OrderRow } from './order-summary';
import { recordState } from './state-history';

/*
 * Cash on delivery travels before it is paid (docs/decisions/084): 'por_cobrar' keeps it out of every
 * figure and out of the expiry, with its units still taken; it becomes paid only when the owner confirms
 * the delivery with the cash in hand. Both moves are conditional on the state they leave, as every
 * settlement of an order paid later is (decision 056).
 */

/** Ships an order paid on delivery that still waits for its money: carrier, tracking, the shopper told. */
export async function shipUnpaid(
  tx: Tx,
  context: Pick<OrderContext, 'shop'>,
  {
    idVenta,
    by,
    carrier,
    tracking,
  }: { idVenta: number; by: number; carrier?: string | undefined; tracking?: string | undefined },
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(venta)
    .set({ estado: 'por_cobrar', transportista: carrier ?? null, guia: tracking ?? null })
    .where(
      and(
        eq(venta.id_venta, idVenta),
        eq(venta.estado, 'pendiente_pago'),
        eq(venta.metodo_pago, 'contra_entrega'),
      ),
    )
    .returning();
  if (!row) return undefined;
  await recordState(tx, idVenta, 'por_cobrar', by);
  await queueOrderMail(tx, 'enviado', row, context.shop);
  return row;
}

/**
 * Delivered with its cash received: paid and delivered at once (both in its history, by the owner), so the
 * sale counts from this moment; the shopper gets one message, the delivered one, which says the cash
 * arrived (decision 093: it replaced the paid order's confirmation, whose 'we prepare it' came too late).
 */
export async function deliverAndCollect(
  tx: Tx,
  context: Pick<OrderContext, 'shop'>,
  { idVenta, by }: { idVenta: number; by: number },
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(venta)
    .set({ estado: 'entregada' })
    .where(and(eq(venta.id_venta, idVenta), eq(venta.estado, 'por_cobrar')))
    .returning();
  if (!row) return undefined;
  await recordState(tx, idVenta, 'pagada', by);
  await recordState(tx, idVenta, 'entregada', by);
  await queueDeliveredMail(tx, row, context.shop);
  return row;
}
