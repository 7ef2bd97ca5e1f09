import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { POSTGRES_URL } from './postgres.mjs';

/** What every result is measured on: figures only compare within one machine and one run. */
export function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

/** The PGlite the shop embeds: its package's version (its `exports` hide package.json from require). */
function pgliteVersion() {
  const serverRequire = createRequire(new URL('../../apps/server/package.json', import.meta.url));
  const entry = serverRequire.resolve('@electric-sql/pglite');
  const root = entry.slice(
    0,
    entry.lastIndexOf(join('@electric-sql', 'pglite')) + '@electric-sql/pglite'.length,
  );
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
}

/** The databases the sections measure: the PostgreSQL server they create databases on, and PGlite. */
export async function databases() {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    const { rows } = await client.query('SHOW server_version');
    return { postgres: rows[0].server_version.split(' ')[0], pglite: pgliteVersion() };
  } finally {
    await client.end();
  }
}
