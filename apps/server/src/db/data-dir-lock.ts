import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The file in DATA_DIR that says which process has the embedded database open. */
export const LOCK_FILE = 'vitrina.lock';

/** What a lock file holds: enough to tell whether its process still runs, and to name it. */
export interface LockOwner {
  pid: number;
  host: string;
  /** When the process took the lock (ISO 8601). */
  since: string;
  /** Linux: the process's start time in clock ticks since boot, so a reused pid is not taken for it. */
  procStart?: string | undefined;
  /** Random: two lock files never have the same text. */
  token: string;
}

/** Another live process holds DATA_DIR; the message is one plain line naming the folder and the process. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    const sameHost = owner.host === hostname();
    super(
      sameHost
        ? `La carpeta DATA_DIR ${dataDir} ya la usa otro proceso de Vitrina (pid ${owner.pid}, desde ${owner.since}): ` +
            'detén ese proceso o usa otra carpeta DATA_DIR.'
        : `La carpeta DATA_DIR ${dataDir} ya la usa otro proceso de Vitrina (pid ${owner.pid} en el equipo ` +
            `${owner.host}, desde ${owner.since}): detén ese proceso o usa otra carpeta DATA_DIR; si ese proceso ` +
            `ya no existe, borra ${join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file if it is still ours; also runs by itself when the process exits. */
  release(): void;
}

/**
 * Takes DATA_DIR for this process: the embedded database's files must never be open in two processes.
 *
 * The lock file is created with 'wx' (O_EXCL), so of two processes starting at once only one creates it.
 * A lock whose process is gone (crash, SIGKILL, power cut) is stale and taken over: under a second 'wx'
 * file, the take-over guard, the stale file is removed only if it still has the very text judged stale,
 * then the lock is created with 'wx' again. While the guard is held the stale file cannot change (its
 * process is dead, other take-overs wait for the guard, and 'wx' creates nothing while it exists), so
 * two processes taking over the same stale lock never both win. A lock written on another host is never
 * judged stale: its process cannot be seen from here.
 *
 * `takeOverDelayMs` is for tests only. Throws DataDirLockedError when a live process holds it, and the file system's error when DATA_DIR
 * cannot be created or written. Synchronous, so it can also be released from the 'exit' event.
 */
export function lockDataDir(dataDir: string, options: { takeOverDelayMs?: number } = {}): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const mine = serialize(ownerOfThisProcess());
  for (let attempt = 0; attempt < 100; attempt++) {
    if (createExclusive(path, mine)) return held(path, mine);
    const current = readSettled(path);
    if (current === undefined) continue; // released meanwhile: try again
    const owner = parse(current);
    if (owner && isAlive(owner)) throw new DataDirLockedError(dataDir, owner);
    // Tests widen the gap between judging the lock stale and taking it over, where races happen.
    if (options.takeOverDelayMs) sleep(options.takeOverDelayMs);
    removeStale(path, current);
  }
  throw new Error(`could not take the lock ${path}: it kept changing`);
}

function held(path: string, mine: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    try {
      if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
    } catch {
      // Already gone: nothing to release.
    }
  };
  process.once('exit', release);
  return { path, release };
}

function ownerOfThisProcess(): LockOwner {
  return {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    procStart: procStart(process.pid),
    token: randomBytes(8).toString('hex'),
  };
}

function serialize(owner: LockOwner): string {
  return `${JSON.stringify(owner)}\n`;
}

function parse(text: string): LockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (!Number.isSafeInteger(value.pid) || (value.pid ?? 0) <= 0) return undefined;
    if (typeof value.host !== 'string' || typeof value.token !== 'string') return undefined;
    return value as LockOwner;
  } catch {
    return undefined;
  }
}

/** Creates the file with the text in one write; false if it already exists. */
function createExclusive(path: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o644);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * The file's text once its writer is done: a file created a moment ago may still be empty (created, not
 * yet written), so an empty or half-read file is read again for up to half a second before it counts.
 */
function readSettled(path: string): string | undefined {
  let text = read(path);
  for (let i = 0; i < 20 && text !== undefined && !parse(text); i++) {
    sleep(25);
    text = read(path);
  }
  return text;
}

function removeStale(path: string, staleText: string): void {
  const guard = `${path}.takeover`;
  if (!createExclusive(guard, serialize(ownerOfThisProcess()))) {
    // Another process is taking over right now (it holds the guard for a few milliseconds), or died
    // doing so: wait for it, and clear a guard whose process is gone.
    const text = readSettled(guard);
    const owner = text === undefined ? undefined : parse(text);
    if (text !== undefined && !(owner && isAlive(owner))) {
      try {
        if (read(guard) === text) unlinkSync(guard);
      } catch {
        // Removed by someone else meanwhile.
      }
    } else {
      sleep(20);
    }
    return;
  }
  try {
    if (read(path) === staleText) unlinkSync(path);
  } finally {
    unlinkSync(guard);
  }
}

/**
 * Whether the lock's process still runs. Only a process of this host can be checked: a lock from another
 * host counts as alive. A pid that is ours, or that runs a process started at another time (a reused pid
 * after a restart), is not the lock's process.
 */
function isAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = procStart(owner.pid);
  return !(owner.procStart && started && owner.procStart !== started);
}

/** Field 22 of /proc/<pid>/stat (Linux); undefined elsewhere. The command name may hold spaces and ')'. */
function procStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
