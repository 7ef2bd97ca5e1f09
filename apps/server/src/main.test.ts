import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { chmod, lstat, readdir, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FIRST_START_ARG } from './seed/first-start';
import { customerRegistration } from './test/agent';
import { testTempDir } from './test/databases';
import { HttpClient } from './test/http-client';
import { TEST_NODE_FLAGS } from './test/node-flags';
import { notPrivate } from './test/private-files';
import { freePort, PROCESS_START_MS, seededDataDir, waitForHealth } from './test/server-process';

/** The server and `npm run seed` as npm runs them: bundled (once for the run, by test/global-setup.ts). */
const { main: MAIN, seed: SEED } = inject('vitrinaTestTemplates').bundle;
const REPO_ROOT = new URL('../../../', import.meta.url).pathname;
const LOCK = 'vitrina.lock';

interface Started {
  child: ChildProcess;
  output(): string;
  /** The exit code, or the signal's name; rejects after `ms` if the process is still running. */
  exit(ms?: number): Promise<number | string | null>;
}

const children: ChildProcess[] = [];

/** A bundle run by Node with the tests' flags. */
const node = (bundle: string): [string, ...string[]] => [process.execPath, ...TEST_NODE_FLAGS, bundle];

/** A command, run from the repository's root: the bundled server unless another is given. */
function start(env: Record<string, string>, [command, ...args] = node(MAIN)): Started {
  let output = '';
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', DATABASE_URL: '', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string | null);
  return {
    child,
    output: () => output,
    exit: (ms = PROCESS_START_MS) =>
      Promise.race([
        exited,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`still running after ${ms} ms:\n${output}`)), ms).unref(),
        ),
      ]),
  };
}

async function healthy(port: number, server: Started): Promise<void> {
  await waitForHealth(`http://127.0.0.1:${port}`, 200, {
    timeoutMs: PROCESS_START_MS,
    gone: () => server.child.exitCode !== null,
  }).catch((err: Error) => {
    throw new Error(`${err.message}:\n${server.output()}`);
  });
}

function lockPid(dataDir: string): number {
  return JSON.parse(readFileSync(join(dataDir, LOCK), 'utf8')).pid;
}

/** One line of output, with no stack trace (no "    at …" lines, nothing about WebAssembly). */
function expectPlainLine(output: string, pattern: RegExp) {
  expect(output.trim().split('\n'), output).toHaveLength(1);
  expect(output.trim()).toMatch(pattern);
  expect(output).not.toMatch(/^\s+at |wasm|RuntimeError|Aborted/m);
}

/** The pid of a new shop's seeding process (seed/first-start.ts) working on `dataDir`, if one runs. */
async function seedingProcess(dataDir: string): Promise<number | undefined> {
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const [cmdline, environ] = await Promise.all([
      readFile(`/proc/${name}/cmdline`, 'utf8'),
      readFile(`/proc/${name}/environ`, 'utf8'),
    ]).catch(() => ['', '']);
    if (cmdline.split('\0').includes(FIRST_START_ARG) && environ.split('\0').includes(`DATA_DIR=${dataDir}`))
      return Number(name);
  }
  return undefined;
}

