import { and, asc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { venta } from '../../db/schema';
import type { OrderContext } from './context';
import { type MercadoPagoContext, reconcileOrder } from './mercadopago-payments';
import type { OrderRow } from './order-summary';
import { listAwaitingPayment } from './pay-later';

/*
 * No Mercado Pago order is left waiting on a notification that never came (docs/decisions/061): on a
 * schedule, every order still waiting for Mercado Pago's money is asked about by its external reference,
 * and so are those cancelled unpaid in the last days (a cash voucher credited after the deadline is
 * recorded for the owner to refund). Every process may run it: markPaidByProvider pays an order once.
 */

/** Days after its deadline that an order cancelled unpaid is still asked about (a voucher credited late). */
const LATE_WINDOW_DAYS = 3;

/** Mercado Pago orders cancelled unpaid in the last days with no late payment recorded yet. */
function recentlyExpired(context: OrderContext, afterId: number, limit: number): Promise<OrderRow[]> {
  return context.db
    .select()
    .from(venta)
    .where(
      and(
        eq(venta.estado, 'anulada'),
        eq(venta.metodo_pago, 'mercadopago'),
        isNull(venta.pago_tardio_referencia),
        gte(venta.vence, sql`now() - ${LATE_WINDOW_DAYS} * interval '1 day'`),
        gt(venta.id_venta, afterId),
      ),
    )
    .orderBy(asc(venta.id_venta))
    .limit(limit);
}

export interface ReconcileOptions {
  /** Orders asked about at the same time. */
  concurrency: number;
  pageSize: number;
}

/**
 * One round of the reconciliation (decision 061): every Mercado Pago order still waiting, and those
 * cancelled unpaid in the last days, asked about by external reference. A lost notification costs one
 * interval. Returns how many orders were asked about and how many it paid.
 */
export async function reconcileMercadoPago(
  context: MercadoPagoContext,
  { concurrency = 8, pageSize = 500 }: Partial<ReconcileOptions> = {},
): Promise<{ asked: number; paid: number; errors: number }> {
  let asked = 0;
  let paid = 0;
  let errors = 0;
  for (const list of [
    (afterId: number) => listAwaitingPayment(context.db, 'mercadopago', { afterId, limit: pageSize }),
    (afterId: number) => recentlyExpired(context, afterId, pageSize),
  ]) {
    let afterId = 0;
    for (;;) {
      const orders = await list(afterId);
      if (orders.length === 0) break;
      afterId = orders.at(-1)?.id_venta ?? afterId;
      let next = 0;
      const worker = async () => {
        while (next < orders.length) {
          const order = orders[next++] as OrderRow;
          asked++;
          try {
            if ((await reconcileOrder(context, order.id_venta)).paid) paid++;
          } catch (err) {
            errors++;
            context.log?.warn({ err, id_venta: order.id_venta }, 'could not ask Mercado Pago about an order');
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, orders.length) }, worker));
      if (orders.length < pageSize) break;
    }
  }
  return { asked, paid, errors };
}

export interface ReconciliationOptions extends ReconcileOptions {
  /** Between two rounds. */
  intervalMs: number;
}

export const DEFAULT_RECONCILIATION: ReconciliationOptions = {
  intervalMs: 60_000,
  concurrency: 8,
  pageSize: 500,
};

/** Runs a reconciliation round every interval for as long as the app (started once ready, stopped on close). */
export const mercadoPagoReconciliationPlugin: FastifyPluginAsync<
  MercadoPagoContext & { options?: Partial<ReconciliationOptions> | undefined }
> = async (app, { options, ...context }) => {
  const { intervalMs, ...round } = { ...DEFAULT_RECONCILIATION, ...options };
  const log = app.log.child({ module: 'orders' });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    running = reconcileMercadoPago({ ...context, log }, round)
      .then(({ asked, paid, errors }) => {
        if (paid > 0 || errors > 0)
          log.info({ pedidos: asked, pagados: paid, errores: errors }, 'Mercado Pago reconciled');
      })
      .catch((err) => log.warn({ err }, 'could not reconcile Mercado Pago orders; trying again later'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, intervalMs);
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
};
