import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DEFAULT_DATABASE_POOL_SIZE } from '../config';
import { MIGRATIONS_DIR } from '../paths';
import { listenForChanges } from './change-listener';
import { isConnectionLost } from './connection-lost';
import { createDataFilesIfMissing, PGLITE_START } from './pglite-start';
import { PreparingClient } from './preparing-client';
import * as schema from './schema';
import { readsOnly, statementText } from './statement-kind';

export type Schema = typeof schema;
/** The same Drizzle API over PGlite and node-postgres: modules never know which one they have. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** The rows of a statement written in SQL: PGlite and node-postgres both answer { rows }. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `onChange` for every change the migrations' triggers announce on `channel`, whichever process
   * made it, and whenever announcements may have been missed (a connection was replaced).
   */
  subscribe(channel: NotifyChannel, onChange: () => void): void;
  /** False while no connection is listening: anything kept in memory may be stale and must not be used. */
  listening(): boolean;
  /** PostgreSQL's pool, for its numbers on /metrics (total, idle, waiting); PGlite has none. */
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
  /** PGlite only: its data folder as a gzipped tar, taken between two statements, so it is consistent. */
  dumpDataDir?(): Promise<Buffer>;
}

/**
 * The channels the migrations' triggers NOTIFY on. Every connection LISTENs to them from the start, so the
 * connection that commits a change hears its own notification before its COMMIT returns: a process never
 * serves its own stale data, and other processes hear it a moment later.
 */
export const NOTIFY_CHANNELS = [
  'catalogo_cambio',
  'busqueda_cambio',
  'correo_pendiente',
  'ajustes_cambio',
] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];
const LISTEN_ALL = NOTIFY_CHANNELS.map((channel) => `LISTEN ${channel}`).join(';');

/**
 * A read that failed because its connection was lost (a terminated backend, an idle connection that died
 * in a restart) is sent once more on another connection, so the request behind it still succeeds. Writes
 * are never repeated: the first may have committed before the connection dropped.
 */
function retryReadsOnce(pool: pg.Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) => {
    // Callback-style calls (Drizzle makes none) go through untouched.
    if (args.some((arg) => typeof arg === 'function')) return query(...args);
    return query(...args).catch((err: unknown) => {
      if (!readsOnly(statementText(args[0])) || !isConnectionLost(err)) throw err;
      return query(...args);
    });
  }) as typeof pool.query;
}

function subscribers() {
  const byChannel = new Map<string, Array<() => void>>();
  return {
    add(channel: NotifyChannel, onChange: () => void) {
      byChannel.set(channel, [...(byChannel.get(channel) ?? []), onChange]);
    },
    notify(channel: string) {
      for (const onChange of byChannel.get(channel) ?? []) onChange();
    },
    notifyAll() {
      for (const channel of byChannel.keys()) this.notify(channel);
    },
  };
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** A folder, or 'memory://' for a throw-away database. */
  | { kind: 'pglite'; dataDir: string };

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR. */
export function configuredTarget(config: {
  databaseUrl?: string | undefined;
  databasePoolSize: number;
  dataDir: string;
}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
    : { kind: 'pglite', dataDir: `${config.dataDir}/pglite` };
}

/** How long opening a connection may take before the request that needed it fails (503) instead of hanging. */
const CONNECT_TIMEOUT_MS = 5000;

export async function openDatabase(
  target: DatabaseTarget,
  onConnectionError: (err: Error) => void = () => {},
): Promise<Database> {
  if (target.kind === 'postgres') {
    const subs = subscribers();
    const pool = new pg.Pool({
      Client: PreparingClient,
      connectionString: target.url,
      max: target.poolSize ?? DEFAULT_DATABASE_POOL_SIZE,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Awaited by the pool before it hands the connection out.
      onConnect: async (client) => {
        // A connection can die at any moment: in use, idle or still starting (a terminated backend, a
        // restart). Its 'error' event would end the process without a listener of its own; the statement
        // it was running fails instead, the pool drops it and opens another on demand.
        client.on('error', onConnectionError);
        // Pooled connections listen too, so the one that commits a change hears it before its COMMIT
        // returns: a process never serves its own stale data.
        client.on('notification', (message) => subs.notify(message.channel));
        await client.query(LISTEN_ALL);
      },
    });
    // The pool reports an idle connection's death here as well; the connection's own listener logged it.
    pool.on('error', () => {});
    retryReadsOnce(pool);
    const listener = await listenForChanges(
      target.url,
      NOTIFY_CHANNELS,
      {
        onNotification: (channel) => subs.notify(channel),
        // Changes made while it was away went unheard.
        onListening: () => subs.notifyAll(),
        onError: onConnectionError,
      },
      CONNECT_TIMEOUT_MS,
    );
    const db = drizzleNodePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      async close() {
        await listener.close();
        await pool.end();
      },
      subscribe: subs.add,
      listening: listener.listening,
      pool,
    };
  }
  if (!target.dataDir.startsWith('memory://')) {
    await mkdir(target.dataDir, { recursive: true });
    await createDataFilesIfMissing(target.dataDir);
  }
  return pgliteDatabase(
    await PGlite.create(target.dataDir, { extensions: { unaccent, pg_trgm }, ...PGLITE_START }),
  );
}

/** The Database over an open PGlite; `close()` closes it. */
async function pgliteDatabase(client: PGlite): Promise<Database> {
  const subs = subscribers();
  // One in-process connection: it always hears its own changes, and no other process shares its files.
  for (const channel of NOTIFY_CHANNELS) await client.listen(channel, () => subs.notify(channel));
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    subscribe: subs.add,
    listening: () => true,
    dumpDataDir: async () => Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()),
  };
}
