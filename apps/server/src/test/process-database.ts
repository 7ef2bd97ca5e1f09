import { join } from 'node:path';
import { sizeStoredPhotos } from '../modules/catalog';
import { localStorage } from '../storage/local';
import { freshDatabase, seededDatabase, type TestDatabase, testTempDir, testTemplates } from './databases';
import { copyFolder } from './templates';

type ProcessDatabase = TestDatabase & { url: string };

/**
 * A fresh, empty PostgreSQL database (test/databases.ts) for server processes to share: its URL for their
 * DATABASE_URL, and the test's own connection to look inside. The first process seeds it, as a new shop does.
 */
export async function processDatabase(): Promise<ProcessDatabase> {
  return withUrl(await freshDatabase('postgres'));
}

/**
 * A PostgreSQL shop as its first start leaves it, the counterpart of seededDataDir(): a copy of the seeded
 * template and a DATA_DIR with the seed's images and their sizes (the DATA_DIR template's: the seed names
 * its images alike on every database), so a process serves at once, with no seeding or sizing behind it.
 */
export async function processShop(): Promise<ProcessDatabase & { dataDir: string }> {
  const database = withUrl(await seededDatabase('postgres'));
  const dataDir = await testTempDir('data-');
  const uploads = join(dataDir, 'uploads');
  await copyFolder(join(testTemplates().dataDir, 'uploads'), uploads);
  // As a first start does: every photo's sizes are already in the copied folder, so this only marks them.
  await sizeStoredPhotos({ db: database.db, storage: localStorage(uploads) });
  return { ...database, dataDir };
}

function withUrl(database: TestDatabase): ProcessDatabase {
  if (!database.url) throw new Error('a PostgreSQL copy has a URL');
  return { ...database, url: database.url };
}
