import { vi } from 'vitest';
import type { Db } from '../db/client';
import { cargoSandbox } from '../db/schema';
import { statementText } from '../db/statement-kind';

/** What node-postgres reports when PostgreSQL terminated the backend (pg_terminate_backend). */
export const terminatedConnection = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

export interface LostConnections {
  /** Only from the moment the sandbox records a charge: the write that records its answer on the order. */
  afterCharge?: boolean;
  /** How many transactions fail; all of them, until `back()`, by default. */
  failures?: number;
  /** The failing ones commit first and lose only their answer, as when the connection drops at COMMIT's reply. */
  committed?: boolean;
}

/** The text of the statement that pays an order (settle-payment.ts). */
const PAYS_ORDER = /^with "pagada" as \(update "venta"/i;

/**
 * `db`'s transactions and the statement that pays an order lose their connection, as when PostgreSQL
 * drops connections right then; plain statements still go through. Put back with `vi.restoreAllMocks()`.
 */
export function loseTransactions(
  db: Db,
  { afterCharge = false, failures = Number.POSITIVE_INFINITY, committed = false }: LostConnections = {},
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
  const loses = () => {
    if (!charged || back || failed >= failures) return false;
    failed++;
    return true;
  };
  /** `run`, or its loss: before it ran, or (committed) after it did. */
  const lost = <T>(run: () => Promise<T>): Promise<T> => {
    if (!loses()) return run();
    if (!committed) return Promise.reject(terminatedConnection());
    return run().then(() => Promise.reject(terminatedConnection()));
  };
  vi.spyOn(db, 'transaction').mockImplementation(((...args: Parameters<typeof transaction>) =>
    lost(() => transaction(...args))) as typeof transaction);
  // The statement that pays an order is prepared once per database (decision 106), so it is lost where
  // it is sent: at the driver (node-postgres' pool or PGlite), which both take its text first.
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const query = client.query.bind(client);
  vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) =>
    PAYS_ORDER.test(statementText(args[0])) ? lost(() => query(...args)) : query(...args),
  );
  return {
    /** The database is reachable again. */
    back: () => {
      back = true;
    },
    /** Transactions that lost their connection so far. */
    failed: () => failed,
  };
}