/** Connects to 127.0.0.1:`port` over and over until `done` settles: how many connections were accepted. */
async function connectionsUntil(port: number, done: Promise<unknown>): Promise<number> {
  let settled = false;
  done.then(
    () => (settled = true),
    () => (settled = true),
  );
  let accepted = 0;
  while (!settled) {
    const connected = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (connected) accepted++;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return accepted;
}

describe('the server process', () => {
  let root: string;
  beforeAll(async () => {
    root = await testTempDir('main-');
  });
  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(root, { recursive: true, force: true });
  });

  it('loads the Stripe and AWS SDKs, sharp and oidc-provider when the shop first uses them, not at start', () => {
    // A static import of the bundle runs at every start; these are slow to load (docs/decisions/021), and
    // a shop on the sandbox, on its own disk, without Google sign-in, never needs them.
    const bundle = readFileSync(MAIN, 'utf8');
    const atStart = [...bundle.matchAll(/^import\s[^;]*?\bfrom\s*"([^"]+)"/gm)].map((match) => match[1]);
    const lazy = ['stripe', '@aws-sdk/client-s3', 'sharp', 'oidc-provider'];
    expect(atStart.filter((name) => lazy.includes(name as string))).toEqual([]);
    for (const name of lazy) expect(bundle).toContain(`import("${name}")`);
  });

  it('refuses to start on a bad variable and names it', async () => {
    const { exit, output } = start({ PORT: 'mil', DATA_DIR: join(root, 'bad-variable') });
    expect(await exit()).toBe(1);
    expect(output()).toMatch(/Invalid configuration:\s+PORT:/);
  });

  it('npm run seed prints a bad variable as plainly, without a stack', async () => {
    // README's command itself (npm's own lines left out): it builds the server and runs dist/seed.js.
    const { exit, output } = start({ PORT: 'mil', DATA_DIR: join(root, 'bad-variable') }, [
      'npm',
      'run',
      '--silent',
      'seed',
    ]);
    expect(await exit()).toBe(1);
    expect(output()).toMatch(/^Invalid configuration:\s+PORT:/);
    expect(output()).not.toMatch(/^\s+at /m);
  });

  // One shop is started once (the first start seeds, the slow part) and the tests below use it in turn.
  describe('with a shop running on a data folder', () => {
    let dataDir: string;
    let port: number;
    let shop: Started;

    it('migrates, seeds an empty database, serves, and holds the DATA_DIR lock', async () => {
      dataDir = join(root, 'shop');
      port = await freePort();
      shop = start({ PORT: String(port), DATA_DIR: dataDir });
      await healthy(port, shop);
      const categories = await (await fetch(`http://127.0.0.1:${port}/api/categorias`)).json();
      expect(categories).toHaveLength(11);
      expect(lockPid(dataDir)).toBe(shop.child.pid);
    });

    it("a second process on the same DATA_DIR stops at once, naming the folder and the first one's pid", async () => {
      const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
      expect(await second.exit()).toBe(1);
      expectPlainLine(
        second.output(),
        new RegExp(
          `DATA_DIR ${dataDir} ya la usa otro proceso de Vitrina \\(pid ${shop.child.pid}, .*detén ese proceso`,
        ),
      );
      // The first one was not disturbed.
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      expect(lockPid(dataDir)).toBe(shop.child.pid);
    });

    it('npm run seed on the same DATA_DIR stops with the same message', async () => {
      const seed = start({ DATA_DIR: dataDir }, node(SEED));
      expect(await seed.exit()).toBe(1);
      expectPlainLine(seed.output(), new RegExp(`DATA_DIR ${dataDir} .*\\(pid ${shop.child.pid},`));
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    });

    it('a busy port stops the start-up in one line, before any database is created', async () => {
      const otherDir = join(root, 'busy-port');
      const late = start({ PORT: String(port), DATA_DIR: otherDir });
      expect(await late.exit()).toBe(1);
      expectPlainLine(
        late.output(),
        new RegExp(`^El puerto ${port} ya está en uso \\(127\\.0\\.0\\.1:${port}\\): detén el otro proceso`),
      );
      // Neither migrated nor seeded, and the lock it took was released.
      expect(existsSync(join(otherDir, 'pglite'))).toBe(false);
      expect(existsSync(join(otherDir, 'uploads'))).toBe(false);
      expect(existsSync(join(otherDir, LOCK))).toBe(false);
    });

    it('a busy METRICS_PORT stops the start-up in one line naming it, before the shop port ever answers', async () => {
      const shopPort = await freePort();
      const late = start({
        PORT: String(shopPort),
        METRICS_PORT: String(port),
        DATA_DIR: join(root, 'busy-metrics-port'),
      });
      const exited = late.exit();
      const accepted = await connectionsUntil(shopPort, exited);
      expect(await exited).toBe(1);
      expectPlainLine(
        late.output(),
        new RegExp(
          `^El puerto ${port} ya está en uso \\(127\\.0\\.0\\.1:${port}\\): detén el otro proceso o usa otra variable METRICS_PORT\\.$`,
        ),
      );
      expect(accepted).toBe(0);
    });

    it('SIGHUP stops it cleanly, like SIGTERM, and releases the lock', async () => {
      shop.child.kill('SIGHUP');
      expect(await shop.exit()).toBe(0);
      expect(existsSync(join(dataDir, LOCK))).toBe(false);
    });

    it("takes over a stale lock (a dead process's), serves, and exits cleanly on SIGTERM", async () => {
      const gone = spawn(process.execPath, ['-e', '']);
      await once(gone, 'exit');
      writeFileSync(
        join(dataDir, LOCK),
        JSON.stringify({ pid: gone.pid, host: hostname(), since: new Date().toISOString(), token: 'stale' }),
      );
      port = await freePort();
      shop = start({ PORT: String(port), DATA_DIR: dataDir });
      await healthy(port, shop);
      expect(lockPid(dataDir)).toBe(shop.child.pid);
      shop.child.kill('SIGTERM');
      expect(await shop.exit()).toBe(0);
      expect(existsSync(join(dataDir, LOCK))).toBe(false);
    });

    it('a damaged database folder gives a plain message, not a WebAssembly error', async () => {
      // The database of the shop above with its control file cut short: PGlite aborts on opening it.
      const damaged = join(root, 'damaged');
      cpSync(join(dataDir, 'pglite'), join(damaged, 'pglite'), { recursive: true });
      truncateSync(join(damaged, 'pglite', 'global', 'pg_control'), 10);
      const server = start({ PORT: String(await freePort()), DATA_DIR: damaged });
      expect(await server.exit()).toBe(1);
      expectPlainLine(
        server.output(),
        new RegExp(
          `^No se puede abrir la base de datos de ${damaged}/pglite: .*dañados.*Restaura esa carpeta desde una copia de seguridad o apunta DATA_DIR a otra carpeta`,
        ),
      );
      expect(existsSync(join(damaged, LOCK))).toBe(false);
    });
  });

  it('seeds a new shop in a process of its own that ends with the shop, even a killed one; the next start serves', async () => {
    const dataDir = join(root, 'killed-while-seeding');
    const first = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    // Once the seed draws its photos, the database files are made and the seeding process is at work.
    await expect
      .poll(() => readdir(join(dataDir, 'uploads', 'productos')).catch(() => []), {
        timeout: PROCESS_START_MS,
      })
      .not.toHaveLength(0);
    expect(await seedingProcess(dataDir)).toBeDefined();
    first.child.kill('SIGKILL');
    await expect.poll(() => seedingProcess(dataDir), { timeout: 5000 }).toBeUndefined();

    const port = await freePort();
    const shop = start({ PORT: String(port), DATA_DIR: dataDir });
    await healthy(port, shop);
    const categories = await (await fetch(`http://127.0.0.1:${port}/api/categorias`)).json();
    expect(categories).toHaveLength(11);
    shop.child.kill('SIGTERM');
    expect(await shop.exit()).toBe(0);
  });

  it("keeps DATA_DIR to the shop's user under umask 000: a folder open to others is closed at start, said once", async () => {
    const dataDir = await seededDataDir();
    // As an older version left it, and worse: everything readable and writable by every user.
    const openAll = async (path: string): Promise<void> => {
      const folder = (await lstat(path)).isDirectory();
      await chmod(path, folder ? 0o777 : 0o666);
      if (folder) for (const name of await readdir(path)) await openAll(join(path, name));
    };
    await openAll(dataDir);
    const underUmask000 = (): [string, ...string[]] => [
      'sh',
      '-c',
      'umask 000 && exec "$0" "$@"',
      ...node(MAIN),
    ];
    const said = /DATA_DIR was open to other users of this machine/g;

    let port = await freePort();
    let shop = start({ PORT: String(port), DATA_DIR: dataDir }, underUmask000());
    await healthy(port, shop);
    // The welcome e-mail of a registration: a new folder (mail/) and a new file written by the shop.
    const visitor = new HttpClient(`http://127.0.0.1:${port}`);
    expect((await visitor.post('/api/usuario', customerRegistration('permisos@example.com'))).status).toBe(
      201,
    );
    await expect
      .poll(() => readdir(join(dataDir, 'mail')).catch(() => []), { timeout: 10_000 })
      .toHaveLength(1);
    expect(await notPrivate(dataDir)).toEqual([]);
    expect(shop.output().match(said)).toHaveLength(1);
    shop.child.kill('SIGTERM');
    expect(await shop.exit()).toBe(0);

    port = await freePort();
    shop = start({ PORT: String(port), DATA_DIR: dataDir }, underUmask000());
    await healthy(port, shop);
    shop.child.kill('SIGTERM');
    expect(await shop.exit()).toBe(0);
    expect(shop.output()).not.toMatch(said);
    expect(await notPrivate(dataDir)).toEqual([]);
  });

  it('a DATA_DIR that cannot be a folder gives a plain message', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'not a folder');
    for (const [dataDir, reason] of [
      [join(file, 'data'), 'una parte de la ruta es un archivo'],
      [file, 'es un archivo, no una carpeta'],
    ] as const) {
      const server = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
      expect(await server.exit()).toBe(1);
      expectPlainLine(
        server.output(),
        new RegExp(
          `^No se puede usar la carpeta DATA_DIR ${dataDir}: ${reason}.*Apunta DATA_DIR a una carpeta`,
        ),
      );
    }
  });

  it('a database folder from an unknown version gives the same plain message to npm run seed', async () => {
    const dataDir = join(root, 'garbage');
    mkdirSync(join(dataDir, 'pglite'), { recursive: true });
    writeFileSync(join(dataDir, 'pglite', 'PG_VERSION'), 'garbage\n');
    const seed = start({ DATA_DIR: dataDir }, node(SEED));
    expect(await seed.exit()).toBe(1);
    expectPlainLine(
      seed.output(),
      new RegExp(`^No se puede abrir la base de datos de ${dataDir}/pglite: .*dañados`),
    );
  });
});
