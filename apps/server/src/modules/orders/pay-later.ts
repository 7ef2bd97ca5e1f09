import {
  centsToDecimal,
  DEFAULT_INSTRUCTIONS,
  isOrder,
  type LaterPaymentMethod,
  type OrderSummary,
  PAYMENT_SETTINGS_DEFAULT,
  type PaymentMethodSettings,
  toCents,
} from '@vitrina/shared';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { retryOnDeadlock } from '../../db/deadlock';
import { venta } from '../../db/schema';
import type { OrderContext } from './context';
import { settingsNow } from './kept-settings';
import { queueLatePaymentMail, queuePaidOrderMails } from './order-mail';
import {
  type AppliedPromotion,
  type OrderLineRow,
  type OrderRow,
  orderLines,
  toOrderSummaries,
  toOrderSummary,
} from './order-summary';
import { orderById } from './settle-payment';
import { recordState } from './state-history';

/*
 * Orders paid after they are placed (transfer, cash on delivery, Mercado Pago: docs/decisions/056). Placed
 * 'pendiente_pago' with their stock taken as a paid order takes it, they become 'pagada' once, when the
 * owner or the provider confirms the money, or 'anulada' when their deadline passes (expire-unpaid-orders.ts).
 * Every change is conditional on the order still being 'pendiente_pago', so two processes, a webhook and
 * the reconciliation, or the owner and the provider, never settle one order twice.
 */

/** An order just placed to be paid later, with its lines: what a provider needs to ask for the money. */
export interface PendingSale {
  order: OrderRow;
  lines: readonly OrderLineRow[];
  promotions: AppliedPromotion[];
}

/**
 * Where to send the shopper to pay a pending order (Mercado Pago's Checkout Pro): the provider's adapter
 * is called after the order is placed, and again for a retry of the same request. It may throw: the order
 * stays 'pendiente_pago' until it is paid or its deadline passes.
 */
export type StartRedirect = (sale: PendingSale, context: OrderContext) => Promise<string>;

/** What an order placed to be paid later answers (POST /api/venta's 201, and a retry's). */
export interface PendingReply {
  status: 200 | 201;
  order: OrderSummary;
  pending: { vence: string; instrucciones: string; redirectUrl?: string };
}

/** The columns of a new order paid later: its deadline, how to pay, and its number from the start. */
export function pendingOrderValues(method: PaymentMethodSettings & { id: LaterPaymentMethod }) {
  const minutes =
    method.reserva_minutos ??
    PAYMENT_SETTINGS_DEFAULT.find((m) => m.id === method.id)?.reserva_minutos ??
    24 * 60;
  return {
    estado: 'pendiente_pago' as const,
    // The database's clock, the one the expiry compares with, whichever process placed the order.
    vence: sql`now() + ${minutes} * interval '1 minute'`,
    pago_instrucciones: method.instrucciones || DEFAULT_INSTRUCTIONS[method.id],
    // The number the shopper quotes with a transfer: given when placed, not when paid.
    numero_pedido: sql`nextval('venta_numero_pedido_seq')`,
  };
}

/** The answer for an order paid later, pending or settled since (a retried request). */
export async function pendingReply(
  context: OrderContext & { startRedirect?: StartRedirect | undefined },
  sale: PendingSale | OrderRow,
  status: 200 | 201,
): Promise<PendingReply | { status: 200 | 201; order: OrderSummary }> {
  const order = 'order' in sale ? sale.order : sale;
  const [dto] =
    'order' in sale
      ? [toOrderSummary(order, sale.lines, sale.promotions)]
      : await toOrderSummaries(context.db, [order]);
  if (!dto) throw new Error(`order ${order.id_venta} has no summary`);
  if (order.estado !== 'pendiente_pago' || !order.vence) return { status, order: dto };
  const redirectUrl =
    order.metodo_pago === 'mercadopago' && context.startRedirect
      ? await context.startRedirect(
          'order' in sale
            ? sale
            : { order, lines: await orderLines(context.db, [order.id_venta]), promotions: dto.promociones },
          context,
        )
      : undefined;
  return {
    status,
    order: dto,
    pending: {
      vence: order.vence.toISOString(),
      instrucciones: order.pago_instrucciones ?? '',
      ...(redirectUrl && { redirectUrl }),
    },
  };
}

/**
 * Turns a pending order 'pagada' in `tx`, if it still waits for its money: history (who: null for the
 * provider), and the paid order's e-mails (the shopper's confirmation, the shop's notice). Undefined when
 * it was not waiting any more; the conditional UPDATE is what makes two settlers pay it once.
 */
