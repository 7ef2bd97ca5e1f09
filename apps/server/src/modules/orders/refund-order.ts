import {
  centsToDecimal,
  isActiveOrder,
  planRefund,
  REFUND_MESSAGES,
  type RefundInput,
  type RefundLine,
  type RefundPlan,
  refundFailureText,
  refundReturnsStock,
  toCents,
} from '@vitrina/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { retryOnDeadlock } from '../../db/deadlock';
import { detalleVenta, producto, reembolso, venta, ventaEstadoHistorial } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import { type RefundResult, refundKey } from '../../payments/provider';
import { recordAudit } from '../audit';
import { returnStock } from '../catalog';
import type { OrderContext } from './context';
import { ORDER_NOT_FOUND } from './order-detail';
import { queueRefundMail } from './order-mail';
import { recordState } from './state-history';

/*
 * Refunds (docs/decisions/033-refunds.md). A refund is recorded 'pendiente' with what it gives
 * back before the provider is asked, under an idempotency key derived from that record; the provider's
 * answer then completes it in a second transaction that updates the lines, the amount refunded, the stock
 * (units not shipped yet) and the state. A crash in between leaves the record pending: start-up asks the
 * provider again with the same key, which answers with the first refund instead of making another.
 * Every step holds the order's row, so refunds of one order are decided one after the other.
 */

type OrderRow = typeof venta.$inferSelect;
type RefundRow = typeof reembolso.$inferSelect;

export const CANCELLATION_KEY = 'cancelacion';

export const refundUnreachable = () => new AppError(502, 'Bad Gateway', REFUND_MESSAGES.providerFailed);

export async function lockOrder(tx: Tx, idVenta: number): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(venta).where(eq(venta.id_venta, idVenta)).for('update');
  return order;
}

/** The refund a request asks for (shared planRefund), checked against what is left, pending refunds included. */
async function planFor(tx: Tx, order: OrderRow, input: RefundInput): Promise<RefundPlan> {
  const lines = await tx
    .select({ line: detalleVenta, nombre: producto.nombre })
    .from(detalleVenta)
    .innerJoin(producto, eq(producto.id_producto, detalleVenta.id_producto))
    .where(eq(detalleVenta.id_venta, order.id_venta))
    .orderBy(asc(detalleVenta.id_detalle_venta));
  const pending = await tx
    .select()
    .from(reembolso)
    .where(and(eq(reembolso.id_venta, order.id_venta), eq(reembolso.estado, 'pendiente')));
  const reserved = new Map<number, number>();
  for (const r of pending)
    for (const l of r.lineas)
      reserved.set(l.id_detalle_venta, (reserved.get(l.id_detalle_venta) ?? 0) + l.cantidad);
  const pendingCents = (column: 'monto' | 'envio') => pending.reduce((sum, r) => sum + toCents(r[column]), 0);
  const plan = planRefund(
    {
      lines: lines.map(({ line, nombre }) => ({
        id_detalle_venta: line.id_detalle_venta,
        nombre,
        unitCents: toCents(line.valor_unitario),
        cantidad: line.cantidad,
        discountCents: toCents(line.descuento),
        unitsLeft: line.cantidad - line.cantidad_reembolsada - (reserved.get(line.id_detalle_venta) ?? 0),
      })),
      shippingLeftCents:
        toCents(order.costo_envio) - toCents(order.envio_reembolsado) - pendingCents('envio'),
      moneyLeftCents:
        toCents(order.valor_total_venta) - toCents(order.monto_reembolsado) - pendingCents('monto'),
    },
    input,
  );
  if ('refused' in plan) throw conflict(plan.refused);
  return plan;
}

/** Records a pending refund of the order (locked by the caller) and returns it. */
export async function recordRefund(
  tx: Tx,
  order: OrderRow,
  key: string,
  input: RefundInput,
  adminId: number,
): Promise<RefundRow> {
  const plan = await planFor(tx, order, input);
  const [row] = await tx
    .insert(reembolso)
    .values({
      id_venta: order.id_venta,
      idempotency_key: key,
      lineas: plan.lineas,
      monto: centsToDecimal(plan.cents),
      envio: centsToDecimal(plan.shippingCents),
      completo: plan.completo,
      devuelve_stock: refundReturnsStock(order.estado),
      id_usuario: adminId,
    })
    .returning();
  if (!row) throw new Error('refund not recorded');
  return row;
}

