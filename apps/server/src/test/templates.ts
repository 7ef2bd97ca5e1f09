import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import pg from 'pg';

/**
 * What the server project's global setup (test/global-setup.ts) builds once per run, for every test file
 * to copy: a migrated database and a migrated, seeded one, of each kind, and the seed's images.
 */
export interface TestTemplates {
  /** This run's folder for temporary files; the setup removes it, and whatever is left in it, at the end. */
  root: string;
  /** The administrator the seeded templates were seeded with. */
  admin: { email: string; password: string };
  /** PGlite templates: data folders nothing opens, for each test database and each server process to copy. */
  pglite: { empty: string; seeded: string };
  /** The seeded templates' uploads folder (the seed's images). */
  uploads: string;
  /**
   * A DATA_DIR as a new shop's first start leaves it (seed/first-start.ts): `pglite/` the seeded template
   * with every photo's sizes stored, `uploads/` the seed's images and those sizes. seededDataDir() copies
   * it, so a shop process started on it has no photo to size in the background.
   */
  dataDir: string;
  /** A stand-in web build (test/web-build.ts) that test apps serve pages from. */
  webDist: string;
  /** On TEST_DATABASE_URL's server: template databases, nobody connected, and the prefix of this run's copies. */
  postgres?: { empty: string; seeded: string; prefix: string };
  /**
   * The shop and its commands bundled once for the run, as `npm run build` bundles them (dist/main.js,
   * seed.js, backup.js), for the tests that run them as processes.
   */
  bundle: { main: string; seed: string; backup: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    vitrinaTestTemplates: TestTemplates;
  }
}

/** TEST_DATABASE_URL with another database's name. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the server's maintenance database, on a connection of its own that is closed after. */
export async function withAdmin(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Copies a folder into `to` with all its files at once: a PGlite data folder is a thousand small files,
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
