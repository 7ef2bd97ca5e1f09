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
  /** The failing ones commit first and lose only their answer, as when the connection drops at COMMIT's reply. */
  committed?: boolean;
}

/**
 * `db`'s transactions and its statements with WITH clauses (the one that pays an order) lose their
 * connection, as when PostgreSQL drops connections right then; plain statements still go through. Put
 * back with `vi.restoreAllMocks()`.
 */
export function loseTransactions(
  db: Db,
  { afterCharge = false, failures = Number.POSITIVE_INFINITY, committed = false }: LostConnections = {},
) {
  const insert = db.insert.bind(db);
  const transaction = db.transaction.bind(db);
  const withClauses = db.with.bind(db);
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
  vi.spyOn(db, 'with').mockImplementation(((...clauses: Parameters<typeof withClauses>) => {
    const statement = withClauses(...clauses);
    // Lost when the statement runs, not when it is built.
    const select = statement.select.bind(statement);
    return Object.assign(statement, {
      select: (...fields: Parameters<typeof select>) => {
        const query = select(...fields);
        const from = query.from.bind(query);
        return Object.assign(query, {
          from: (...source: Parameters<typeof from>) => lost(async () => from(...source)),
        });
      },
    });
  }) as typeof withClauses);
  return {
    /** The database is reachable again. */
    back: () => {
      back = true;
    },
    /** Transactions that lost their connection so far. */
    failed: () => failed,
  };
}
