import { randomBytes } from 'node:crypto';
import { toCents } from '@vitrina/shared';
import { and, asc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retryOnConnectionLoss } from '../../db/connection-retry';
import { retryOnDeadlock } from '../../db/deadlock';
import { preparedPerDatabase } from '../../db/prepared';
import { detalleVenta, venta } from '../../db/schema';
import { AppError } from '../../errors';
import type { ChargeResult, DeclineCode } from '../../payments/provider';
import { cartOwnerIds, emptiedCartClauses } from '../carts';
import { returnStock } from '../catalog';
import { queuedMailsClause, queuedMailsValues } from '../mail';
import type { OrderContext } from './context';
import { settingsNow } from './kept-settings';
import { type OrderMailFacts, paidOrderMails } from './order-mail';
import { orderNumberText } from './order-number';
import type { OrderRow } from './order-summary';
import { stateRecordOf } from './state-history';

/*
 * A pending order becomes 'pagada' or 'fallida' exactly once. Every change is conditional on the order still
 * being 'pendiente', so a checkout, a confirmation and a start-up settle racing on one order (even in
 * different processes) give the stock back at most once.
 */

export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  card_declined: 'Tarjeta rechazada. Prueba con otra tarjeta.',
  insufficient_funds: 'Fondos insuficientes. Prueba con otra tarjeta.',
  expired_card: 'La tarjeta está vencida.',
  incorrect_cvc: 'El CVC no es correcto.',
  authentication_failed: 'No se confirmó el pago.',
  processing_error: 'No pudimos procesar el pago. Inténtalo de nuevo.',
};

/** 402 with the Spanish reason of a failed order. */
export function paymentRequired(code: string | null): AppError {
  const message = DECLINE_MESSAGES[code as DeclineCode] ?? DECLINE_MESSAGES.processing_error;
  return new AppError(402, 'Payment Required', message);
}

/** The provider did not answer: the order stays 'pendiente' with its stock until it is settled. */
export const providerUnreachable = () =>
  new AppError(
    502,
    'Bad Gateway',
    'No pudimos comunicarnos con el sistema de pagos. Tu compra quedó pendiente; revisa tus compras en unos minutos.',
  );

export async function orderById(db: Db, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(venta).where(eq(venta.id_venta, id));
  return row;
}

/**
 * Records what the provider said about a pending order and returns the order as it now stands. A order that
 * was already settled is left alone (and returned as it is). A paid order becomes an order: it takes the
 * next order number, starts its history and queues the confirmation e-mail, in the same transaction
 * (`facts`: its buyer and lines, when the caller has them, so the e-mail reads nothing). A lost database
 * connection is retried for a few seconds (docs/decisions/052): every write here is conditional on the
 * order still being 'pendiente', so a second run after a first that did commit only reads the order back.
 */
export function applyChargeResult(
  context: Omit<OrderContext, 'payments'>,
  order: OrderRow,
  result: ChargeResult,
  facts?: OrderMailFacts,
): Promise<OrderRow> {
  return retryOnConnectionLoss(
    () => recordChargeResult(context, order, result, facts),
    context.connectionRetry,
  );
}

async function recordChargeResult(
  context: Omit<OrderContext, 'payments'>,
  order: OrderRow,
  result: ChargeResult,
  facts: OrderMailFacts | undefined,
): Promise<OrderRow> {
  const { db, log } = context;
  const stillPending = and(eq(venta.id_venta, order.id_venta), eq(venta.estado, 'pendiente'));
  if (result.status === 'succeeded') {
    const paid = await payOrder(context, order, result, facts);
    if (paid) return paid;
    const now = (await orderById(db, order.id_venta)) ?? order;
    // Only possible with a provider that cannot cancel: the money was taken for a order already failed.
    if (now.estado === 'fallida')
      log?.error(
        { id_venta: order.id_venta, referencia: result.reference },
        'charge succeeded on a failed order: refund it',
      );
    return now;
  }
  if (result.status === 'requires_action') {
    const [waiting] = await db
      .update(venta)
      .set({ pago_referencia: result.reference })
      .where(stillPending)
      .returning();
    return waiting ?? (await orderById(db, order.id_venta)) ?? order;
  }
  const failed = await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(venta)
        .set({ estado: 'fallida', motivo_fallo: result.code, pago_referencia: result.reference })
        .where(stillPending)
        .returning();
      if (!row) return undefined;
      const lines = await tx
        .select({
          id_producto: detalleVenta.id_producto,
          id_variante: detalleVenta.id_variante,
          cantidad: detalleVenta.cantidad,
        })
        .from(detalleVenta)
        .where(eq(detalleVenta.id_venta, row.id_venta));
      await returnStock(tx, lines);
      return row;
    }),
  );
  return failed ?? (await orderById(db, order.id_venta)) ?? order;
}

