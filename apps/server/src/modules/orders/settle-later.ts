import { isConnectionLost } from '../../db/connection-lost';
import { backoffMs } from '../../db/connection-retry';
import type { ChargeResult } from '../../payments/provider';
import type { OrderContext } from './context';
import type { OrderRow } from './order-summary';
import { applyChargeResult } from './settle-payment';

/** Records a provider's answer that the database could not take yet, in the background. */
export type SettleLater = (order: OrderRow, result: ChargeResult) => void;

export interface BackgroundSettler {
  settle: SettleLater;
  /** Stops the retries and waits for those in flight (the app is closing; the next start settles the rest). */
  stop(): Promise<void>;
}

export interface BackgroundSettleOptions {
  /** Wait before the first background attempt; each later one doubles, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * What a checkout does when it knows the provider's answer (the card was charged, or declined) but could
 * not record it before answering the shopper: this process keeps trying to record it, with backoff capped
 * at a few seconds, until the database takes it (docs/decisions/052). Recording is conditional on the
 * order still being 'pendiente', so the start-up settle, the periodic sweep, a webhook or the shopper's own
 * retry getting there first does no harm. Any other failure than a lost connection ends the retries: it
 * would fail again, and the periodic sweep asks the provider instead.
 */
export function backgroundSettler(
  context: Omit<OrderContext, 'payments'>,
  { firstDelayMs = 500, maxDelayMs = 5000 }: BackgroundSettleOptions = {},
): BackgroundSettler {
  const { log } = context;
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  /** Orders being settled here: a retried checkout that meets the same outage adds no second loop. */
  const settling = new Set<number>();
  let stopped = false;

  async function attempt(order: OrderRow, result: ChargeResult, tries: number) {
    try {
      const now = await applyChargeResult(context, order, result);
      settling.delete(order.id_venta);
      log?.info(
        { id_venta: order.id_venta, estado: now.estado, intentos: tries },
        'order settled in the background',
      );
    } catch (err) {
      if (stopped) return;
      if (!isConnectionLost(err)) {
        settling.delete(order.id_venta);
        log?.error({ err, id_venta: order.id_venta }, 'could not settle the order in the background');
        return;
      }
      log?.warn(
        { id_venta: order.id_venta, intentos: tries },
        'database still unavailable; settling again later',
      );
      schedule(order, result, tries + 1);
    }
  }

  function schedule(order: OrderRow, result: ChargeResult, tries: number) {
    if (stopped) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        const running = attempt(order, result, tries).finally(() => inFlight.delete(running));
        inFlight.add(running);
      },
      backoffMs(tries, { firstDelayMs, maxDelayMs }),
    );
    // Never what keeps a process alive: a sale still 'pendiente' when it ends is settled at the next start.
    timer.unref();
    timers.add(timer);
  }

  return {
    settle(order, result) {
      if (settling.has(order.id_venta)) return;
      settling.add(order.id_venta);
      schedule(order, result, 1);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(inFlight);
    },
  };
}
