import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { freshDatabase, type TestDatabase } from '../test/databases';
import { configuredTarget, type Database, openDatabase, rowsOf } from './client';

/*
 * Behind a load balancer every instance keeps its own pool, and the database serves them all: an operator
 * sizes each with DATABASE_POOL_SIZE to stay within the server's max_connections (docs/deploy.md).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('DATABASE_POOL_SIZE on postgres', () => {
  let server: TestDatabase;
  let shop: Database;

  beforeAll(async () => {
    server = await freshDatabase('postgres');
    const config = loadConfig({ DATABASE_URL: server.url, DATABASE_POOL_SIZE: '2' });
    shop = await openDatabase(configuredTarget(config));
  });

  afterAll(async () => {
    await shop?.close();
    await server?.drop();
  });

  it('is as many connections as the process ever holds, however many requests wait', async () => {
    const backends = await Promise.all(
      Array.from({ length: 8 }, () =>
        rowsOf<{ pid: number }>(shop.db, sql`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`),
      ),
    );
    expect(new Set(backends.map(([row]) => row?.pid)).size).toBe(2);
  });
});