/**
 * Applies the provider's answer to a pending refund, once: the lines, the amount, the stock of units not
 * shipped yet, and the state of a whole refund, with the audit trail and the customer's e-mail.
 */
async function completeRefund(
  { db, shop }: OrderContext,
  refund: RefundRow,
  result: RefundResult,
): Promise<void> {
  await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const order = await lockOrder(tx, refund.id_venta);
      if (!order) return;
      if (result.status === 'failed') {
        await tx
          .update(reembolso)
          .set({
            estado: 'fallido',
            motivo_fallo: result.reason,
            referencia: result.reference,
            actualizado: new Date(),
          })
          .where(and(eq(reembolso.id, refund.id), eq(reembolso.estado, 'pendiente')));
        return;
      }
      const [done] = await tx
        .update(reembolso)
        .set({ estado: 'completado', referencia: result.reference, actualizado: new Date() })
        .where(and(eq(reembolso.id, refund.id), eq(reembolso.estado, 'pendiente')))
        .returning();
      // Another request or the start-up settle completed it first.
      if (!done) return;
      const back: Array<{ id_producto: number; id_variante: number | null; cantidad: number }> = [];
      for (const l of done.lineas) {
        const [line] = await tx
          .update(detalleVenta)
          .set({ cantidad_reembolsada: sql`${detalleVenta.cantidad_reembolsada} + ${l.cantidad}` })
          .where(
            and(
              eq(detalleVenta.id_detalle_venta, l.id_detalle_venta),
              eq(detalleVenta.id_venta, order.id_venta),
            ),
          )
          .returning({ id_producto: detalleVenta.id_producto, id_variante: detalleVenta.id_variante });
        if (line) back.push({ ...line, cantidad: l.cantidad });
      }
      // Units asked back before shipping go back to stock, even if the order was shipped while the provider
      // answered; cancelling since put back every unit not refunded, these included.
      if (done.devuelve_stock && order.estado !== 'cancelada') await returnStock(tx, back);
      const wholeNow = done.completo && isActiveOrder(order.estado);
      const [after] = await tx
        .update(venta)
        .set({
          monto_reembolsado: sql`${venta.monto_reembolsado} + ${done.monto}`,
          envio_reembolsado: sql`${venta.envio_reembolsado} + ${done.envio}`,
          ...(wholeNow && { estado: 'reembolsada' as const }),
        })
        .where(eq(venta.id_venta, order.id_venta))
        .returning();
      if (!after) return;
      if (wholeNow) await recordState(tx, order.id_venta, 'reembolsada', done.id_usuario);
      if (done.id_usuario !== null)
        await recordAudit(tx, {
          id_usuario: done.id_usuario,
          accion: 'pedido.reembolsado',
          id_entidad: order.id_venta,
          antes: { estado: order.estado, monto_reembolsado: order.monto_reembolsado },
          despues: {
            estado: after.estado,
            monto_reembolsado: after.monto_reembolsado,
            lineas: done.lineas,
            envio: done.envio,
          },
        });
      // A cancellation's refund is announced by the cancellation e-mail.
      if (done.idempotency_key !== CANCELLATION_KEY)
        await queueRefundMail(tx, after, shop, {
          cents: toCents(done.monto),
          shippingCents: toCents(done.envio),
          byShop: order.metodo_pago === 'transferencia' || order.metodo_pago === 'contra_entrega',
        });
    }),
  );
}

function mercadoPagoOf({ mercadoPago }: OrderContext) {
  if (!mercadoPago) throw new Error('an order paid with Mercado Pago, and no Mercado Pago to refund it');
  return mercadoPago;
}

