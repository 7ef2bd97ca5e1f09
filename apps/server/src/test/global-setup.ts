import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, statfs } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_CURRENCY } from '@vitrina/shared';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config';
import { type DatabaseTarget, openDatabase } from '../db/client';
import { sizeStoredPhotos } from '../modules/catalog';
import { seedIfEmpty } from '../seed/seed';
import { localStorage } from '../storage/local';
import { useTestNodeFlags } from './node-flags';
import { copyFolder, databaseUrl, type TestTemplates, withAdmin } from './templates';
import { fakeWebBuild } from './web-build';

/**
 * Runs once, in vitest's main process, before the server's test files: migrates and seeds template
 * databases that every file then copies (test/databases.ts) instead of migrating and seeding its own.
 * The teardown drops them, with any copy a file left behind, and removes the run's temporary folder.
 */
export default async function setup(project: TestProject) {
  useTestNodeFlags();
  const root = await mkdtemp(join(await runFolderParent(), 'vitrina-tests-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  // When the run started, in its names: what an interrupted run left behind is recognised by its age.
  const run = `${Math.floor(Date.now() / 1000).toString(36)}_${randomBytes(3).toString('hex')}`;
  const postgres = serverUrl
    ? {
        empty: `vitrina_template_${run}_empty`,
        seeded: `vitrina_template_${run}_seeded`,
        prefix: `vitrina_test_${run}_`,
      }
    : undefined;
  const { admin } = loadConfig({ DATA_DIR: root, NODE_ENV: 'test' });
  const templates: TestTemplates = {
    root,
    admin,
    pglite: { empty: join(root, 'template-empty'), seeded: join(root, 'template-seeded') },
    uploads: join(root, 'template-uploads'),
    dataDir: join(root, 'template-data-dir'),
    webDist: join(root, 'web', 'dist'),
    ...(postgres ? { postgres } : {}),
    bundle: {
      main: bundled(`main-test-${run}`),
      seed: bundled(`seed-test-${run}`),
      backup: bundled(`backup-test-${run}`),
    },
  };

  if (serverUrl) await dropAbandoned(serverUrl);

  async function teardown() {
    if (serverUrl && postgres) {
      await withAdmin(serverUrl, async (client) => {
        const { rows } = await client.query<{ datname: string }>(
          'SELECT datname FROM pg_database WHERE datname IN ($1, $2) OR starts_with(datname, $3)',
          [postgres.empty, postgres.seeded, postgres.prefix],
        );
        for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      });
    }
    await rm(root, { recursive: true, force: true });
    for (const file of Object.values(templates.bundle)) {
      await rm(file, { force: true });
      await rm(`${file}.map`, { force: true });
    }
  }

  /** Migrates or seeds the target, then closes every connection to it: a template must have none. */
  async function prepare(target: DatabaseTarget, seedImages?: string) {
    const database = await openDatabase(target);
    try {
      // In dollars: a test shop in a currency without cents seeds its own copy (test/app.ts).
      if (seedImages)
        await seedIfEmpty(database.db, {
          admin,
          storage: localStorage(seedImages),
          currency: DEFAULT_CURRENCY,
        });
      else await database.migrate();
    } finally {
      await database.close();
    }
  }

  // The empty template's data folder is migrated, then copied and seeded as the seeded one's; that one
  // is copied into the DATA_DIR template and its photos sized there, as a first start does.
  async function pgliteTemplates() {
    const { empty, seeded } = templates.pglite;
    const database = await openDatabase({ kind: 'pglite', dataDir: empty });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    await copyFolder(empty, seeded);
    await prepare({ kind: 'pglite', dataDir: seeded }, templates.uploads);
    await copyFolder(seeded, join(templates.dataDir, 'pglite'));
    await copyFolder(templates.uploads, join(templates.dataDir, 'uploads'));
    const started = await openDatabase({ kind: 'pglite', dataDir: join(templates.dataDir, 'pglite') });
    try {
      await sizeStoredPhotos({
        db: started.db,
        storage: localStorage(join(templates.dataDir, 'uploads')),
        parallel: availableParallelism(),
      });
    } finally {
      await started.close();
    }
  }
  async function postgresTemplates(serverUrl: string, names: { empty: string; seeded: string }) {
    await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${names.empty}`));
    await prepare({ kind: 'postgres', url: databaseUrl(serverUrl, names.empty) });
    await withAdmin(serverUrl, (client) =>
      client.query(`CREATE DATABASE ${names.seeded} TEMPLATE ${names.empty}`),
    );
    // The same images again, written aside: the copies use the PGlite template's.
    await prepare(
      { kind: 'postgres', url: databaseUrl(serverUrl, names.seeded) },
      join(root, 'postgres-uploads'),
    );
    // Nobody may connect to a template from now on: CREATE DATABASE … TEMPLATE refuses while anyone is.
    await withAdmin(serverUrl, async (client) => {
      await client.query(`ALTER DATABASE ${names.empty} ALLOW_CONNECTIONS false`);
      await client.query(`ALTER DATABASE ${names.seeded} ALLOW_CONNECTIONS false`);
    });
  }

  const built = await Promise.allSettled([
    promisify(execFile)(process.execPath, [BUILD_SCRIPT, `-test-${run}`]),
    pgliteTemplates(),
    fakeWebBuild(templates.webDist),
    serverUrl && postgres ? postgresTemplates(serverUrl, postgres) : undefined,
  ]);
  const failed = built.find((result) => result.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }

  project.provide('vitrinaTestTemplates', templates);
  return teardown;
}

/** statfs(2)'s type of a tmpfs. */
const TMPFS = 0x01021994;
/** Free room the run's folder needs at the fullest of a run, with a wide margin. */
const RUN_FOLDER_ROOM = 4 * 2 ** 30;

/**
 * Where the run's folder goes: in memory (/dev/shm) when the machine has it with room to spare, else the
 * system's temporary folder. A run makes and deletes tens of thousands of files (a PGlite copy is a
 * thousand), and on a disk's file system the kernel's search for a free inode for each new file took
 * more CPU than the copying itself.
 */
async function runFolderParent(): Promise<string> {
  const shm = await statfs('/dev/shm').catch(() => undefined);
  return shm?.type === TMPFS && shm.bavail * shm.bsize >= RUN_FOLDER_ROOM ? '/dev/shm' : tmpdir();
}

const BUILD_SCRIPT = new URL('../../scripts/build.mjs', import.meta.url).pathname;
const bundled = (name: string) => new URL(`../../dist/${name}.js`, import.meta.url).pathname;

/** Names of this setup's databases: vitrina_template_<start>_<random>_… and vitrina_test_<start>_<random>_…. */
const RUN_NAME = /^vitrina_(?:template|test)_([0-9a-z]+)_[0-9a-f]{6}_/;
const ABANDONED_AFTER_MS = 12 * 3600_000;

/**
 * Drops the databases of runs that started more than 12 hours ago: an interrupted run never got to its
 * teardown. Younger ones may belong to a run still going on the same server.
 */
async function dropAbandoned(serverUrl: string) {
  await withAdmin(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE starts_with(datname, 'vitrina_')",
    );
    for (const { datname } of rows) {
      const started = RUN_NAME.exec(datname)?.[1];
      if (started && Number.parseInt(started, 36) * 1000 < Date.now() - ABANDONED_AFTER_MS)
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  });
}
