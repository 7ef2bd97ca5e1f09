import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { type AppDeps, buildApp } from '../app';
import { loadConfig } from '../config';
import { seedIfEmpty } from '../db/seed/seed';
import { resolveOidc } from '../modules/auth/oidc-client';
import { localStorage } from '../storage/local';
import { type DatabaseKind, freshDatabase } from './databases';

export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

/**
 * The real application on a fresh, seeded database of the given kind, for `inject()` tests.
 * Every log line is kept so tests can assert that bad input is never logged as an error.
 */
export async function seededTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'throttle' | 'stripeApi'> = {},
) {
  const dataDir = await mkdtemp(join(tmpdir(), 'vitrina-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'test', ...env });
  const database = await freshDatabase(kind);
  await seedIfEmpty(database.db, { admin: config.admin, storage: localStorage(config.uploadsDir) });
  const logs: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  });
  const oidc = await resolveOidc(config);
  const app = await buildApp({
    config,
    database,
    oidc,
    logger: { level: 'info', stream },
    ...deps,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    logs,
    async close() {
      await app.close();
      await oidc.local?.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof seededTestApp>>;
