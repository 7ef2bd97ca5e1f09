import { fileURLToPath } from 'node:url';

/*
 * This file sits one folder below apps/server both as source (src/paths.ts) and once bundled
 * (dist/main.js), so paths built from it hold in development, tests and production alike.
 */
const serverRoot = fileURLToPath(new URL('..', import.meta.url));

export const MIGRATIONS_DIR = `${serverRoot}src/db/migrations`;
export const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));
