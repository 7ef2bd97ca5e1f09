// Starts the production build of the shop as its own process, on a fresh data folder, the way
// `npm start` runs it. Every bench measures this process, never the source.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';

const SERVER = new URL('../../apps/server/dist/main.js', import.meta.url).pathname;

/**
 * The options and variables of a command line `VAR=value … node --option … apps/server/dist/main.js`:
 * every bench measures the shop as it runs, since its memory settings (docs/decisions/055, 096 and 105)
 * change what the process holds and how often it collects.
 */
export function nodeCommand(line, where) {
  const command = /((?:\b[A-Z_]+=\S+ )*)\S*node((?: --\S+)*) apps\/server\/dist\/main\.js\b/.exec(line);
  if (!command)
    throw new Error(`bench/lib/shop.mjs: no "node … apps/server/dist/main.js" in ${where}: ${line}`);
  const words = (text) => text.split(' ').filter(Boolean);
  return {
    env: Object.fromEntries(words(command[1]).map((word) => word.split(/=(.*)/s).slice(0, 2))),
    nodeOptions: words(command[2]),
  };
}

const read = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The embedded shop as `npm start` runs it (the root package.json's start script). */
export const NPM_START = nodeCommand(JSON.parse(read('package.json')).scripts.start, 'npm start');

/**
 * The shop on PostgreSQL as docs/deploy.md's systemd unit runs it: its `Environment=` variables and its
 * `ExecStart=` command.
 */
export const DEPLOYED = (() => {
  const unit = read('docs/deploy.md');
  const variables = [...unit.matchAll(/^Environment=(\S+)$/gm)].map((m) => m[1]);
  const start = /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '';
  return nodeCommand([...variables, start].join(' '), "docs/deploy.md's systemd unit");
})();

/** A TCP port nobody is listening on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(url, attempts = 240) {
  for (let i = 0; i < attempts; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not become healthy: ${url}`);
}

/**
 * @param {{ databaseUrl?: string, env?: Record<string, string>, dataDir?: string, server?: string,
 *   nodeOptions?: string[], startEnv?: Record<string, string> }} options PGlite in the data folder unless a
 *   PostgreSQL URL is given; a fresh folder, removed by stop(), unless `dataDir` names one to start again
 *   on (a restart), which stop() leaves. Node's options and variables are npm start's on PGlite and the
 *   deployment's on PostgreSQL; `server`, `nodeOptions` and `startEnv` run another bundle or another
 *   command than this checkout's (bench/side-by-side.mjs compares two builds).
 */
export async function startShop({
  databaseUrl,
  env = {},
  dataDir: given,
  server = SERVER,
  nodeOptions,
  startEnv,
} = {}) {
  const command = databaseUrl ? DEPLOYED : NPM_START;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = given ?? mkdtempSync(join(os.tmpdir(), 'vitrina-bench-'));
  const removeDataDir = () => {
    if (!given) rmSync(dataDir, { recursive: true, force: true });
  };
  // BENCH_SHOP_NODE_ARGS adds Node flags to the shop alone (`--cpu-prof` to see where a section's time goes).
  const extra = process.env.BENCH_SHOP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...(nodeOptions ?? command.nodeOptions), ...extra, server], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl ?? '',
      ...(startEnv ?? command.env),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await Promise.race([
      waitForHealth(`${url}/api/health`),
      exited.then((code) => Promise.reject(new Error(`the shop exited with ${code} before it was healthy`))),
    ]);
  } catch (err) {
    child.kill('SIGTERM');
    removeDataDir();
    throw err;
  }
  return {
    url,
    /** The shop's DATA_DIR (removed by stop() when startShop made it). */
    dataDir,
    /** The shop's process, for what the system says of it (bench/memory.mjs reads its memory). */
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      removeDataDir();
    },
  };
}
