import { loadConfig, readDotEnv } from '../config';
import { configuredTarget, type DatabaseTarget, openDatabase } from '../db/client';
import {
  explainOpenError,
  explainStartupError,
  keepNewFilesPrivate,
  lockDataDirOrExplain,
  printStartupError,
} from '../startup';
import { createStorage } from '../storage/create';
import { seedIfEmpty } from './seed';

let target: DatabaseTarget | undefined;

/**
 * `npm run seed`: migrate and seed the configured database when it is empty. It takes the DATA_DIR lock
 * like the server, so it never writes an embedded database a running shop has open.
 */
async function run() {
  keepNewFilesPrivate();
  readDotEnv();
  const config = loadConfig();
  target = configuredTarget(config);
  if (target.kind === 'pglite') lockDataDirOrExplain(config.dataDir);
  const database = await explainOpenError(target, openDatabase(target));
  try {
    await database.migrate();
    const result = await seedIfEmpty(database.db, {
      admin: config.admin,
      storage: await createStorage(config),
      currency: config.currency,
    });
    console.log(
      result.seeded
        ? `Seeded ${result.products} products in ${result.categories} categories.`
        : 'The database already has data: nothing seeded.',
    );
  } finally {
    await database.close();
  }
}

// A stop exits at once, as it always did, but through process.exit so the lock is released. The seed
// writes its rows in one transaction: an interrupted seed leaves none.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(signal, () => process.exit(1));

await run().then(
  () => process.exit(0),
  (err) => {
    printStartupError(explainStartupError(err, target));
    process.exit(1);
  },
);
