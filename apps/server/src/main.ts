import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, readDotEnv } from './config';
import { configuredTarget, openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed/seed';
import { resolveOidc } from './modules/auth/oidc-client';
import { purgeExpiredSessions } from './modules/auth/sessions';
import { settlePendingSales } from './modules/checkout/service';
import { createPaymentProvider } from './payments/create-provider';
import { localStorage } from './storage/local';

/** Read config → open db → migrate → seed if empty → listen; close cleanly on SIGTERM/SIGINT. */
async function main() {
  readDotEnv();
  const config = loadConfig();
  // The database and the issuer start before the app exists; their rare errors are logged once the
  // app's logger is there.
  let log: FastifyBaseLogger | undefined;
  const database = await openDatabase(configuredTarget(config), (err) =>
    log?.warn({ err }, 'database connection lost; the pool reconnects'),
  );
  await database.migrate();
  await purgeExpiredSessions(database.db);
  const oidc = await resolveOidc(config, {
    onError: (err) => log?.warn({ err }, 'local sign-in issuer error'),
  });
  const payments = createPaymentProvider(config, database.db);
  const app = await buildApp({
    config,
    database,
    oidc,
    payments,
    logger:
      config.env === 'development' && process.stdout.isTTY
        ? { level: config.logLevel, transport: { target: 'pino-pretty' } }
        : { level: config.logLevel },
  });
  log = app.log;
  if (config.seedOnStart) {
    const result = await seedIfEmpty(database.db, {
      admin: config.admin,
      storage: localStorage(config.uploadsDir),
    });
    if (result.seeded) app.log.info(result, 'empty database: demo shop seeded');
  }

  // Sales a crash or an unreachable provider left 'pendiente' are settled before any new checkout.
  const settled = await settlePendingSales(database.db, payments, { log: app.log });
  if (settled.pending > 0) app.log.info(settled, 'pending sales settled');

  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, async () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const timer = setTimeout(() => process.exit(1), 10_000).unref();
      await app.close();
      await oidc.local?.close();
      await database.close();
      clearTimeout(timer);
      process.exit(0);
    });
  }
  if (oidc.local)
    app.log.info({ issuer: oidc.issuer.href }, 'Continuar con Google uses the local development issuer');
  // Expired sessions are useless rows; clear them hourly (any process may do it).
  setInterval(
    () => purgeExpiredSessions(database.db).catch((err) => app.log.warn({ err }, 'session purge failed')),
    36e5,
  ).unref();
  // Later leftovers (a 502, an instance that died) are settled here; the age keeps it off live checkouts.
  setInterval(
    () =>
      settlePendingSales(database.db, payments, { log: app.log, minAgeMs: 15 * 60_000 })
        .then((r) => r.pending > 0 && app.log.info(r, 'pending sales settled'))
        .catch((err) => app.log.warn({ err }, 'settling pending sales failed')),
    5 * 60_000,
  ).unref();
  await app.listen({ host: config.host, port: config.port });
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
