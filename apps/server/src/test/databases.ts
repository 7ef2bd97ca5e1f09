import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type Database, openDatabase, openPglite, pgliteDatabase } from '../db/client';
import { databaseUrl, type TestTemplates, withAdmin } from './templates';

export type DatabaseKind = Database['kind'];

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server (CI sets it). */
export const TEST_DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export type TestDatabase = Database & { drop(): Promise<void>; url?: string };

/** The run's two templates (test/global-setup.ts): migrated, and migrated and seeded. */
type Template = 'empty' | 'seeded';

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
  which: Template,
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await pgliteDatabase(await pgliteCopy(templates, which), releaseCopy);
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

/**
 * PGlite copies of the templates, kept by the worker between its files (they share its modules). Opening a
 * copy unpacks a data folder into memory and starts PostgreSQL; putting a used one back to a template's
 * rows is far cheaper (docs/decisions/021). A copy is kept only if nothing but rows changed in it, so every
 * file still starts on exactly the template.
 */
const idleCopies: PGlite[] = [];
const leasedCopies = new Set<PGlite>();
const MAX_IDLE_COPIES = 2;

/**
 * A copy opened from the template's tarball, in memory: writing a thousand files of a data folder takes
 * longer than the database takes to open.
 */
async function openCopy(templates: TestTemplates, which: Template): Promise<PGlite> {
  return openPglite('memory://', await templateTarball(templates.pglite[which]));
}

async function pgliteCopy(templates: TestTemplates, which: Template): Promise<PGlite> {
  const rows = await templateRows(templates, which);
  const idle = idleCopies.pop();
  // A failure here is a bug of this file, not of the test that asked: it is not papered over by opening
  // a new copy (that once hid that no copy was ever reused, docs/decisions/021).
  if (idle) await restoreRows(idle, rows);
  const client = idle ?? (await openCopy(templates, which));
  leasedCopies.add(client);
  return client;
}

async function releaseCopy(client: PGlite): Promise<void> {
  if (!leasedCopies.delete(client) || client.closed) return;
  // DISCARD ALL fails inside a transaction a test left open, and resets the session otherwise (settings,
  // advisory locks, prepared statements, temporary tables).
  const reusable =
    idleCopies.length < MAX_IDLE_COPIES &&
    (await client
      .exec('DISCARD ALL')
      .then(async () => (await schemaOf(client)) === (await templateSchema))
      .catch(() => false));
  if (reusable) idleCopies.push(client);
  else await client.close();
}

/** Every table's rows in a template, and the statements that set its sequences where a copy starts. */
interface TemplateRows {
  tables: Array<{ name: string; rows: Blob | undefined }>;
  setSequences: string;
}
const rowsOfTemplates = new Map<Template, Promise<TemplateRows>>();
let templateSchema: Promise<string>;

/** Read from a fresh copy of the template, which then waits in the pool for the file that asked. */
function templateRows(templates: TestTemplates, which: Template): Promise<TemplateRows> {
  let rows = rowsOfTemplates.get(which);
  if (!rows) {
    rows = (async () => {
      const client = await openCopy(templates, which);
      // Both templates come from the same migrations: either one's schema is the one to keep.
      templateSchema ??= schemaOf(client);
      await templateSchema;
      const tables: TemplateRows['tables'] = [];
      for (const name of await userTables(client)) {
        const { blob } = await client.query(`COPY ${name} TO '/dev/blob'`);
        tables.push({ name, rows: blob?.size ? blob : undefined });
      }
      const { rows } = await client.query<{ setSequences: string | null }>(
        `SELECT string_agg(format('SELECT setval(%L, %s, %L);', format('%I.%I', schemaname, sequencename),
                                  coalesce(last_value, start_value), last_value IS NOT NULL), E'\n') AS "setSequences"
           FROM pg_sequences WHERE ${USER_SCHEMA.replaceAll('nspname', 'schemaname')}`,
      );
      idleCopies.push(client);
      return { tables, setSequences: rows[0]?.setSequences ?? '' };
    })();
    rowsOfTemplates.set(which, rows);
  }
  return rows;
}

/** Triggers off (session_replication_role): no foreign key is checked halfway and no change is announced. */
async function restoreRows(client: PGlite, { tables, setSequences }: TemplateRows): Promise<void> {
  await client.exec(`SET session_replication_role = replica;
    TRUNCATE ${tables.map((table) => table.name).join(', ')};
    ${setSequences}`);
  // One COPY per table that has rows: each takes its rows as a blob of its own.
  for (const { name, rows } of tables)
    if (rows) await client.query(`COPY ${name} FROM '/dev/blob'`, [], { blob: rows });
  await client.exec('RESET session_replication_role');
}

const USER_SCHEMA = "nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg\\_%'";

async function userTables(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', nspname, relname) AS name FROM pg_class JOIN pg_namespace ON pg_namespace.oid = relnamespace
      WHERE relkind IN ('r', 'p') AND ${USER_SCHEMA} ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

/** What a test could change besides rows: relations and their columns, indexes, constraints, functions, triggers, extensions, settings. */
async function schemaOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ schema: string }>(`
    SELECT md5(string_agg(item, E'\n' ORDER BY item)) AS schema FROM (
      SELECT format('rel %s.%s %s %s', nspname, relname, relkind,
             (SELECT string_agg(format('%s %s %s %s', attname, format_type(atttypid, atttypmod), attnotnull,
                                       pg_get_expr(adbin, adrelid)), ', ' ORDER BY attnum)
                FROM pg_attribute LEFT JOIN pg_attrdef ON adrelid = attrelid AND adnum = attnum
               WHERE attrelid = pg_class.oid AND attnum > 0 AND NOT attisdropped)) AS item
        FROM pg_class JOIN pg_namespace ON pg_namespace.oid = relnamespace WHERE ${USER_SCHEMA}
      UNION ALL SELECT 'index ' || pg_get_indexdef(indexrelid) FROM pg_index
        JOIN pg_class ON pg_class.oid = indrelid JOIN pg_namespace ON pg_namespace.oid = relnamespace WHERE ${USER_SCHEMA}
      UNION ALL SELECT format('constraint %s %s', conname, pg_get_constraintdef(pg_constraint.oid)) FROM pg_constraint
        JOIN pg_namespace ON pg_namespace.oid = connamespace WHERE ${USER_SCHEMA}
      UNION ALL SELECT format('function %s %s', pg_proc.oid::regprocedure, md5(prosrc)) FROM pg_proc
        JOIN pg_namespace ON pg_namespace.oid = pronamespace WHERE ${USER_SCHEMA}
      UNION ALL SELECT format('trigger %s %s %s', tgname, pg_get_triggerdef(pg_trigger.oid), tgenabled) FROM pg_trigger
        WHERE NOT tgisinternal
      UNION ALL SELECT format('extension %s %s', extname, extversion) FROM pg_extension
      UNION ALL SELECT format('setting %s %s', setdatabase, setconfig) FROM pg_db_role_setting
    ) AS items`);
  return rows[0]?.schema ?? '';
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
