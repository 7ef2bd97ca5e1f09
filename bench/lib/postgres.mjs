import pg from 'pg';

/** The server the benches create their databases on; the CI and this machine's default. */
export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the bench's server. */
function databaseUrlOf(name) {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A database of that name (dropped first if a previous run left it), empty or a copy of `template`, and
 * its URL.
 */
export async function freshDatabase(name, { template } = {}) {
  await onServer(async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  });
  return databaseUrlOf(name);
}

/** Runs `work` with a client connected to the server's maintenance database. */
export async function onServer(work) {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(name) {
  await onServer((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
