import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * This file sits one folder below apps/server both as source (src/paths.ts) and once bundled
 * (dist/main.js), so paths built from it hold in development, tests and production alike.
 */
const serverRoot = fileURLToPath(new URL('..', import.meta.url));

export const MIGRATIONS_DIR = `${serverRoot}src/db/migrations`;
export const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * The folder beside DATA_DIR into which a restore writes, renamed to DATA_DIR once complete. It exists
 * from the restore's first write to its last step, so it is also the mark of a restore that has not
 * finished: the shop and the seed refuse to start while it is there (startup.ts). A completion mark inside
 * DATA_DIR would not do: a DATA_DIR without it would be either a restore cut short or the folder of a shop
 * that was never restored, and an empty DATA_DIR (all a cut-short restore leaves now) would be seeded.
 */
export const restoringFolder = (dataDir: string) => `${resolve(dataDir)}.restoring`;
