import { isConnectionLost } from './connection-lost';

export interface ConnectionRetryOptions {
  /** Longest the caller waits in all: no new attempt starts once its wait would end past it. */
  budgetMs?: number;
  /** Wait before the second attempt; each later wait doubles, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * A wait of `attempt` (1 = the first retry): `firstDelayMs` doubling up to `maxDelayMs`, between half and
 * all of it at random, so the requests that lost their connections together do not come back together.
 */
export function backoffMs(
  attempt: number,
  { firstDelayMs, maxDelayMs }: { firstDelayMs: number; maxDelayMs: number },
) {
  const delay = Math.min(maxDelayMs, firstDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(delay * (0.5 + Math.random() * 0.5));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` again when it failed because the database connection was lost (never for a refused
 * statement), with backoff, for `budgetMs` at most; then the last error is thrown. Only work that is safe
 * to run twice may be wrapped: the first run may have committed before its connection dropped, so the
 * second must find that and change nothing (a write conditional on the state it changes).
 */
export async function retryOnConnectionLoss<T>(
  work: () => Promise<T>,
  { budgetMs = 3000, firstDelayMs = 100, maxDelayMs = 1000 }: ConnectionRetryOptions = {},
): Promise<T> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isConnectionLost(err)) throw err;
      const wait = backoffMs(attempt, { firstDelayMs, maxDelayMs });
      if (Date.now() - started + wait > budgetMs) throw err;
      await sleep(wait);
    }
  }
}
