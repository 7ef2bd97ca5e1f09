import { rm } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { CURRENCIES } from '@vitrina/shared';
import { type AppDeps, buildApp } from '../app';
import { loadConfig } from '../config';
import { resolveOidc } from '../modules/google-sign-in';
import { seedIfEmpty } from '../seed/seed';
import { createStorage } from '../storage/create';
import { type DatabaseKind, freshDatabase, seededDatabase, testTempDir, testTemplates } from './databases';
import { copyFolder } from './templates';

export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

/**
 * The real application on a fresh, seeded database of the given kind, for `inject()` tests.
 * Every log line is kept so tests can assert that bad input is never logged as an error.
 *
 * The database is a copy of the run's seeded template and DATA_DIR/uploads a copy of its images
 * (test/global-setup.ts); with another administrator than the template's, or images in a bucket, a copy
 * of the empty template is seeded as `npm start` would. Pages come from the run's stand-in web build,
 * so no result depends on whether `npm run build` has run.
 */
export async function seededTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  deps: Pick<
    AppDeps,
    | 'throttle'
    | 'stripeApi'
    | 'mercadoPago'
    | 'mercadoPagoReconciliation'
    | 'mailDelivery'
    | 'uploadLimit'
    | 'renderPage'
    | 'unpaidOrdersExpiry'
    | 'unitsSold'
  > = {},
) {
  const dataDir = await testTempDir('app-');
  const templates = testTemplates();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    WEB_DIST: templates.webDist,
    ...env,
  });
  // The templates' images are on disk: a shop on a bucket seeds its own. The template's prices have cents:
  // a shop in a currency without them seeds its own too.
  const asTemplate =
    templates.admin.email === config.admin.email &&
    templates.admin.password === config.admin.password &&
    config.storage.kind === 'local' &&
    CURRENCIES[config.currency].decimals === 2;
  const database = asTemplate ? await seededDatabase(kind) : await freshDatabase(kind);
  if (asTemplate) await copyFolder(templates.uploads, config.uploadsDir);
  else
    await seedIfEmpty(database.db, {
      admin: config.admin,
      storage: await createStorage(config),
      currency: config.currency,
    });
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
    logger: { level: config.logLevel, stream },
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
