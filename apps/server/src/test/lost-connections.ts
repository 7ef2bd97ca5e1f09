import { vi } from 'vitest';
import type { Db } from '../db/client';
import { cargoSandbox } from '../db/schema';

/** What node-postgres reports when PostgreSQL terminated the backend (pg_terminate_backend). */
export const terminatedConnection = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

export interface LostConnections {
  /** Only from the moment the sandbox records a charge: the write that records its answer on the order. */
  afterCharge?: boolean;
  /** How many transactions fail; all of them, until `back()`, by default. */
  failures?: number;
}

/**
 * `db`'s transactions lose their connection, as when PostgreSQL drops connections right then; plain
 * statements still go through. Put back with `vi.restoreAllMocks()`.
 */
export function loseTransactions(
  db: Db,
  { afterCharge = false, failures = Number.POSITIVE_INFINITY }: LostConnections = {},
) {
  const insert = db.insert.bind(db);
  const transaction = db.transaction.bind(db);
  let charged = !afterCharge;
  let failed = 0;
  let back = false;
  vi.spyOn(db, 'insert').mockImplementation(((table: Parameters<typeof insert>[0]) => {
    if (table === cargoSandbox) charged = true;
    return insert(table);
  }) as typeof insert);
  vi.spyOn(db, 'transaction').mockImplementation(((...args: Parameters<typeof transaction>) => {
    if (charged && !back && failed < failures) {
      failed++;
      return Promise.reject(terminatedConnection());
    }
    return transaction(...args);
  }) as typeof transaction);
  return {
    /** The database is reachable again. */
    back: () => {
      back = true;
    },
    /** Transactions that lost their connection so far. */
    failed: () => failed,
  };
}
