import {
  canMoveTo,
  type ManualState,
  type Order,
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
import type { OrderContext } from './context';
import { cancelWaitingOrders } from './expire-unpaid-orders';
import { getOrder, ORDER_NOT_FOUND } from './order-detail';
import { queueOrderMail } from './order-mail';
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
  ...context
}: OrderContext & { adminId: number; orderId: number; change: StateChange }): Promise<Order> {
  const { db, shop, log } = context;
  const refund = await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const order = await lockOrder(tx, idVenta);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      if (!canMoveTo(order.estado, change.estado))
        throw conflict(transitionRefused(order.estado, change.estado));
      if (order.estado === 'pendiente_pago') {
        await settleWaitingOrder(tx, context, order, change.estado, adminId);
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
 * The owner's move of an order waiting for its money (decision 056): 'pagada' confirms a transfer or cash
 * (the paid order's e-mails go out); 'cancelada' cancels it unpaid ('anulada'): its units back on the
 * shelf, nothing to refund, the shopper told. Audited like every move; the row is locked by the caller.
 */
async function settleWaitingOrder(
  tx: Tx,
  context: OrderContext,
  order: OrderRow,
  to: ManualState,
  adminId: number,
): Promise<void> {
  let after: OrderRow | undefined;
  if (to === 'pagada') {
    after = await payWaitingOrder(tx, context, { idVenta: order.id_venta, by: adminId });
  } else {
    after = await cancelWaitingOrders(tx, context, [order.id_venta], adminId).then((rows) => rows[0]);
  }
  if (!after) throw conflict(transitionRefused(order.estado, to));
  await recordAudit(tx, {
    id_usuario: adminId,
    accion: 'pedido.estado',
    id_entidad: order.id_venta,
    antes: { estado: order.estado },
    despues: { estado: after.estado },
  });
}
