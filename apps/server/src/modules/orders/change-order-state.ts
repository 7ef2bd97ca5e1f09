import {
  canMoveTo,
  type Order,
  orderRoute,
  type StateChange,
  toCents,
  transitionRefused,
} from '@vitrina/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { retryOnDeadlock } from '../../db/deadlock';
import { detalleVenta, venta } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { returnStock } from '../catalog';
import { deliverAndCollect, shipUnpaid } from './cash-on-delivery';
import type { OrderContext } from './context';
import { cancelWaitingOrders } from './expire-unpaid-orders';
import { getOrder, ORDER_NOT_FOUND } from './order-detail';
import { queueDeliveredMail, queueOrderMail } from './order-mail';
import type { OrderRow } from './order-summary';
import { payWaitingOrder } from './pay-later';
import { CANCELLATION_KEY, issueRefund, lockOrder, recordRefund } from './refund-order';
import { recordState } from './state-history';

/**
 * PUT /api/venta/:id/estado: moves an order along ORDER_TRANSITIONS (409 otherwise), with its history row,
 * the audit trail and the customer's e-mail in the same transaction. Cancelling puts every unit not
 * refunded yet back on the shelf in that transaction and records the refund of what is left, which the
 * provider then issues (a crash before it is settled at start-up): a cancelled order keeps no money.
 */
export async function changeOrderState({
  adminId,
  orderId: idVenta,
  change,
  alsoInTx,
  ...context
}: OrderContext & {
  adminId: number;
  orderId: number;
  change: StateChange;
  /** What else commits with the move or not at all (the customer's request it answers). */
  alsoInTx?: (tx: Tx) => Promise<void>;
}): Promise<Order> {
  const { db, shop, log } = context;
  const refund = await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const order = await lockOrder(tx, idVenta);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      const route = orderRoute(order);
      if (!canMoveTo(order.estado, change.estado, route))
        throw conflict(transitionRefused(order.estado, change.estado, route));
      await alsoInTx?.(tx);
      if (order.estado === 'pendiente_pago' || order.estado === 'por_cobrar') {
        await settleWaitingOrder(tx, context, order, change, adminId);
        return undefined;
      }
      const shipping = change.estado === 'enviada';
      const [after] = await tx
        .update(venta)
        .set({
          estado: change.estado,
          ...(shipping && { transportista: change.transportista ?? null, guia: change.guia ?? null }),
        })
        .where(eq(venta.id_venta, idVenta))
        .returning();
      if (!after) throw notFound(ORDER_NOT_FOUND);
      await recordState(tx, idVenta, change.estado, adminId);
      await recordAudit(tx, {
        id_usuario: adminId,
        accion: 'pedido.estado',
        id_entidad: idVenta,
        antes: { estado: order.estado },
        despues: {
          estado: after.estado,
          ...(shipping && { transportista: after.transportista, guia: after.guia }),
        },
      });
      if (shipping) await queueOrderMail(tx, 'enviado', after, shop);
      if (change.estado === 'lista_retiro') await queueOrderMail(tx, 'listo', after, shop);
      if (change.estado === 'entregada') await queueDeliveredMail(tx, after, shop);
      if (change.estado !== 'cancelada') return undefined;

      const lines = await tx.select().from(detalleVenta).where(eq(detalleVenta.id_venta, idVenta));
      await returnStock(
        tx,
        lines
          .map((l) => ({
            id_producto: l.id_producto,
            id_variante: l.id_variante,
            cantidad: l.cantidad - l.cantidad_reembolsada,
          }))
          .filter((l) => l.cantidad > 0),
      );
      const left = toCents(order.valor_total_venta) - toCents(order.monto_reembolsado);
      const pending = left > 0 ? await recordRefund(tx, order, CANCELLATION_KEY, {}, adminId) : undefined;
      await queueOrderMail(tx, 'cancelado', { ...after, monto_reembolsado: order.valor_total_venta }, shop);
      return pending;
    }),
  );
  if (refund) {
    try {
      await issueRefund(context, refund);
    } catch (err) {
      // The order is cancelled and its refund recorded: the start-up or periodic settle issues it.
      log?.warn({ err, id_venta: idVenta }, 'cancellation refund left pending');
    }
  }
  return getOrder(db, { id_usuario: adminId, admin: true, rol: null }, idVenta);
}

/**
 * The owner's move of an order waiting for its money (decisions 056, 084): 'pagada' confirms a transfer or
 * cash (the paid order's e-mails go out); 'por_cobrar' ships cash on delivery unpaid, and 'entregada' then
 * records the cash received with the delivery; 'cancelada' cancels it unpaid ('anulada'): its units back on
 * the shelf, nothing to refund, the shopper told. Audited like every move; the row is locked by the caller.
 */
async function settleWaitingOrder(
  tx: Tx,
  context: OrderContext,
  order: OrderRow,
  change: StateChange,
  adminId: number,
): Promise<void> {
  const to = change.estado;
  const idVenta = order.id_venta;
  let after: OrderRow | undefined;
  if (to === 'pagada') after = await payWaitingOrder(tx, context, { idVenta, by: adminId });
  else if (to === 'por_cobrar')
    after = await shipUnpaid(tx, context, {
      idVenta,
      by: adminId,
      carrier: change.transportista,
      tracking: change.guia,
    });
  else if (to === 'entregada') after = await deliverAndCollect(tx, context, { idVenta, by: adminId });
  else after = await cancelWaitingOrders(tx, context, [idVenta], adminId).then((rows) => rows[0]);
  if (!after) throw conflict(transitionRefused(order.estado, to, orderRoute(order)));
  await recordAudit(tx, {
    id_usuario: adminId,
    accion: 'pedido.estado',
    id_entidad: order.id_venta,
    antes: { estado: order.estado },
    despues: { estado: after.estado },
  });
}
