import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAIN = new URL('./main.ts', import.meta.url).pathname;

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

function start(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

describe('the server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vitrina-main-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses to start on a bad variable and names it', async () => {
    const { child, output } = start({ PORT: 'mil', DATA_DIR: dataDir });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output()).toMatch(/Invalid configuration:\s+PORT:/);
  });

  it('migrates, seeds an empty database, serves, and exits cleanly on SIGTERM', async () => {
    const port = await freePort();
    const { child, output } = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    let health: Response | undefined;
    for (let i = 0; i < 120 && !health?.ok; i++) {
      health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (!health?.ok) await new Promise((r) => setTimeout(r, 500));
    }
    expect(health?.status, output()).toBe(200);
    const categories = await (await fetch(`http://127.0.0.1:${port}/api/categorias`)).json();
    expect(categories).toHaveLength(11);

    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  }, 90_000);
});
