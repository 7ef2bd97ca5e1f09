import type { Server } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, orderContextFor } from './app';
import { localUrl, newBackupToken, registerBackupRoute, writeBackupEndpoint } from './backup/endpoint';
import { loadConfig, readDotEnv } from './config';
import { configuredTarget, type Database, type DatabaseTarget, openDatabase } from './db/client';
import { loggerOptions } from './logger';
import { startMetricsServer, watchDatabase, watchPool } from './metrics';
import { sizeStoredPhotos } from './modules/catalog';
import { type OidcClientConfig, resolveOidc } from './modules/google-sign-in';
import { queueLowStockDigest } from './modules/inventory';
import { queueDailySummary, settlePendingOrders, settlePendingRefunds } from './modules/orders';
import { purgeExpiredSessions } from './modules/sessions';
import { demoAccounts, readyMessage, shopUrl } from './ready';
import {
  FIRST_START_ARG,
  FirstStartFailed,
  runFirstStart,
  seedInChildProcess,
  startsNewShop,
} from './seed/first-start';
import { type SeedResult, seedIfEmpty } from './seed/seed';
import {
  explainOpenError,
  explainStartupError,
  keepNewFilesPrivate,
  listenError,
  lockDataDirOrExplain,
  type PortReservation,
  printStartupError,
  reservePort,
  tightenDataDir,
} from './startup';
import { createStorage } from './storage/create';

/** What is open so far: a stop (signal or failed start-up) closes whatever exists, in reverse order. */
const running: {
  target?: DatabaseTarget;
  reservation?: PortReservation;
  database?: Database;
  oidc?: OidcClientConfig;
  app?: FastifyInstance;
  metrics?: Server;
  /** The periodic sweeps, stopped first on a stop. */
  timers: NodeJS.Timeout[];
} = { timers: [] };
/** How long a stop waits for requests in flight (SHUTDOWN_TIMEOUT_MS once the configuration is read). */
let shutdownTimeoutMs = 10_000;
let log: FastifyBaseLogger | undefined;
let stopping = false;

/**
 * Read config → lock DATA_DIR → take the ports → open db → migrate → seed if empty → settle pending
 * sales → listen. The DATA_DIR lock is released when the process exits (not on SIGKILL or a power cut:
 * the next start takes that stale lock over).
 */
