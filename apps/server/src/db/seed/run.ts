import { loadConfig, readDotEnv } from '../../config';
import { localStorage } from '../../storage/local';
import { configuredTarget, openDatabase } from '../client';
import { seedIfEmpty } from './seed';

/** `npm run seed`: migrate and seed the configured database when it is empty. */
readDotEnv();
const config = loadConfig();
const database = await openDatabase(configuredTarget(config));
await database.migrate();
const result = await seedIfEmpty(database.db, {
  admin: config.admin,
  storage: localStorage(config.uploadsDir),
});
console.log(
  result.seeded
    ? `Seeded ${result.products} products in ${result.categories} categories.`
    : 'The database already has data: nothing seeded.',
);
await database.close();
