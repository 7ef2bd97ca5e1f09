import { chmodSync, existsSync, lstatSync, readdirSync, type Stats, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { ConfigError } from './config';
import type { DatabaseTarget } from './db/client';
import { isConnectionLost } from './db/connection-lost';
import { type DataDirLock, DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { rootCause } from './errors';
import { restoringFolder } from './paths';

/**
 * A start-up failure the operator can fix: its message is one plain line that says what to do, printed
 * without a stack. The original error stays in `cause` (printed with LOG_LEVEL=debug or trace).
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/** Prints a start-up failure: plain messages as they are, anything else (a bug) with its stack. */
export function printStartupError(err: unknown, env: NodeJS.ProcessEnv = process.env): void {
  if (err instanceof ConfigError || err instanceof StartupError || err instanceof DataDirLockedError) {
    console.error(err.message);
    if (err.cause !== undefined && /^(debug|trace)$/.test(env.LOG_LEVEL ?? '')) console.error(err.cause);
  } else {
    console.error(err);
  }
}

function code(err: unknown): string | undefined {
  const value = (err as { code?: unknown } | null)?.code;
  return typeof value === 'string' ? value : undefined;
}

/** What a file system error means, in words. */
function fileSystemReason(err: unknown): string {
  switch (code(err)) {
    case 'ENOTDIR':
      return 'una parte de la ruta es un archivo, no una carpeta';
    case 'EEXIST':
      return 'es un archivo, no una carpeta';
    case 'EACCES':
    case 'EPERM':
      return 'este proceso no tiene permiso';
    case 'EROFS':
      return 'el disco es de solo lectura';
    case 'ENOSPC':
      return 'el disco está lleno';
    default:
      return code(err) ?? (err instanceof Error ? err.message : String(err));
  }
}

/**
 * Takes DATA_DIR for the embedded database (see lockDataDir). A folder that cannot be created or
 * written becomes a plain StartupError; a lock held by a live process stays a DataDirLockedError.
 */
export function lockDataDirOrExplain(dataDir: string): DataDirLock {
  // While a restore's folder is beside it, DATA_DIR is missing or empty until the restore ends: not a new
  // shop to seed (backup/backup.ts).
  const restoring = restoringFolder(dataDir);
  if (existsSync(restoring))
    throw new StartupError(
      `La restauración de una copia en DATA_DIR ${dataDir} no ha terminado: vuelve a ejecutar npm run restore ` +
        `con esa copia (o, si ya no quieres restaurarla, borra ${restoring}).`,
    );
  try {
    return lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) throw err;
    throw new StartupError(
      `No se puede usar la carpeta DATA_DIR ${dataDir}: ${fileSystemReason(err)}. ` +
        'Apunta DATA_DIR a una carpeta en la que este proceso pueda escribir.',
      { cause: err },
    );
  }
}

/**
 * DATA_DIR holds customer data and password hashes, and backups copy it: what the shop's commands create
 * is for their own user only (folders 0700, files 0600), whatever umask the shell gave them.
 */
export function keepNewFilesPrivate(): void {
  process.umask(0o077);
}

/**
 * Takes every permission of other users off DATA_DIR and what it holds, without following symbolic links
 * (their targets are not the shop's). PGlite writes some of its files 0666 whatever the umask, so this runs
 * once the database is open. Says whether a folder was open to others: that, not a file's bits inside a
 * folder nobody else may enter, is what exposed the data.
 */
export function tightenDataDir(dataDir: string): boolean {
  let folderWasOpen = false;
  // Node's recursive readdir follows symbolic links to folders: the walk is written out instead.
  const tighten = (path: string, stats: Stats | undefined) => {
    if (!stats || stats.isSymbolicLink()) return;
    if ((stats.mode & 0o077) !== 0) {
      chmodSync(path, stats.mode & 0o700);
      if (stats.isDirectory()) folderWasOpen = true;
    }
    if (stats.isDirectory())
      for (const name of readdirSync(path)) {
        const entry = join(path, name);
        tighten(entry, lstatSync(entry, { throwIfNoEntry: false }));
      }
  };
  try {
    // DATA_DIR itself may be a link to the disk that holds it.
    tighten(dataDir, statSync(dataDir, { throwIfNoEntry: false }));
  } catch (err) {
    throw new StartupError(
      `No se pueden quitar a otros usuarios los permisos sobre la carpeta DATA_DIR ${dataDir}: ${fileSystemReason(err)}. ` +
        'Haz que la carpeta y lo que contiene pertenezcan al usuario que ejecuta la tienda.',
      { cause: err },
    );
  }
  return folderWasOpen;
}

function unreadableDatabase(dataDir: string, err: unknown): StartupError {
  const fsCode = code(err);
  if (fsCode && /^E[A-Z]+$/.test(fsCode))
    return new StartupError(
      `No se puede abrir la base de datos de ${dataDir}: ${fileSystemReason(err)}. ` +
        'Corrige esa ruta o apunta DATA_DIR a otra carpeta.',
      { cause: err },
    );
  return new StartupError(
    `No se puede abrir la base de datos de ${dataDir}: sus archivos están dañados, incompletos o son de otra versión. ` +
      'Restaura esa carpeta desde una copia de seguridad o apunta DATA_DIR a otra carpeta (una vacía empieza una tienda nueva).',
    { cause: err },
  );
}

/**
 * Whether an error from the embedded database means its files are damaged: the WebAssembly engine
 * aborting, or PostgreSQL's own classes XX (data or index corrupted) and 58 (file or I/O errors).
 */
function damagedFiles(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    // WebAssembly.RuntimeError ("Aborted()"); the server's TypeScript has no WebAssembly types.
    if (e instanceof Error && e.name === 'RuntimeError') return true;
    const sqlState = code(e);
    if (sqlState && /^(XX|58)[0-9A-Z]{3}$/.test(sqlState)) return true;
  }
  return false;
}