async function main() {
  keepNewFilesPrivate();
  readDotEnv();
  const config = loadConfig();
  shutdownTimeoutMs = config.shutdownTimeoutMs;
  const target = configuredTarget(config);
  running.target = target;
  // The embedded database's files must never be open in two processes (PostgreSQL has its own clients).
  if (target.kind === 'pglite') lockDataDirOrExplain(config.dataDir);
  // A busy port stops the start-up here, before the database is touched. The metrics port is taken
  // first: the shop's port must not have answered anyone when the other one turns out to be busy.
  if (config.metricsPort) running.metrics = await startMetricsServer(config.host, config.metricsPort);
  running.reservation = await reservePort(config.host, config.port);
  // A new embedded shop is created and seeded by a process of its own, which keeps that work's memory.
  const seededInChild: SeedResult | undefined = startsNewShop(target, config)
    ? await seedInChildProcess()
    : undefined;
  // The database and the issuer start before the app exists; their rare errors are logged once the
  // app's logger is there.
  running.database = await explainOpenError(
    target,
    openDatabase(target, (err) => log?.warn({ err }, 'database connection lost; the pool reconnects')),
  );
  const database = running.database;
  await database.migrate();
  await purgeExpiredSessions(database.db);
  const oidc = await resolveOidc(config, {
    onError: (err) => log?.warn({ err }, 'local sign-in issuer error'),
  });
  running.oidc = oidc;
  const shared = await orderContextFor(config, database);
  const app = await buildApp({
    config,
    database,
    oidc,
    payments: shared.payments,
    mercadoPago: shared.mercadoPago,
    // JSON in production and tests; one readable line per entry and per request in development.
    logger: loggerOptions(config),
  });
  running.app = app;
  log = app.log;
  // `npm run backup` asks this process for the embedded database: no other process may open its files.
  const backupToken = target.kind === 'pglite' ? newBackupToken() : undefined;
  if (backupToken) registerBackupRoute(app, database, backupToken);
  if (config.seedOnStart) {
    const result =
      seededInChild ??
      (await seedIfEmpty(database.db, {
        admin: config.admin,
        storage: await createStorage(config),
        currency: config.currency,
      }));
    if (result.seeded) app.log.info(result, 'empty database: demo shop seeded');
  }
  if (tightenDataDir(config.dataDir))
    app.log.warn(
      { dataDir: config.dataDir },
      'DATA_DIR was open to other users of this machine: its folders are now 0700 and its files 0600',
    );

  // Sales a crash or an unreachable provider left 'pendiente' are settled before any new checkout.
  const orders = { ...shared, log: app.log };
  const settled = await settlePendingOrders(orders);
  if (settled.pending > 0) app.log.info(settled, 'pending orders settled');
  // Refunds a crash left between the provider and the database are finished the same way.
  const refunds = await settlePendingRefunds(orders);
  if (refunds.pending > 0) app.log.info(refunds, 'pending refunds settled');

  if (oidc.local)
    app.log.info({ issuer: oidc.issuer.href }, 'Continuar con Google uses the local development issuer');
  // Expired sessions are useless rows; clear them hourly (any process may do it).
  running.timers.push(
    setInterval(
      () => purgeExpiredSessions(database.db).catch((err) => app.log.warn({ err }, 'session purge failed')),
      36e5,
    ).unref(),
  );
  // Later leftovers (a 502, an instance that died) are settled here; the age keeps it off live checkouts.
  running.timers.push(
    setInterval(
      () =>
        settlePendingOrders({ ...orders, minAgeMs: 15 * 60_000 })
          .then((r) => r.pending > 0 && app.log.info(r, 'pending orders settled'))
          .then(() => settlePendingRefunds(orders))
          .then((r) => r.pending > 0 && app.log.info(r, 'pending refunds settled'))
          .catch((err) => app.log.warn({ err }, 'settling pending orders failed')),
      5 * 60_000,
    ).unref(),
  );
  // The owner's daily summary of paid orders: any process may find the day over; only one sends it.
  running.timers.push(
    setInterval(
      () =>
        queueDailySummary(orders)
          .then((day) => day && app.log.info({ day }, 'daily orders summary queued'))
          .catch((err) => app.log.warn({ err }, 'daily orders summary failed')),
      10 * 60_000,
    ).unref(),
  );
  // The owner's daily low-stock digest, the same way: any process may find something low; only one sends it.
  running.timers.push(
    setInterval(
      () =>
        queueLowStockDigest(orders)
          .then((day) => day && app.log.info({ day }, 'low-stock digest queued'))
          .catch((err) => app.log.warn({ err }, 'low-stock digest failed')),
      10 * 60_000,
    ).unref(),
  );
  // Which demo accounts the ready line can name (read before the port changes hands).
  const accounts = await demoAccounts(database.db, config).catch((err) => {
    app.log.warn({ err }, 'could not read the demo accounts');
    return [];
  });
  // The reserved port is handed over with as little time between as possible: the app is ready first.
  await app.ready();
  await running.reservation.release();
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    throw listenError(err, config.host, config.port) ?? err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (backupToken) {
    const remove = writeBackupEndpoint(config.dataDir, {
      url: localUrl(config.host, port),
      token: backupToken,
    });
    process.once('exit', remove);
  }
  if (config.metricsPort) {
    watchPool(database.pool);
    watchDatabase(database.db);
    app.log.info({ port: config.metricsPort }, 'metrics on /metrics');
  }
  // Product photos from before responsive sizes (and the demo shop's) get them in the background.
  sizeStoredPhotos({ db: database.db, storage: await createStorage(config), log: app.log })
    .then((sized) => sized > 0 && app.log.info({ sized }, 'product photo sizes stored'))
    .catch((err) => app.log.warn({ err }, 'storing product photo sizes failed'));
  // The start-up's last line: where to open the shop, and with which accounts.
  const url = shopUrl(config, port);
  app.log.info({ url }, readyMessage(url, accounts));
}

/**
 * Drains and exits; a second call does nothing. The sweeps stop, the listener stops accepting, Fastify
 * answers 503 to new requests on open connections (readiness too, so the load balancer moves on) and
 * waits for the requests in flight, SHUTDOWN_TIMEOUT_MS at most; then the mail loop (onClose), the
 * issuer and the database pool close.
 */
async function stop(exitCode: number) {
  if (stopping) return;
  stopping = true;
  const timer = setTimeout(() => {
    log?.warn({ shutdownTimeoutMs }, 'requests still in flight at the shutdown deadline: exiting');
    process.exit(1);
  }, shutdownTimeoutMs).unref();
  try {
    for (const sweep of running.timers) clearInterval(sweep);
    running.metrics?.closeAllConnections();
    running.metrics?.close();
    await running.app?.close();
    await running.reservation?.release();
    await running.oidc?.local?.close();
    await running.database?.close();
  } catch (err) {
    console.error(err);
    exitCode = 1;
  }
  clearTimeout(timer);
  process.exit(exitCode);
}

if (process.argv[2] === FIRST_START_ARG) {
  // The first start's child (seed/first-start.ts): the parent read the configuration already.
  void runFirstStart(loadConfig());
} else {
  // Installed before anything opens, so a stop during start-up closes what is open too. `once`: a second
  // Ctrl-C kills at once.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.once(signal, () => {
      log?.info({ signal }, 'shutting down');
      void stop(0);
    });
  }

  main().catch((err) => {
    // A signal's stop closed the database under a start-up step: that step's error is expected. The
    // first start's child printed its own.
    if (stopping) return;
    if (!(err instanceof FirstStartFailed)) printStartupError(explainStartupError(err, running.target));
    void stop(1);
  });
}
