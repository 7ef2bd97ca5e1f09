// API load benchmark: the catalog endpoints of the production build against a bare Fastify server
// answering a fixed small JSON in the same run, so results read as ratios on a shared, noisy machine.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const SERVER = new URL('../apps/server/dist/main.js', import.meta.url).pathname;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const APP_PORT = 3301;
const BARE_PORT = 3302;

const TARGETS = [
  ['bare Fastify (ceiling)', `http://127.0.0.1:${BARE_PORT}/`],
  ['GET /api/products', `http://127.0.0.1:${APP_PORT}/api/products`],
  ['search "licuadra"', `http://127.0.0.1:${APP_PORT}/api/products?name=licuadra`],
  ['category 3 by price', `http://127.0.0.1:${APP_PORT}/api/products/categoria/3?orden=precio_asc`],
  ['product by id', `http://127.0.0.1:${APP_PORT}/api/products/12`],
  ['GET /api/categorias', `http://127.0.0.1:${APP_PORT}/api/categorias`],
];

const run = (url, duration) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );

async function waitForHealth(url) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not become healthy: ${url}`);
}

const dataDir = mkdtempSync(join(os.tmpdir(), 'vitrina-bench-'));
const app = spawn(process.execPath, [SERVER], {
  env: {
    ...process.env,
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const bare = Fastify();
bare.get('/', async () => ({ ok: true, items: [1, 2, 3] }));

try {
  await bare.listen({ port: BARE_PORT, host: '127.0.0.1' });
  await waitForHealth(`http://127.0.0.1:${APP_PORT}/api/health`);
  const rows = [];
  for (const [name, url] of TARGETS) {
    await run(url, 2); // warm-up: JIT, caches, connection pools
    const r = await run(url, DURATION);
    rows.push({
      name,
      url,
      requestsPerSecond: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.non2xx,
    });
  }
  const ceiling = rows[0].requestsPerSecond;
  for (const row of rows) row.ratioToBare = Number((row.requestsPerSecond / ceiling).toFixed(3));
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
  console.log(
    `\n${machine.cpus} cores, ${machine.memoryGiB} GiB, Node ${machine.node}; ${CONNECTIONS} connections, ${DURATION} s each\n`,
  );
  console.log('| target | req/s | p50 ms | p99 ms | ratio to bare | errors |\n|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${Math.round(r.requestsPerSecond)} | ${r.p50} | ${r.p99} | ${r.ratioToBare} | ${r.errors} |`,
    );
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  const file = new URL(`./results/${new Date().toISOString().slice(0, 10)}.json`, import.meta.url);
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), machine, database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite', rows }, null, 2)}\n`,
  );
  console.log(`\nwritten ${file.pathname}`);
} finally {
  app.kill('SIGTERM');
  await bare.close();
  rmSync(dataDir, { recursive: true, force: true });
}
