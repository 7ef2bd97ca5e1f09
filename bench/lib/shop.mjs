// Starts the production build of the shop as its own process, on a fresh data folder, the way
// `npm start` runs it. Every bench measures this process, never the source.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';

const SERVER = new URL('../../apps/server/dist/main.js', import.meta.url).pathname;

/**
 * The options `npm start` gives Node (the root package.json), so that every bench measures the shop as it
 * runs: its memory settings (docs/decisions/055) change what the process holds and how often it collects.
 */
export const NODE_OPTIONS_OF_NPM_START = (() => {
  const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const options = /\bnode((?: --\S+)*) apps\/server\/dist\/main\.js\b/.exec(scripts.start);
  if (!options)
    throw new Error(
      `bench/lib/shop.mjs: no "node … apps/server/dist/main.js" in npm start: ${scripts.start}`,
    );
  return options[1].split(' ').filter(Boolean);
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
 * @param {{ databaseUrl?: string, env?: Record<string, string>, dataDir?: string }} options PGlite in
 *   the data folder unless a PostgreSQL URL is given; a fresh folder, removed by stop(), unless `dataDir`
 *   names one to start again on (a restart), which stop() leaves.
 */
export async function startShop({ databaseUrl, env = {}, dataDir: given } = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = given ?? mkdtempSync(join(os.tmpdir(), 'vitrina-bench-'));
  const removeDataDir = () => {
    if (!given) rmSync(dataDir, { recursive: true, force: true });
  };
  // BENCH_SHOP_NODE_ARGS adds Node flags to the shop alone (`--cpu-prof` to see where a section's time goes).
  const extra = process.env.BENCH_SHOP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...NODE_OPTIONS_OF_NPM_START, ...extra, SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl ?? '',
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
