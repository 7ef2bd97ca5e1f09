import { buildApp } from './app';
import { ConfigError, loadConfig, readDotEnv } from './config';
import { configuredTarget, openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed/seed';
import { localStorage } from './storage/local';

/** Read config → open db → migrate → seed if empty → listen; close cleanly on SIGTERM/SIGINT. */
async function main() {
  readDotEnv();
  const config = loadConfig();
  const database = await openDatabase(configuredTarget(config));
  await database.migrate();
  const app = await buildApp({
    config,
    database,
    logger:
      config.env === 'development' && process.stdout.isTTY
        ? { level: config.logLevel, transport: { target: 'pino-pretty' } }
        : { level: config.logLevel },
  });
  if (config.seedOnStart) {
    const result = await seedIfEmpty(database.db, {
      admin: config.admin,
      storage: localStorage(config.uploadsDir),
    });
    if (result.seeded) app.log.info(result, 'empty database: demo shop seeded');
  }

  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, async () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const timer = setTimeout(() => process.exit(1), 10_000).unref();
      await app.close();
      await database.close();
      clearTimeout(timer);
      process.exit(0);
    });
  }
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
