import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { seedIfEmpty } from '../../db/seed/seed';
import { resolveOidc } from '../../modules/auth/oidc-client';
import { localStorage } from '../../storage/local';
import type { LogLine } from '../../test/app';
import { type DatabaseKind, freshDatabase } from '../../test/databases';
import { startFakeStripe } from './fake-stripe';

/** Test keys in Stripe's formats; the fake only accepts the secret one. */
export const STRIPE_TEST_ENV = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_vitrinaSecretKey0123456789',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_vitrinaPublishableKey0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_vitrinaWebhookSecret0123456789',
} as const;

/**
 * seededTestApp (test/app.ts) with PAYMENT_PROVIDER=stripe, its Stripe SDK pointed at a fake Stripe on
 * 127.0.0.1. Same shape as seededTestApp, plus the fake.
 */
export async function stripeTestApp(kind: DatabaseKind, env: Record<string, string> = {}) {
  const fake = await startFakeStripe({ secretKey: STRIPE_TEST_ENV.STRIPE_SECRET_KEY });
  const dataDir = await mkdtemp(join(tmpdir(), 'vitrina-stripe-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    ...STRIPE_TEST_ENV,
    ...env,
  });
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
    stripeApi: fake.api,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    logs,
    fake,
    async close() {
      await app.close();
      await oidc.local?.close();
      await database.drop();
      await fake.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type StripeTestApp = Awaited<ReturnType<typeof stripeTestApp>>;
