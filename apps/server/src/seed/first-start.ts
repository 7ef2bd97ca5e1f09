import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import Fastify from 'fastify';
import type { Config } from '../config';
import { configuredTarget, type DatabaseTarget, openDatabase } from '../db/client';
import { hasDataFiles } from '../db/pglite-start';
import { loggerOptions } from '../logger';
import { sizeStoredPhotos } from '../modules/catalog';
import { explainOpenError, explainStartupError, printStartupError } from '../startup';
import { createStorage } from '../storage/create';
import { type SeedResult, seedIfEmpty } from './seed';

/*
 * The embedded shop's first start (docs/decisions/092-first-start-seeds-in-a-child.md): creating the
 * database, migrating it, drawing the demo shop and its photos' sizes leave a hundred MB and more that a
 * process does not give back (sharp's and PGlite's native memory). A process of its own does that work
 * and exits; the shop's process then opens the database as at any later start.
 */

/** The argument that makes the server's own script do the first start's work (main.ts). */
export const FIRST_START_ARG = '--primer-arranque';

/** Whether this start creates the embedded database and seeds it: its folder has no database files yet. */
export function startsNewShop(target: DatabaseTarget, config: Pick<Config, 'seedOnStart'>): boolean {
  return (
    config.seedOnStart &&
    target.kind === 'pglite' &&
    !target.dataDir.startsWith('memory://') &&
    !hasDataFiles(target.dataDir)
  );
}

/** The first start's child failed; it has printed why on the shared stderr already. */
export class FirstStartFailed extends Error {
  constructor(exit: string) {
    super(`the first start's seeding process failed (${exit})`);
    this.name = 'FirstStartFailed';
  }
}

const isSeedResult = (message: unknown): message is SeedResult =>
  typeof message === 'object' && message !== null && typeof (message as SeedResult).seeded === 'boolean';

/**
 * Runs the first start's work in a child process (this script again, with FIRST_START_ARG and Node's
 * options) and waits for it. The child's output is the shop's; its result comes back over IPC, which also
 * ends the child if this process dies first (it holds the DATA_DIR lock the child works under).
 */
export async function seedInChildProcess(): Promise<SeedResult> {
  const script = process.argv[1];
  if (!script) throw new Error('the server script is unknown: process.argv[1] is empty');
  const child = spawn(process.execPath, [...process.execArgv, script, FIRST_START_ARG], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let result: SeedResult | undefined;
  // Only the result counts: a loader in Node's options (tsx in `npm run dev`) may use the channel too.
  child.on('message', (message) => {
    if (isSeedResult(message)) result = message;
  });
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
  });
  if (code !== 0 || !result) throw new FirstStartFailed(signal ?? `exit code ${code}`);
  return result;
}

/**
 * The child's side: migrate, seed, and store the sizes of every photo the seed drew (the step main.ts
 * otherwise runs in the background), then report and exit. The parent holds the DATA_DIR lock.
 */
export async function runFirstStart(config: Config): Promise<void> {
  process.once('disconnect', () => process.exit(1));
  const target = configuredTarget(config);
  try {
    const database = await explainOpenError(target, openDatabase(target));
    try {
      await database.migrate();
      const storage = await createStorage(config);
      const result = await seedIfEmpty(database.db, {
        admin: config.admin,
        storage,
        currency: config.currency,
      });
      // The shop's own logger, for what a photo that cannot be sized says (the parent's log looks the same).
      const { log } = Fastify({ logger: loggerOptions(config) });
      await sizeStoredPhotos({ db: database.db, storage, log, parallel: availableParallelism() });
      // Sent before the exit below: the message must leave before the channel closes.
      await new Promise((resolve) => process.send?.(result, undefined, undefined, resolve) ?? resolve(null));
    } finally {
      await database.close();
    }
    process.exit(0);
  } catch (err) {
    printStartupError(explainStartupError(err, target));
    process.exit(1);
  }
}