/**
 * Awaits `opening` (openDatabase(target, …)); an embedded database that cannot be opened becomes a plain
 * StartupError naming its folder.
 */
export async function explainOpenError<T>(target: DatabaseTarget, opening: Promise<T>): Promise<T> {
  try {
    return await opening;
  } catch (err) {
    if (target.kind === 'pglite') throw unreadableDatabase(target.dataDir, err);
    throw err;
  }
}

/**
 * A start-up step's error as the operator should read it: damaged embedded database files (found by any
 * query: opening succeeds, reading a damaged table does not) and a PostgreSQL server that cannot be
 * reached become a plain StartupError.
 */
export function explainStartupError(err: unknown, target: DatabaseTarget | undefined): unknown {
  if (err instanceof StartupError) return err;
  if (target?.kind === 'pglite' && damagedFiles(err)) return unreadableDatabase(target.dataDir, err);
  if (target?.kind === 'postgres' && isConnectionLost(err)) {
    const url = new URL(target.url);
    return new StartupError(
      `No se puede conectar a PostgreSQL en ${url.host} (DATABASE_URL): ${rootCause(err as Error).message}. ` +
        'Comprueba que el servidor esté en marcha y acepte conexiones, o corrige DATABASE_URL.',
      { cause: err },
    );
  }
  return err;
}

function address(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/**
 * Why the server cannot listen on HOST:`port`, in one line naming the variable that set the port (PORT or
 * METRICS_PORT); undefined for an error that is not about that.
 */
export function listenError(
  err: unknown,
  host: string,
  port: number,
  variable: 'PORT' | 'METRICS_PORT' = 'PORT',
): StartupError | undefined {
  const at = address(host, port);
  switch (code(err)) {
    case 'EADDRINUSE':
      return new StartupError(
        `El puerto ${port} ya está en uso (${at}): detén el otro proceso o usa otra variable ${variable}.`,
        { cause: err },
      );
    case 'EACCES':
    case 'EPERM':
      return new StartupError(
        `No hay permiso para escuchar en el puerto ${port} (${at}): usa en ${variable} un puerto mayor que 1023.`,
        { cause: err },
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(
        `No se puede escuchar en HOST=${host} (${code(err)}): usa una dirección de esta máquina, como 0.0.0.0 o 127.0.0.1.`,
        { cause: err },
      );
    default:
      return undefined;
  }
}

export interface PortReservation {
  /** Frees the port; the real server listens right after. */
  release(): Promise<void>;
}

/**
 * Takes HOST:PORT before the database is opened, so a busy port stops the start-up before anything is
 * migrated or seeded. Until release() it answers every request with 503 (the shop is starting), which
 * health checks read as "not yet". Between release() and the app's own listen() another process could
 * take the port (a few milliseconds); the app's listen then fails with the same message.
 */
export async function reservePort(host: string, port: number): Promise<PortReservation> {
  // Port 0 asks for any free port: there is nothing to reserve.
  if (port === 0) return { release: async () => {} };
  const server: Server = createServer((_req, res) => {
    res.writeHead(503, {
      'content-type': 'text/plain; charset=utf-8',
      'retry-after': '5',
      connection: 'close',
    });
    res.end('La tienda está arrancando; vuelve a intentarlo en unos segundos.\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => reject(listenError(err, host, port) ?? err));
    server.listen({ host, port }, resolve);
  });
  let released: Promise<void> | undefined;
  return {
    release: () => {
      released ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return released;
    },
  };
}
