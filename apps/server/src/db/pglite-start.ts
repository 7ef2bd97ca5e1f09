import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PostgreSQL's settings for the embedded database: a small shop on a small server, not PostgreSQL's
 * defaults for a machine of its own. PGlite zeroes its buffers as it starts and its WebAssembly memory
 * never shrinks, so what these allow stays resident for the life of the process (docs/decisions/055).
 */
export const PGLITE_SETTINGS = {
  // The buffer cache (128MB by default); a block it does not hold comes from the system's file cache.
  shared_buffers: '16MB',
  // What one CREATE INDEX or VACUUM may take (64MB by default): a migration on a large table.
  maintenance_work_mem: '16MB',
  // PGlite serves one connection; PostgreSQL sizes its process slots and lock tables by this (100).
  max_connections: '10',
} as const;

const SETTING_PARAMS = Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);

/**
 * The settings go on PostgreSQL's command line, which wins over the data folder's configuration files,
 * so they hold from a new shop's first start and for data folders made before them.
 */
export const PGLITE_START: Pick<PGliteOptions, 'startParams' | 'initDbStartParams'> = {
  startParams: [...PGlite.defaultStartParams, ...SETTING_PARAMS],
  // initdb runs PostgreSQL with them too, and writes them into the new folder's postgresql.conf.
  initDbStartParams: SETTING_PARAMS,
};

/** Whether a data folder holds PostgreSQL's files (else opening it creates them). */
export const hasDataFiles = (dataDir: string): boolean => existsSync(join(dataDir, 'PG_VERSION'));

/** What the child process below runs: PGlite creates the files as it opens a folder without them. */
const CREATE_FILES = `const { PGlite } = require(process.argv[1]);
PGlite.create(process.argv[2], JSON.parse(process.argv[3])).then((db) => db.close());`;

/**
 * Creates PostgreSQL's files in a data folder that has none yet, in a Node process of its own that exits
 * when they are written. PGlite's initdb runs a second PostgreSQL beside a copy of its whole memory (about
 * 620 MB at its peak), and a process that ran it keeps a hundred MB or more of what it freed; the shop's
 * process then opens the files as at any later start. The child compiles WebAssembly with V8's baseline
 * compiler only: initdb runs each function a few times, and optimizing them cost more CPU and memory
 * (8.7 s and 730 MB) than it saved (5.3 s and 620 MB).
 */
export async function createDataFilesIfMissing(dataDir: string): Promise<void> {
  if (hasDataFiles(dataDir)) return;
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const child = spawn(
    process.execPath,
    ['--liftoff-only', '-e', CREATE_FILES, pglite, dataDir, JSON.stringify(PGLITE_START)],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-4000);
  });
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once('error', reject);
    // 'close' rather than 'exit': by then everything it wrote to stderr has been read.
    child.once('close', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
  });
  if (code !== 0)
    throw new Error(
      `creating the database files in ${dataDir} failed (${signal ?? `exit code ${code}`}): ${stderr.trim()}`,
    );
}
