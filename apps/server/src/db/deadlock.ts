import { rootCause } from '../errors';

/** PostgreSQL's SQLSTATE for a transaction it cancelled to break a deadlock. */
const DEADLOCK_DETECTED = '40P01';

export function isDeadlock(err: unknown): boolean {
  return err instanceof Error && (rootCause(err) as Error & { code?: string }).code === DEADLOCK_DETECTED;
}

/**
 * Runs a transaction again when PostgreSQL cancelled it to break a deadlock. Its work was rolled back
 * whole, so running it again is safe, and the other transaction has gone through meanwhile. Orders lock
 * a sale's row and then its products, in id order (decision 032); what still crosses that order (a
 * retried checkout racing its payment over the sale's unique key) is run again.
 * Only transactions that start by reading what they change (so a second run sees the first one's
 * effects) may be wrapped.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isDeadlock(err) || attempt >= attempts) throw err;
    }
  }
}
