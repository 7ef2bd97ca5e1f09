import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { testTempDir, testTemplates } from './databases';
import { TEST_NODE_FLAGS } from './node-flags';
import { copyFolder } from './templates';

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/**
 * A DATA_DIR as a new shop's first start leaves it (test/global-setup.ts): the seeded database and its
 * images with their sizes stored, so the process starts without seeding or sizing; its administrator is
 * the template's. Without `images`, the folder has no uploads and the database is the seeded template
 * (sizes not stored): for a shop whose images are in a bucket. Removed with the run's folder.
 */
export async function seededDataDir({ images = true } = {}): Promise<string> {
  const templates = testTemplates();
  const dataDir = await testTempDir('data-');
  if (images) await copyFolder(templates.dataDir, dataDir);
  else await copyFolder(templates.pglite.seeded, join(dataDir, 'pglite'));
  return dataDir;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<number | string | null>;
}

/**
 * How long a process a test starts may take to serve: `npm test` runs the unit and browser suites side by
 * side (decision 099), where a process gets a small share of a core and a first start can take minutes (a
 * first start and seed of 15 s alone missed 180 s in CI on 2026-11-29's slow machine). A process that
 * never serves still fails the test, only later; the tests' own limit is 300 s.
 */
export const PROCESS_START_MS = 270_000;

/** The server, bundled once for the run (test/global-setup.ts), on a free port; resolves once /api/health answers 200. */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = PROCESS_START_MS,
): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, testTemplates().bundle.main], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string | null);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, 200, {
      timeoutMs,
      gone: () => child.exitCode !== null || child.signalCode !== null,
    });
    return { child, url, output: () => output, exited };
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`server did not become healthy (${(err as Error).message}):\n${output}`);
  }
}

/**
 * Asks `url`'s /api/health every 50 ms (a refused connection costs nothing, a late look costs the test)
 * until it answers `status`, and resolves with the milliseconds that took. Rejects after `timeoutMs`, or
 * as soon as `gone()` says the process it waits for has exited.
 */
export async function waitForHealth(
  url: string,
  status: number,
  { timeoutMs, gone = () => false }: { timeoutMs: number; gone?: () => boolean },
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs && !gone()) {
    const answer = await fetch(`${url}/api/health`).catch(() => undefined);
    if (answer?.status === status) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(
    gone() ? 'the process exited' : `/api/health did not answer ${status} within ${timeoutMs} ms`,
  );
}

/** SIGTERM (clean) or SIGKILL (crash), and waits for the process to be gone. */
export async function stopServer(server: ServerProcess, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}
