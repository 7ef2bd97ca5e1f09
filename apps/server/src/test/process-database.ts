import { sql } from 'drizzle-orm';
import { freshDatabase } from './databases';

/**
 * A fresh PostgreSQL database (test/databases.ts) for server processes to share: its URL for their
 * DATABASE_URL, and the test's own connection to look inside.
 */
export async function processDatabase() {
  const database = await freshDatabase('postgres');
  const [row] = await database.db
    .select({ name: sql<string>`current_database()` })
    .from(sql`(SELECT 1) AS one`);
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${row?.name}`;
  return { ...database, url: url.toString() };
}