/** Where a paid order's number goes in its messages until the statement that pays it takes one. */
const NUMBER_PLACEHOLDER = `numero-${randomBytes(12).toString('hex')}`;

/**
 * The statement that pays a pending order (docs/decisions/103-one-statement-pays.md): its state, payment
 * and the next order number, the first row of its history, its paid messages, written before the
 * statement with a placeholder where the number goes, and the buyer's saved cart emptied when the
 * order is paid in the buyer's request (109). Prepared (decision 106): drizzle took longer to
 * build it than any other statement of a checkout.
 */
const payStatement = preparedPerDatabase((db) => {
  const pagada = db.$with('pagada').as(
    db
      .update(venta)
      .set({
        estado: 'pagada',
        pago_marca: sql`${sql.placeholder('marca')}`,
        pago_ultimos4: sql`${sql.placeholder('ultimos4')}`,
        pago_referencia: sql`${sql.placeholder('referencia')}`,
        // Taken only by the statement that pays the order, so numbers are never skipped for it.
        numero_pedido: sql`nextval('venta_numero_pedido_seq')`,
      })
      .where(and(eq(venta.id_venta, sql.placeholder('id_venta')), eq(venta.estado, 'pendiente')))
      .returning(),
  );
  const history = stateRecordOf(db, sql`pagada`, 'pagada');
  const messages = queuedMailsClause(db, {
    from: sql`pagada`,
    placeholder: NUMBER_PLACEHOLDER,
    value: orderNumberText(sql`pagada.numero_pedido`),
  });
  const cart = emptiedCartClauses(db, 'placeholders', sql`(SELECT id_venta FROM pagada)`);
  return db
    .with(pagada, history, messages, ...cart)
    .select()
    .from(pagada)
    .prepare('pay_order');
});

/**
 * Pays a pending order in one statement (payStatement). Undefined when the order was no longer pending:
 * nothing was written.
 */
async function payOrder(
  context: Omit<OrderContext, 'payments'>,
  order: OrderRow,
  result: Extract<ChargeResult, { status: 'succeeded' }>,
  facts: OrderMailFacts | undefined,
): Promise<OrderRow | undefined> {
  const { db } = context;
  const payment = {
    estado: 'pagada',
    pago_marca: result.brand,
    pago_ultimos4: result.last4,
    pago_referencia: result.reference,
  } as const;
  const settings = await settingsNow(context, db);
  const mails = await paidOrderMails(db, { ...order, ...payment }, settings, {
    facts,
    numberAs: NUMBER_PLACEHOLDER,
  });
  const [row] = await retryOnDeadlock(() =>
    payStatement(db).execute({
      id_venta: order.id_venta,
      marca: payment.pago_marca,
      ultimos4: payment.pago_ultimos4,
      referencia: payment.pago_referencia,
      ...queuedMailsValues(mails),
      ...cartOwnerIds(context.cart),
    }),
  );
  return row;
}

/** A provider's report (a webhook) that the charge `reference` of order `idVenta` succeeded or failed. */
export interface ChargeReport {
  idVenta: number;
  reference: string;
  amountCents: number;
  succeeded: boolean;
}

/** What a provider's report about one order's charge did. */
export type ProviderReportOutcome =
  | 'settled'
  | 'unchanged'
  | 'unknown_sale'
  | 'other_charge'
  | 'amount_mismatch';

