// Starts the production build of the shop as its own process, on a fresh data folder, the way
// `npm start` runs it. Every bench measures this process, never the source.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';

const SERVER = new URL('../../apps/server/dist/main.js', import.meta.url).pathname;

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
 * @param {{ databaseUrl?: string, env?: Record<string, string> }} options PGlite in the fresh data
 *   folder unless a PostgreSQL URL is given.
 */
export async function startShop({ databaseUrl, env = {} } = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(os.tmpdir(), 'vitrina-bench-'));
  const child = spawn(process.execPath, [SERVER], {
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
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    /** The shop's DATA_DIR (removed by stop()). */
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
