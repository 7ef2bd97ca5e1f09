import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock';

/**
 * This module compiled once to JavaScript, for the processes below (it imports only Node's own modules):
 * plain `node` starts one far sooner than tsx loads TypeScript (docs/decisions/042-bundled-commands.md).
 */
let compiled: string;
beforeAll(async () => {
  compiled = join(mkdtempSync(join(tmpdir(), 'vitrina-lock-module-')), 'data-dir-lock.mjs');
  await build({
    entryPoints: [new URL('./data-dir-lock.ts', import.meta.url).pathname],
    outfile: compiled,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
  });
});
afterAll(() => compiled && rmSync(dirname(compiled), { recursive: true, force: true }));

/**
 * A separate process that runs `script` with `lockDataDir` in scope (ES module, top-level await) and
 * prints what it reports. Resolves once it printed `ready` (or exited).
 */
async function lockingProcess(script: string) {
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', `import { lockDataDir } from ${JSON.stringify(compiled)};\n${script}`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit');
  await Promise.race([
    exited,
    new Promise<void>((resolve) => child.stdout.on('data', () => output.includes('ready') && resolve())),
  ]);
  return { child, output: () => output, exited };
}

/** A pid that no process has: a child that ran and is gone. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid as number;
}

function writeLock(dir: string, owner: Record<string, unknown>) {
  writeFileSync(
    join(dir, LOCK_FILE),
    `${JSON.stringify({ since: '2026-01-01T00:00:00.000Z', token: 'x', ...owner })}\n`,
  );
}

function lockOwnerPid(dir: string): number {
  return JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid;
}

describe('the DATA_DIR lock', () => {
  let dir: string;
  const children: ChildProcess[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'vitrina-lock-'));
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the folder and a lock file naming this process, and removes it on release', () => {
    const dataDir = join(dir, 'new', 'data');
    const lock = lockDataDir(dataDir);
    expect(lock.path).toBe(join(dataDir, LOCK_FILE));
    expect(lockOwnerPid(dataDir)).toBe(process.pid);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    lockDataDir(dataDir).release();
  });

  it("refuses while another live process holds it, naming the folder and that process's pid", async () => {
    const holder = await lockingProcess(
      `lockDataDir(${JSON.stringify(dir)}); console.log('ready'); setInterval(() => {}, 1000);`,
    );
    children.push(holder.child);
    expect(holder.output()).toContain('ready');

    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    const message = (error as Error).message;
    expect(message).toContain(dir);
    expect(message).toContain(`pid ${holder.child.pid}`);
    expect(message).toMatch(/detén ese proceso o usa otra carpeta DATA_DIR/);
    expect(message).not.toContain('\n');

    // Killed without a chance to clean up, its lock is stale: taken over.
    holder.child.kill('SIGKILL');
    await holder.exited;
    expect(lockOwnerPid(dir)).toBe(holder.child.pid);
    const lock = lockDataDir(dir);
    expect(lockOwnerPid(dir)).toBe(process.pid);
    lock.release();
  });

  it("releases by itself when its process exits, and leaves another process's lock alone", async () => {
    const holder = await lockingProcess(`lockDataDir(${JSON.stringify(dir)}); console.log('ready');`);
    await holder.exited;
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);

    const lock = lockDataDir(dir);
    writeLock(dir, { pid: 1, host: hostname() });
    lock.release();
    expect(lockOwnerPid(dir)).toBe(1);
  });

  it('takes over a lock whose pid is dead, and one whose text is garbage', async () => {
    writeLock(dir, { pid: await deadPid(), host: hostname() });
    lockDataDir(dir).release();

    writeFileSync(join(dir, LOCK_FILE), '{"pid":');
    const lock = lockDataDir(dir);
    expect(lockOwnerPid(dir)).toBe(process.pid);
    lock.release();
  });

  it.runIf(process.platform === 'linux')(
    'takes over a lock whose pid now runs another process (started at another time)',
    async () => {
      const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
      children.push(other);
      writeLock(dir, { pid: other.pid, host: hostname(), procStart: '1' });
      const lock = lockDataDir(dir);
      expect(lockOwnerPid(dir)).toBe(process.pid);
      lock.release();
    },
  );

  it('never takes over a lock written on another host: its process cannot be checked from here', async () => {
    writeLock(dir, { pid: await deadPid(), host: 'otro-equipo' });
    expect(() => lockDataDir(dir)).toThrow(/otro-equipo.*si ese proceso ya no existe, borra .*vitrina\.lock/);
  });

  it('of several processes taking over the same stale lock at once, exactly one wins', async () => {
    writeLock(dir, { pid: await deadPid(), host: hostname() });
    const start = Date.now() + 2000;
    // Each waits for the same instant, judges the lock stale, pauses (a slow machine), tries to take it
    // over, reports, then holds what it got for a while. One that starts after the instant waits no time:
    // Node 24 warns on stderr, which the test reads, about a negative delay.
    const racers = await Promise.all(
      Array.from({ length: 6 }, () =>
        lockingProcess(`
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, ${start} - Date.now())));
          let result;
          try { lockDataDir(${JSON.stringify(dir)}, { takeOverDelayMs: 300 }); result = 'won'; } catch (err) { result = err.name; }
          console.log('ready', result);
          setTimeout(() => {}, 1500);
        `),
      ),
    );
    children.push(...racers.map((r) => r.child));
    const results = racers.map((r) => r.output().trim());
    expect(
      results.filter((r) => r === 'ready won'),
      results.join('\n'),
    ).toHaveLength(1);
    expect(
      results.filter((r) => r === 'ready DataDirLockedError'),
      results.join('\n'),
    ).toHaveLength(5);
    const winner = racers[results.indexOf('ready won')]?.child.pid;
    expect(lockOwnerPid(dir)).toBe(winner);
  });
});