/** Asks the provider for a pending refund (again, harmlessly: same key) and records its answer. */
export async function issueRefund(context: OrderContext, refund: RefundRow): Promise<RefundResult> {
  const { db, payments, log } = context;
  const [order] = await db.select().from(venta).where(eq(venta.id_venta, refund.id_venta));
  if (!order) throw notFound(ORDER_NOT_FOUND);
  // A transfer or cash went through no provider: the owner gives the money back the same way, and the
  // refund is recorded as given (its record's key is its reference).
  if (order.metodo_pago === 'transferencia' || order.metodo_pago === 'contra_entrega') {
    const given: RefundResult = { status: 'succeeded', reference: refundKey(refund.id) };
    await completeRefund(context, refund, given);
    return given;
  }
  if (!order.pago_referencia) throw notFound(ORDER_NOT_FOUND);
  let result: RefundResult;
  try {
    // An order paid with Mercado Pago is refunded there (its pago_referencia is the payment's id), under
    // the same key derived from the shop's record.
    result =
      order.metodo_pago === 'mercadopago'
        ? await mercadoPagoOf(context).refund({
            paymentId: order.pago_referencia,
            amountCents: toCents(refund.monto),
            currency: context.shop.currency,
            idempotencyKey: refundKey(refund.id),
          })
        : await payments.refund({
            saleId: order.id_venta,
            chargeReference: order.pago_referencia,
            amountCents: toCents(refund.monto),
            currency: context.shop.currency,
            idempotencyKey: refundKey(refund.id),
            refundId: refund.id,
          });
  } catch (err) {
    log?.warn({ err, id_reembolso: refund.id }, 'payment provider unreachable; refund left pending');
    throw refundUnreachable();
  }
  if (result.status === 'failed')
    log?.error({ id_reembolso: refund.id, motivo: result.reason }, 'the payment provider refused a refund');
  await completeRefund(context, refund, result);
  return result;
}

/**
 * POST /api/venta/:id/reembolso: records the refund (or finds the one this key already made) and has the
 * provider issue it. Repeating the key, even at the same time, returns the same refund: never two.
 */
export async function refundOrder({
  adminId,
  orderId,
  idempotencyKey: key,
  input,
  ...context
}: OrderContext & {
  adminId: number;
  orderId: number;
  idempotencyKey: string;
  input: RefundInput;
}): Promise<void> {
  const refund = await retryOnDeadlock(() =>
    context.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      const [earlier] = await tx
        .select()
        .from(reembolso)
        .where(and(eq(reembolso.id_venta, orderId), eq(reembolso.idempotency_key, key)));
      if (earlier) {
        // A body without lines asked for "what was left", which the first request recorded line by line.
        const sameRequest =
          input.lineas === undefined ||
          (canonical(input.lineas) === canonical(earlier.lineas) &&
            Boolean(input.incluir_envio) === toCents(earlier.envio) > 0);
        if (!sameRequest) throw new AppError(422, 'Unprocessable Entity', REFUND_MESSAGES.keyReused);
        return earlier;
      }
      if (!isActiveOrder(order.estado)) throw conflict(REFUND_MESSAGES.notRefundable);
      return recordRefund(tx, order, key, input, adminId);
    }),
  );
  if (refund.estado === 'completado') return;
  if (refund.estado === 'fallido') throw conflict(refundRefused(refund.motivo_fallo));
  const result = await issueRefund(context, refund);
  if (result.status === 'failed') throw conflict(refundRefused(result.reason));
}

/** Refund lines compared as a set (stored as jsonb, whose key order is its own). */
const canonical = (lines: readonly RefundLine[]) =>
  JSON.stringify(
    lines.map((l) => [l.id_detalle_venta, l.cantidad]).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
  );

const refundRefused = (reason: string | null) =>
  `El sistema de pagos rechazó el reembolso${reason ? ` (${refundFailureText(reason)})` : ''}. No se devolvió dinero ni cambió el pedido.`;

/** Start-up (and the periodic sweep): finishes the refunds a crash or an unreachable provider left pending. */
export async function settlePendingRefunds(
  context: OrderContext,
): Promise<{ pending: number; settled: number; errors: number }> {
  const pending = await context.db
    .select()
    .from(reembolso)
    .where(eq(reembolso.estado, 'pendiente'))
    .orderBy(asc(reembolso.id));
  let settled = 0;
  let errors = 0;
  for (const refund of pending) {
    try {
      await issueRefund(context, refund);
      settled++;
    } catch (err) {
      errors++;
      context.log?.warn({ err, id_reembolso: refund.id }, 'could not settle a pending refund');
    }
  }
  return { pending: pending.length, settled, errors };
}

/** Which refunds a provider's report is about: those of an order, or one refund. */
export interface RefundTarget {
  idVenta?: number;
  refundId?: number;
}

