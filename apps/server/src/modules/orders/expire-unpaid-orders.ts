import { and, asc, eq, inArray, lte, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { backgroundLoop } from '../../background-loop';
import type { Db, Tx } from '../../db/client';
import { retryOnDeadlock } from '../../db/deadlock';
import { detalleVenta, venta } from '../../db/schema';
import { returnStock } from '../catalog';
import type { OrderContext } from './context';
import { queueOrderMail } from './order-mail';
import type { OrderRow } from './order-summary';
import { recordState } from './state-history';

/*
 * Orders paid later whose money did not arrive by their deadline (`vence`) are cancelled unpaid
 * ('anulada'): their units go back on the shelf in the same transaction and the shopper is told
 * (docs/decisions/056). Any number of processes run the loop on one database: each claims the due orders
 * with FOR UPDATE SKIP LOCKED, and the update is conditional on 'pendiente_pago', so a payment confirmed at
 * the same moment and the expiry never both win.
 */

/**
 * Cancels unpaid the orders among `ids` (or, with `due`, the rows the subquery claims) that still wait for
 * their money, at home or on their way to be paid on delivery (decision 084): state, stock back, history (`by`: the owner, or null for the deadline) and the shopper's
 * e-mail, all in `tx`. Returns the orders it cancelled.
 */
export async function cancelWaitingOrders(
  tx: Tx,
  { shop }: Pick<OrderContext, 'shop'>,
  ids: readonly number[] | SQLWrapper,
  by: number | null,
): Promise<OrderRow[]> {
  const cancelled = await tx
    .update(venta)
    .set({ estado: 'anulada' })
    .where(
      and(
        inArray(venta.id_venta, 'getSQL' in ids ? ids : [...ids]),
        inArray(venta.estado, ['pendiente_pago', 'por_cobrar']),
      ),
    )
    .returning();
  if (cancelled.length === 0) return [];
  const lines = await tx
    .select({
      id_producto: detalleVenta.id_producto,
      id_variante: detalleVenta.id_variante,
      cantidad: detalleVenta.cantidad,
    })
    .from(detalleVenta)
    .where(
      inArray(
        detalleVenta.id_venta,
        cancelled.map((o) => o.id_venta),
      ),
    );
  // One update per variant, however many of the orders held it.
  const units = new Map<string, (typeof lines)[number]>();
  for (const line of lines) {
    const key = `${line.id_producto}:${line.id_variante}`;
    const held = units.get(key);
    units.set(key, held ? { ...held, cantidad: held.cantidad + line.cantidad } : line);
  }
  await returnStock(tx, [...units.values()]);
  for (const order of cancelled) {
    await recordState(tx, order.id_venta, 'anulada', by);
    await queueOrderMail(tx, by === null ? 'vencido' : 'cancelado', order, shop);
  }
  return cancelled;
}

/**
 * Cancels up to `batchSize` orders whose deadline passed (by the database's clock, or `now`), oldest
 * deadline first; returns how many. Orders another process is settling right now are skipped, not waited
 * for: the next round finds them if they still wait.
 */
export async function expireUnpaidOrders(
  context: Pick<OrderContext, 'db' | 'shop'>,
  { now, batchSize = 100 }: { now?: Date; batchSize?: number } = {},
): Promise<number> {
  const { db } = context;
  const due = db
    .select({ id: venta.id_venta })
    .from(venta)
    .where(and(eq(venta.estado, 'pendiente_pago'), lte(venta.vence, now ?? sql`now()`)))
    .orderBy(asc(venta.vence))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  const cancelled = await retryOnDeadlock(() =>
    db.transaction((tx) => cancelWaitingOrders(tx, context, due, null)),
  );
  return cancelled.length;
}

/** Milliseconds until the next deadline of an order waiting for its money (0 if one passed), or undefined. */
export async function nextDeadlineInMs(db: Db): Promise<number | undefined> {
  const [next] = await db
    .select({ ms: sql<string | null>`extract(epoch from (min(${venta.vence}) - now())) * 1000` })
    .from(venta)
    .where(eq(venta.estado, 'pendiente_pago'));
  return next?.ms == null ? undefined : Math.max(0, Math.ceil(Number(next.ms)));
}

export interface ExpiryOptions {
  /** The longest sleep between two looks: an order placed meanwhile is found within this. */
  idleCheckMs: number;
  /** The wait after a failed round (the database unreachable). */
  retryMs: number;
  batchSize: number;
}

export const DEFAULT_EXPIRY: ExpiryOptions = { idleCheckMs: 60_000, retryMs: 10_000, batchSize: 100 };

/**
 * The loop that cancels unpaid orders as their deadlines pass: it sleeps until the next deadline (at most
 * `idleCheckMs`, so an order placed by another process meanwhile is not missed), never on a connection.
 */
export function unpaidOrdersExpiry(
  context: Pick<OrderContext, 'db' | 'shop'> & { log: FastifyBaseLogger },
  options: ExpiryOptions = DEFAULT_EXPIRY,
) {
  const { db, log } = context;
  return backgroundLoop({
    log,
    retryMs: options.retryMs,
    failure: 'could not cancel unpaid orders; trying again later',
    pass: async () => {
      const cancelled = await expireUnpaidOrders(context, { batchSize: options.batchSize });
      if (cancelled > 0) log.info({ pedidos: cancelled }, 'unpaid orders cancelled at their deadline');
      if (cancelled === options.batchSize) return 0;
      const next = await nextDeadlineInMs(db);
      return Math.min(next ?? options.idleCheckMs, options.idleCheckMs);
    },
  });
}

/** Runs the expiry loop for as long as the app (started once ready, stopped on close). */
export const unpaidOrdersExpiryPlugin: FastifyPluginAsync<
  Pick<OrderContext, 'db' | 'shop'> & { options?: Partial<ExpiryOptions> | undefined }
> = async (app, { options, ...context }) => {
  const expiry = unpaidOrdersExpiry(
    { ...context, log: app.log.child({ module: 'orders' }) },
    { ...DEFAULT_EXPIRY, ...options },
  );
  app.addHook('onReady', async () => expiry.start());
  app.addHook('onClose', async () => expiry.stop());
};
