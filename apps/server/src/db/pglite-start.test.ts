import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTempDir, testTemplates } from '../test/databases';
import { copyFolder } from '../test/templates';
import { openDatabase, rowsOf } from './client';
import { createDataFilesIfMissing, PGLITE_SETTINGS } from './pglite-start';

let root: string;
beforeAll(async () => {
  root = await testTempDir('pglite-start-');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** What PostgreSQL reports for each of PGLITE_SETTINGS in `dataDir`, opened as the shop opens it. */
async function settingsIn(dataDir: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const shown: Record<string, string> = {};
    for (const name of Object.keys(PGLITE_SETTINGS)) {
      const [row] = await rowsOf<Record<string, string>>(database.db, sql.raw(`SHOW ${name}`));
      shown[name] = row?.[name] ?? '';
    }
    return shown;
  } finally {
    await database.close();
  }
}

describe('the embedded database', () => {
  it('creates a new data folder in another process, with the small-server settings written in it', async () => {
    const dataDir = join(root, 'new');
    expect(await settingsIn(dataDir)).toEqual(PGLITE_SETTINGS);
    const conf = readFileSync(join(dataDir, 'postgresql.conf'), 'utf8');
    expect(conf).toMatch(/^shared_buffers = 16MB/m);
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
  });

  it('starts a data folder made with larger settings with the small ones', async () => {
    // The run's empty template (made by createDataFilesIfMissing once for the run): no second initdb.
    const dataDir = join(root, 'older');
    await copyFolder(testTemplates().pglite.empty, dataDir);
    // As PostgreSQL's initdb wrote it before, and as an owner may have set it.
    const conf = join(dataDir, 'postgresql.conf');
    const written = readFileSync(conf, 'utf8');
    expect(written).toMatch(/^shared_buffers = /m);
    writeFileSync(conf, written.replace(/^shared_buffers = .*$/m, 'shared_buffers = 128MB'));
    writeFileSync(join(dataDir, 'postgresql.auto.conf'), "shared_buffers = '256MB'\n");
    expect(await settingsIn(dataDir)).toEqual(PGLITE_SETTINGS);
  });

  it('says why when the files cannot be created', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    await expect(createDataFilesIfMissing(join(file, 'pglite'))).rejects.toThrow(
      /creating the database files in .*a-file\/pglite failed/,
    );
  });
});
