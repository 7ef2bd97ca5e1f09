import { freshDatabase, type TestDatabase } from './databases';

/**
 * A fresh PostgreSQL database (test/databases.ts) for server processes to share: its URL for their
 * DATABASE_URL, and the test's own connection to look inside.
 */
export async function processDatabase(): Promise<TestDatabase & { url: string }> {
  const database = await freshDatabase('postgres');
  if (!database.url) throw new Error('a PostgreSQL copy has a URL');
  return { ...database, url: database.url };
}
