import { execFile } from 'node:child_process';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip } from 'node:zlib';
import { extract, type Header } from 'tar-stream';
import { openDatabase } from '../db/client';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../db/data-dir-lock';
import { restoringFolder } from '../paths';
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

/** What an archive of backup() holds at its top; anything else in one is refused. */
const ARCHIVE_FOLDERS = new Set<string>(['pglite', ...COPIED_FOLDERS]);

/**
 * Restores an archive of backup() into DATA_DIR, which must be empty or not exist yet. The archive is
 * written into restoringFolder(DATA_DIR) (a rerun after an interrupted one starts it again), then renamed
 * to DATA_DIR in one step: the shop sees no DATA_DIR or all of it. Anything but folders and plain files
 * under pglite/, uploads/ and mail/ is refused, and a refused or failed restore leaves nothing behind.
 */
export async function restore(archive: string, dataDir: string) {
  await refuseUnlessEmpty(dataDir);
  await access(archive, constants.R_OK).catch(() => {
    throw new BackupError(`No se puede leer la copia ${archive}: revisa la ruta.`);
  });
  await refuseMountPoint(dataDir);
  const folder = restoringFolder(dataDir);
  let lock: ReturnType<typeof lockDataDir>;
  try {
    lock = lockDataDir(folder);
  } catch (err) {
    if (err instanceof DataDirLockedError)
      throw new BackupError(
        `Ya hay una restauración en curso hacia ${dataDir} (pid ${err.owner.pid}): espera a que termine.`,
      );
    throw new BackupError(
      `No se puede crear ${folder}, junto a DATA_DIR (${(err as NodeJS.ErrnoException).code}): revisa los permisos de ${dirname(folder)}.`,
    );
  }
  try {
    for (const name of await readdir(folder))
      if (name !== LOCK_FILE) await rm(join(folder, name), { recursive: true, force: true });
    await extractArchive(archive, folder);
    await access(join(folder, 'pglite', 'PG_VERSION')).catch(() => {
      throw new BackupError(`${archive} no es una copia de Vitrina: no tiene la base de datos (pglite/).`);
    });
    await rename(folder, dataDir).catch(async (err: NodeJS.ErrnoException) => {
      // rename replaces only an empty folder: something was written into DATA_DIR meanwhile.
      if (err.code === 'ENOTEMPTY' || err.code === 'EEXIST') await refuseUnlessEmpty(dataDir);
      throw err;
    });
    // The lock came along inside the restored folder; the shop would take it over, but it is not the shop's.
    await rm(join(dataDir, LOCK_FILE), { force: true });
  } catch (err) {
    await rm(folder, { recursive: true, force: true });
    throw err;
  } finally {
    lock.release();
  }
}

async function refuseUnlessEmpty(dataDir: string) {
  const entries = await readdir(dataDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  if (entries.length > 0)
    throw new BackupError(
      `La carpeta DATA_DIR ${dataDir} no está vacía: la restauración no sobrescribe una tienda. ` +
        'Apunta DATA_DIR a una carpeta vacía (o mueve esa a otro sitio) y vuelve a ejecutar npm run restore.',
    );
}

/** An existing DATA_DIR on a disk of its own cannot be replaced by a folder written beside it. */
async function refuseMountPoint(dataDir: string) {
  const [folder, parent] = await Promise.all([
    stat(dataDir).catch(() => undefined),
    stat(dirname(resolve(dataDir))).catch(() => undefined),
  ]);
  if (folder && parent && folder.dev !== parent.dev)
    throw new BackupError(
      `La carpeta DATA_DIR ${dataDir} es la raíz de otro disco: la restauración escribe a su lado y la cambia de ` +
        'nombre al terminar. Apunta DATA_DIR a una carpeta dentro de ese disco (por ejemplo, su subcarpeta data).',
    );
}

/** Writes the archive's folders (0700) and files (0600) into `into`, refusing any other kind of entry. */
async function extractArchive(archive: string, into: string) {
  const entries = extract();
  const input = createReadStream(archive);
  const gunzip = createGunzip();
  input.on('error', (err) => entries.destroy(err));
  gunzip.on('error', (err) => entries.destroy(err));
  input.pipe(gunzip).pipe(entries);
  try {
    for await (const entry of entries) {
      const name = entryName(archive, entry.header);
      if (name === undefined) {
        entry.resume();
        continue;
      }
      const path = join(into, name);
      if (entry.header.type === 'directory') {
        await mkdir(path, { recursive: true, mode: 0o700 });
        entry.resume();
      } else {
        await mkdir(dirname(path), { recursive: true, mode: 0o700 });
        await pipeline(entry, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
      }
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if ((err as NodeJS.ErrnoException).syscall)
      throw new BackupError(
        `No se pudo escribir la copia junto a DATA_DIR, en ${into} (${code}): revisa el disco.`,
      );
    throw new BackupError(`${archive} no es una copia de Vitrina (no es un .tar.gz legible).`);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

const REFUSED_KINDS: Record<string, string> = {
  symlink: 'un enlace simbólico',
  link: 'un enlace duro',
  'character-device': 'un dispositivo',
  'block-device': 'un dispositivo',
  fifo: 'una tubería',
};

/**
 * An entry's path inside DATA_DIR, or undefined for the archive's own root ('./'). Throws for anything a
 * backup never holds: links, devices, absolute paths, '..', names outside pglite/, uploads/ and mail/.
 */
function entryName(archive: string, header: Header): string | undefined {
  const refuse = (what: string) =>
    new BackupError(
      `${archive} no es una copia de Vitrina que se pueda restaurar: ${JSON.stringify(header.name)} es ${what}. No se ha restaurado nada.`,
    );
  if (header.type !== 'file' && header.type !== 'directory')
    throw refuse(REFUSED_KINDS[header.type] ?? `una entrada de tipo ${header.type}`);
  if (header.name.startsWith('/')) throw refuse('una ruta absoluta');
  // GNU tar writes each name after './'; folders end with '/'.
  const parts = header.name.split('/').filter((part, i) => part !== '' && !(i === 0 && part === '.'));
  if (parts.length === 0 && header.type === 'directory') return undefined;
  if (parts.some((part) => part === '..' || part === '.')) throw refuse('una ruta que sale de su carpeta');
  if (!ARCHIVE_FOLDERS.has(parts[0] ?? '')) throw refuse('algo que no está en pglite/, uploads/ ni mail/');
  return parts.join('/');
}