/** A provider's report (webhook) about the refunds of an order: settles those still pending, once. */
export async function settleRefundsOfOrder({
  where,
  ...context
}: OrderContext & { where: RefundTarget }): Promise<number> {
  const conditions = [eq(reembolso.estado, 'pendiente')];
  if (where.idVenta !== undefined) conditions.push(eq(reembolso.id_venta, where.idVenta));
  if (where.refundId !== undefined) conditions.push(eq(reembolso.id, where.refundId));
  const pending = await context.db
    .select()
    .from(reembolso)
    .where(and(...conditions));
  for (const refund of pending) await issueRefund(context, refund);
  return pending.length;
}

/**
 * A refund the shop recorded as done that the provider later reports failed (Stripe's `refund.updated`
 * with status 'failed': the card was closed, the bank sent the money back). The outcome is read from the
 * provider, not the event. The refund becomes 'fallido' with the reason, its units and amount stop counting
 * as refunded, and an order it had made 'reembolsada' goes back to the state it had before; stock is left
 * as it is (the units that went back to the shelf may be sold already, and the shop keeps the money), and
 * the admin sees the failure on the order's page and in the audit trail. Returns whether it changed.
 */
export async function reverseFailedRefund({
  db,
  payments,
  log,
  refundId,
}: Omit<OrderContext, 'shop'> & { refundId: number }): Promise<boolean> {
  if (!payments.refundOutcome) return false;
  const [recorded] = await db.select().from(reembolso).where(eq(reembolso.id, refundId));
  if (recorded?.estado !== 'completado' || !recorded.referencia) return false;
  const outcome = await payments.refundOutcome(recorded.referencia);
  if (outcome.status !== 'failed') return false;
  const reversed = await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const order = await lockOrder(tx, recorded.id_venta);
      if (!order) return false;
      const [failed] = await tx
        .update(reembolso)
        .set({ estado: 'fallido', motivo_fallo: outcome.reason, actualizado: new Date() })
        .where(and(eq(reembolso.id, refundId), eq(reembolso.estado, 'completado')))
        .returning();
      // A repeated event: already reversed.
      if (!failed) return false;
      for (const l of failed.lineas) {
        await tx
          .update(detalleVenta)
          .set({
            cantidad_reembolsada: sql`greatest(${detalleVenta.cantidad_reembolsada} - ${l.cantidad}, 0)`,
          })
          .where(
            and(
              eq(detalleVenta.id_detalle_venta, l.id_detalle_venta),
              eq(detalleVenta.id_venta, order.id_venta),
            ),
          );
      }
      let estado = order.estado;
      if (order.estado === 'reembolsada') {
        // The state the order had before this refund made it 'reembolsada'.
        const states = await tx
          .select({ estado: ventaEstadoHistorial.estado })
          .from(ventaEstadoHistorial)
          .where(eq(ventaEstadoHistorial.id_venta, order.id_venta))
          .orderBy(desc(ventaEstadoHistorial.fecha), desc(ventaEstadoHistorial.id));
        estado = states.find((s) => s.estado !== 'reembolsada')?.estado ?? 'pagada';
      }
      const [after] = await tx
        .update(venta)
        .set({
          monto_reembolsado: sql`greatest(${venta.monto_reembolsado} - ${failed.monto}, 0)`,
          envio_reembolsado: sql`greatest(${venta.envio_reembolsado} - ${failed.envio}, 0)`,
          estado,
        })
        .where(eq(venta.id_venta, order.id_venta))
        .returning();
      if (!after) return false;
      if (estado !== order.estado) await recordState(tx, order.id_venta, estado, null);
      if (failed.id_usuario !== null)
        await recordAudit(tx, {
          id_usuario: failed.id_usuario,
          accion: 'pedido.reembolso_fallido',
          id_entidad: order.id_venta,
          antes: { estado: order.estado, monto_reembolsado: order.monto_reembolsado },
          despues: {
            estado: after.estado,
            monto_reembolsado: after.monto_reembolsado,
            lineas: failed.lineas,
            motivo: outcome.reason,
          },
        });
      return true;
    }),
  );
  if (reversed)
    log?.error(
      { id_reembolso: refundId, motivo: outcome.reason },
      'a refund the payment provider had accepted failed; the order counts it as not refunded',
    );
  return reversed;
}
