import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { copyFolder, databaseUrl, type TestTemplates, withAdmin } from './templates';

export type DatabaseKind = Database['kind'];

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server (CI sets it). */
export const TEST_DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** A database of the test's own; `drop()` closes and removes it. A PostgreSQL one gives its `url`. */
export type TestDatabase = Database & { drop(): Promise<void>; url?: string };

/** What the server project's global setup built for this run (test/global-setup.ts). */
export function testTemplates(): TestTemplates {
  return inject('vitrinaTestTemplates');
}

/** A folder for this file's temporary files, inside the run's folder (removed at the end of the run). */
export function testTempDir(prefix: string): Promise<string> {
  return mkdtemp(join(testTemplates().root, prefix));
}

/**
 * A new copy of the run's migrated, empty template that nothing else uses. A PostgreSQL one gives its
 * `url`, so a test can open a second connection pool on it as another process would.
 */
export function freshDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  return copyOfTemplate(kind, 'empty');
}

/**
 * A new copy of the run's migrated and seeded template: the database seedIfEmpty fills for
 * `testTemplates().admin`, its images in `testTemplates().uploads`.
 */
export function seededDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  return copyOfTemplate(kind, 'seeded');
}

/**
 * PGlite: a copy of the template's data folder, opened there. PostgreSQL: CREATE DATABASE … TEMPLATE.
 * Either way the copy starts exactly as the template is, whatever other copies went through.
 */
async function copyOfTemplate(kind: DatabaseKind, which: 'empty' | 'seeded'): Promise<TestDatabase> {
  const templates = testTemplates();
  if (kind === 'pglite') {
    const dataDir = await testTempDir('pglite-');
    await copyFolder(templates.pglite[which], dataDir);
    const database = await openDatabase({ kind: 'pglite', dataDir });
    return {
      ...database,
      async drop() {
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl || !templates.postgres) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${templates.postgres.prefix}${randomBytes(6).toString('hex')}`;
  const template = templates.postgres[which];
  // Nobody is connected to a template (global-setup.ts refuses connections to it), as copying requires.
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = databaseUrl(serverUrl, name);
  const dropDatabase = () =>
    withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 }).catch(async (err) => {
    await dropDatabase();
    throw err;
  });
  return {
    ...database,
    url,
    async drop() {
      await database.close();
      await dropDatabase();
    },
  };
}