export async function payWaitingOrder(
  tx: Tx,
  context: Pick<OrderContext, 'shop' | 'settings'>,
  { idVenta, reference, by }: { idVenta: number; reference?: string | undefined; by: number | null },
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(venta)
    .set({ estado: 'pagada', ...(reference !== undefined && { pago_referencia: reference }) })
    .where(and(eq(venta.id_venta, idVenta), eq(venta.estado, 'pendiente_pago')))
    .returning();
  if (!row) return undefined;
  await recordState(tx, idVenta, 'pagada', by);
  await queuePaidOrderMails(tx, row, await settingsNow(context, tx));
  return row;
}

/** A provider's confirmed payment of an order: its reference there and the amount, in minor units ×100 (cents). */
export interface ConfirmedPayment {
  idVenta: number;
  reference: string;
  amountCents: number;
}

/** What a provider's confirmed payment did to its order. */
export type ProviderPaymentOutcome =
  | 'paid'
  | 'unchanged'
  | 'late_payment'
  | 'unknown_sale'
  | 'amount_mismatch';

/**
 * A provider confirmed that an order paid later was paid (a verified webhook, the reconciliation loop).
 * Idempotent: paying twice changes the order once, and several processes never settle it twice. Money for
 * an order that no longer waits for it (cancelled unpaid, or already paid by another payment) is never
 * lost: it is recorded for the owner to give back (recordLatePayment). A payment for another amount than
 * the order's total does not pay it, and is logged for the owner to look at.
 */
export async function markPaidByProvider(
  context: OrderContext,
  payment: ConfirmedPayment,
): Promise<ProviderPaymentOutcome> {
  const { db, log } = context;
  const order = await orderById(db, payment.idVenta);
  if (!order) return 'unknown_sale';
  if (order.estado === 'pendiente_pago') {
    if (payment.amountCents !== toCents(order.valor_total_venta)) {
      log?.error(
        { id_venta: order.id_venta, referencia: payment.reference, monto: payment.amountCents },
        'payment for another amount than the order total: not applied',
      );
      return 'amount_mismatch';
    }
    const paid = await retryOnDeadlock(() =>
      db.transaction((tx) =>
        payWaitingOrder(tx, context, { idVenta: order.id_venta, reference: payment.reference, by: null }),
      ),
    );
    if (paid) return 'paid';
  }
  const now = (await orderById(db, payment.idVenta)) ?? order;
  // Paid already by this very payment (a duplicate notification, another process): nothing to do.
  if (isOrder(now.estado) && now.pago_referencia === payment.reference) return 'unchanged';
  if (now.estado === 'anulada' || isOrder(now.estado)) {
    const recorded = await recordLatePayment(context, payment);
    return recorded === 'unknown_sale' ? 'unknown_sale' : 'late_payment';
  }
  return 'unchanged';
}

/**
 * Money confirmed for an order that no longer waits for it: recorded on the order (shown on its admin page)
 * and the shop told by e-mail, once per order: the same payment reported again changes nothing. A second,
 * different late payment of the same order is logged as an error, for the owner to find at the provider.
 */
export async function recordLatePayment(
  { db, shop, log }: Omit<OrderContext, 'payments'>,
  payment: ConfirmedPayment,
): Promise<'recorded' | 'unchanged' | 'unknown_sale'> {
  log?.error(
    { id_venta: payment.idVenta, referencia: payment.reference, monto: payment.amountCents },
    'payment arrived for an order that no longer waits for it: refund it',
  );
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(venta)
        .set({
          pago_tardio_monto: centsToDecimal(payment.amountCents),
          pago_tardio_referencia: payment.reference,
          pago_tardio_fecha: new Date(),
        })
        .where(and(eq(venta.id_venta, payment.idVenta), sql`${venta.pago_tardio_referencia} IS NULL`))
        .returning();
      if (row) {
        await queueLatePaymentMail(tx, row, shop, payment);
        return 'recorded';
      }
      const [order] = await tx.select().from(venta).where(eq(venta.id_venta, payment.idVenta));
      if (!order) return 'unknown_sale';
      if (order.pago_tardio_referencia !== payment.reference)
        log?.error(
          { id_venta: payment.idVenta, referencia: payment.reference },
          'another late payment for an order that already has one: refund it at the provider',
        );
      return 'unchanged';
    }),
  );
}

/**
 * The orders still waiting for their money by `method`, oldest first, a page at a time (`afterId`): what a
 * provider's reconciliation asks about.
 */
export async function listAwaitingPayment(
  db: Db,
  method: LaterPaymentMethod,
  { afterId = 0, limit = 500 }: { afterId?: number; limit?: number } = {},
): Promise<OrderRow[]> {
  return db
    .select()
    .from(venta)
    .where(
      and(eq(venta.estado, 'pendiente_pago'), eq(venta.metodo_pago, method), gt(venta.id_venta, afterId)),
    )
    .orderBy(asc(venta.id_venta))
    .limit(limit);
}
