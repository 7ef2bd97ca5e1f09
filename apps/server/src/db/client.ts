import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
/** The same Drizzle API over PGlite and node-postgres: modules never know which one they have. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

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
}

/**
 * The channels the migrations' triggers NOTIFY on. Every connection LISTENs to them from the start, so the
 * connection that commits a change hears its own notification before its COMMIT returns: a process never
 * serves its own stale data, and other processes hear it a moment later.
 */
export const NOTIFY_CHANNELS = ['catalogo_cambio'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

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
  /** A folder, or 'memory://' for a throw-away database (tests). */
  | { kind: 'pglite'; dataDir: string };

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR. */
export function configuredTarget(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: `${config.dataDir}/pglite` };
}

export async function openDatabase(
  target: DatabaseTarget,
  onIdleError: (err: Error) => void = () => {},
): Promise<Database> {
  if (target.kind === 'postgres') {
    const subs = subscribers();
    let listeningConnections = 0;
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // Awaited by the pool before it hands the connection out: no query runs on a deaf connection.
      onConnect: async (client) => {
        client.on('notification', (message) => subs.notify(message.channel));
        await client.query(NOTIFY_CHANNELS.map((channel) => `LISTEN ${channel}`).join(';'));
        // Changes made while no connection was listening went unheard.
        if (listeningConnections === 0) subs.notifyAll();
        listeningConnections++;
        client.once('end', () => listeningConnections--);
      },
    });
    // A server restart or a terminated backend breaks an idle connection: the pool drops it and opens a
    // new one on the next query. Without a listener the 'error' event would crash the process.
    pool.on('error', onIdleError);
    const db = drizzleNodePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
      subscribe: subs.add,
      listening: () => listeningConnections > 0,
    };
  }
  if (!target.dataDir.startsWith('memory://')) await mkdir(target.dataDir, { recursive: true });
  const client = await PGlite.create(target.dataDir, { extensions: { unaccent, pg_trgm } });
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
  };
}
