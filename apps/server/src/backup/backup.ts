import { execFile } from 'node:child_process';
import { access, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import { BACKUP_ENDPOINT_FILE, BACKUP_ROUTE, BACKUP_TOKEN_HEADER, type BackupEndpoint } from './endpoint';

const run = promisify(execFile);

/** What the archive holds, next to each other as in DATA_DIR: restoring is extracting it into an empty one. */
const COPIED_FOLDERS = ['uploads', 'mail'] as const;

export class BackupError extends Error {}

/** vitrina-2026-11-23T16-05-00Z.tar.gz: sorts by time, no characters a file system refuses. */
export const archiveName = (now = new Date()) =>
  `vitrina-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz`;

/**
 * The embedded database's data folder as a gzipped tar. From the running shop when it has DATA_DIR (the
 * only process that may open those files); otherwise this process takes the lock and opens it itself.
 */
async function dumpDatabase(dataDir: string): Promise<{ dump: Buffer; from: 'shop' | 'folder' }> {
  // Opening a folder without a database would create an empty one: nothing to copy instead.
  await access(join(dataDir, 'pglite', 'PG_VERSION')).catch(() => {
    throw new BackupError(
      `No hay ninguna tienda en DATA_DIR ${dataDir} (falta ${join(dataDir, 'pglite')}): revisa DATA_DIR.`,
    );
  });
  let lock: ReturnType<typeof lockDataDir>;
  try {
    lock = lockDataDir(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    return { dump: await dumpFromShop(dataDir), from: 'shop' };
  }
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      // biome-ignore lint/style/noNonNullAssertion: PGlite always has it
      return { dump: await database.dumpDataDir!(), from: 'folder' };
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

async function dumpFromShop(dataDir: string): Promise<Buffer> {
  const file = join(dataDir, BACKUP_ENDPOINT_FILE);
  const endpoint = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as BackupEndpoint,
    () => {
      throw new BackupError(
        `La tienda que usa ${dataDir} está arrancando o es de una versión sin copias en marcha (falta ${file}): ` +
          'espera a que termine de arrancar, o detenla y vuelve a ejecutar npm run backup.',
      );
    },
  );
  const response = await fetch(new URL(BACKUP_ROUTE, endpoint.url), {
    headers: { [BACKUP_TOKEN_HEADER]: endpoint.token },
  }).catch((err: unknown) => {
    throw new BackupError(
      `No se pudo pedir la copia a la tienda en ${endpoint.url} (${(err as Error).message}): ¿sigue en marcha?`,
    );
  });
  if (!response.ok)
    throw new BackupError(
      `La tienda en ${endpoint.url} no dio la copia (HTTP ${response.status}): reiníciala y vuelve a intentarlo.`,
    );
  return Buffer.from(await response.arrayBuffer());
}

/** Copies DATA_DIR's folders into the archive's, adding files only: a file already copied stays. */
async function copyFolders(dataDir: string, stage: string) {
  for (const folder of COPIED_FOLDERS) {
    const present = await readdir(join(dataDir, folder)).then(
      () => true,
      () => false,
    );
    if (present)
      await cp(join(dataDir, folder), join(stage, folder), {
        recursive: true,
        force: false,
        errorOnExist: false,
      });
  }
}

/**
 * Writes one archive with DATA_DIR's database (pglite/), images (uploads/) and e-mail files (mail/).
 * The folders are copied before the database and again after it, adding what is new. An image is written
 * before the row that names it commits, and deleted only after the change that drops it commits; names
 * are never reused. So every image the copied database names was on disk at the moment of the dump, and
 * is in the archive unless it was written after the first copy and deleted before the second (replaced
 * within the second the dump takes). Images no row names may come along; they do no harm.
 */
export async function backup(dataDir: string, outDir: string, now = new Date()) {
  const started = Date.now();
  const stage = await mkdtemp(join(tmpdir(), 'vitrina-backup-'));
  try {
    await copyFolders(dataDir, stage);
    const { dump, from } = await dumpDatabase(dataDir);
    await copyFolders(dataDir, stage);
    await mkdir(join(stage, 'pglite'));
    await writeFile(join(stage, 'pglite.tar.gz'), dump);
    await run('tar', ['-xzf', join(stage, 'pglite.tar.gz'), '-C', join(stage, 'pglite')]);
    await rm(join(stage, 'pglite.tar.gz'));
    await mkdir(outDir, { recursive: true });
    const archive = resolve(outDir, archiveName(now));
    await run('tar', ['-czf', archive, '-C', stage, '.']);
    return { archive, from, ms: Date.now() - started };
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/** Restores an archive of backup() into DATA_DIR, which must be empty or not exist yet. */
export async function restore(archive: string, dataDir: string) {
  const entries = await readdir(dataDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  if (entries.length > 0)
    throw new BackupError(
      `La carpeta DATA_DIR ${dataDir} no está vacía: la restauración no sobrescribe una tienda. ` +
        'Apunta DATA_DIR a una carpeta vacía (o mueve esa a otro sitio) y vuelve a ejecutar npm run restore.',
    );
  await readFile(archive).catch(() => {
    throw new BackupError(`No se puede leer la copia ${archive}: revisa la ruta.`);
  });
  const listing = await run('tar', ['-tzf', archive]).catch(() => {
    throw new BackupError(`${archive} no es una copia de Vitrina (no es un .tar.gz legible).`);
  });
  if (!/^(\.\/)?pglite\/PG_VERSION$/m.test(listing.stdout))
    throw new BackupError(`${archive} no es una copia de Vitrina: no tiene la base de datos (pglite/).`);
  await mkdir(dataDir, { recursive: true });
  await run('tar', ['-xzf', archive, '-C', dataDir]);
}