/**
 * The provider reported (a webhook) that the charge `reference` of order `idVenta` succeeded or failed.
 * The provider is asked for the charge's current state rather than trusting the report, since reports can
 * arrive late, twice or out of order; a settled order is left alone without asking, so a repeated report
 * changes nothing. A report about another charge than the one the order recorded, or for another amount
 * than the order's total, is not this order's payment and is ignored. The one exception is money taken for
 * a order already failed (a late charge that won a race): it is confirmed and logged as an error for a refund.
 */
export async function settleFromProviderReport({
  report,
  ...context
}: OrderContext & { report: ChargeReport }): Promise<ProviderReportOutcome> {
  const { db, payments, log } = context;
  const order = await orderById(db, report.idVenta);
  if (!order) return 'unknown_sale';
  const takenFromFailedSale = order.estado === 'fallida' && report.succeeded;
  if (order.estado !== 'pendiente' && !takenFromFailedSale) return 'unchanged';
  if (!takenFromFailedSale && order.pago_referencia && order.pago_referencia !== report.reference) {
    log?.info(
      { id_venta: order.id_venta, referencia: report.reference },
      'report about another charge: ignored',
    );
    return 'other_charge';
  }
  if (report.amountCents !== toCents(order.valor_total_venta)) {
    log?.error(
      { id_venta: order.id_venta, referencia: report.reference, monto: report.amountCents },
      'payment report for another amount than the order total: ignored',
    );
    return 'amount_mismatch';
  }
  const result = await payments.lookup(order.id_venta, report.reference);
  if (result.status === 'not_found') return 'unchanged';
  // On a failed order this changes nothing and logs the charge to refund (applyChargeResult).
  const after = await applyChargeResult(context, order, result);
  return after.estado === order.estado ? 'unchanged' : 'settled';
}

export interface SettleOptions extends OrderContext {
  /** Only orders at least this old (a periodic sweep must not race checkouts still in progress). */
  minAgeMs?: number;
  /** A charge waiting for the shopper's extra step longer than this is given up. */
  requiresActionTimeoutMs?: number;
  now?: Date;
}

export interface SettleSummary {
  pending: number;
  paid: number;
  failed: number;
  waiting: number;
  errors: number;
}

/**
 * Settles the orders left 'pendiente' (a crash between the charge and its record, an unreachable
 * provider, an abandoned extra step) by asking the provider. Run at start-up, before serving.
 * A charge the provider never received is cancelled there first, so it cannot arrive late and take money
 * for a order already failed with its stock returned.
 */
export async function settlePendingOrders({
  minAgeMs = 0,
  requiresActionTimeoutMs = 3_600_000,
  now = new Date(),
  ...context
}: SettleOptions): Promise<SettleSummary> {
  const { db, payments, log } = context;
  const conditions: SQL[] = [eq(venta.estado, 'pendiente')];
  if (minAgeMs > 0) conditions.push(lte(venta.fecha, new Date(now.getTime() - minAgeMs)));
  const pending = await db
    .select()
    .from(venta)
    .where(and(...conditions))
    .orderBy(asc(venta.id_venta));
  const summary: SettleSummary = { pending: pending.length, paid: 0, failed: 0, waiting: 0, errors: 0 };
  for (const order of pending) {
    try {
      let result = await payments.lookup(order.id_venta, order.pago_referencia);
      const abandoned =
        result.status === 'requires_action' &&
        now.getTime() - order.fecha.getTime() > requiresActionTimeoutMs;
      if (result.status === 'not_found' || abandoned) {
        result = payments.cancel
          ? await payments.cancel(order.id_venta, order.pago_referencia)
          : {
              status: 'declined',
              code: abandoned ? 'authentication_failed' : 'processing_error',
              reference: order.pago_referencia,
            };
      }
      const after = await applyChargeResult(context, order, result);
      if (after.estado === 'pagada') summary.paid++;
      else if (after.estado === 'fallida') summary.failed++;
      else summary.waiting++;
    } catch (err) {
      summary.errors++;
      log?.warn({ err, id_venta: order.id_venta }, 'could not settle a pending order');
    }
  }
  return summary;
}
