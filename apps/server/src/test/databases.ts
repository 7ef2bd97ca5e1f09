import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { databaseUrl, type TestTemplates, withAdmin } from './templates';

export type DatabaseKind = Database['kind'];

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server (CI sets it). */
export const TEST_DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export type TestDatabase = Database & { drop(): Promise<void>; url?: string };

/** The run's templates (test/global-setup.ts), when the file runs under the configuration that builds them. */
export function testTemplates(): TestTemplates | undefined {
  try {
    return inject('vitrinaTestTemplates');
  } catch {
    return undefined;
  }
}

/** A folder for this file's temporary files, inside the run's folder when there is one (removed at the end). */
export function testTempDir(prefix: string): Promise<string> {
  return mkdtemp(join(testTemplates()?.root ?? tmpdir(), prefix));
}

/**
 * A brand-new, migrated database that nothing else uses; `drop()` removes it. A PostgreSQL one gives its
 * `url`, so a test can open a second connection pool on it as another process would.
 */
export async function freshDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const templates = testTemplates();
  if (templates) return copyOfTemplate(kind, templates, 'empty');
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await database.migrate();
    return { ...database, drop: database.close };
  }
  const serverUrl = testDatabaseUrl();
  const name = `vitrina_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const database = await openCreated(serverUrl, name);
  try {
    await database.migrate();
  } catch (err) {
    await database.drop();
    throw err;
  }
  return database;
}

/**
 * A copy of the run's migrated and seeded template: the database seedIfEmpty would have filled for
 * `templates.admin`, its images in `templates.uploads`. Undefined when the run has no templates.
 */
export async function seededDatabase(kind: DatabaseKind): Promise<TestDatabase | undefined> {
  const templates = testTemplates();
  return templates && copyOfTemplate(kind, templates, 'seeded');
}

async function copyOfTemplate(
  kind: DatabaseKind,
  templates: TestTemplates,
  which: 'empty' | 'seeded',
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    // In memory: writing a thousand files of a data folder takes longer than the database takes to open.
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: 'memory://',
      from: await templateTarball(templates.pglite[which]),
    });
    return { ...database, drop: database.close };
  }
  const serverUrl = testDatabaseUrl();
  if (!templates.postgres) throw new Error('the run has no PostgreSQL templates');
  const name = `${templates.postgres.prefix}${randomBytes(6).toString('hex')}`;
  const template = templates.postgres[which];
  // Nobody is connected to a template (global-setup.ts refuses connections to it), as copying requires.
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return openCreated(serverUrl, name);
}

/** Each template's tarball, read once per worker (the files of a worker share its modules). */
const tarballs = new Map<string, Promise<Blob>>();
function templateTarball(file: string): Promise<Blob> {
  let tarball = tarballs.get(file);
  if (!tarball) {
    tarball = readFile(file).then((bytes) => new Blob([bytes]));
    tarballs.set(file, tarball);
  }
  return tarball;
}

/** Opens a database just created on the server; `drop()` closes it and drops it. */
async function openCreated(serverUrl: string, name: string): Promise<TestDatabase> {
  const url = databaseUrl(serverUrl, name);
  const drop = () =>
    withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 }).catch(async (err) => {
    await drop();
    throw err;
  });
  return {
    ...database,
    url,
    async drop() {
      await database.close();
      await drop();
    },
  };
}

function testDatabaseUrl(): string {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  return serverUrl;
}

/**
 * Copies a folder into `to` with all its files at once: a PGlite data directory is a thousand small files,
 * which fs.cp copies one after the other.
 */
export async function copyFolder(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  const target = (entry: (typeof entries)[number]) => join(to, relative(from, entry.parentPath), entry.name);
  await mkdir(to, { recursive: true });
  for (const entry of entries) {
    if (entry.isDirectory()) await mkdir(target(entry), { recursive: true });
    else if (!entry.isFile())
      throw new Error(`${join(entry.parentPath, entry.name)}: not a file or a folder`);
  }
  await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => copyFile(join(entry.parentPath, entry.name), target(entry))),
  );
}
