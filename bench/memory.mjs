// Memory: what the shop's process holds in RAM (its resident set, as the kernel counts it) on a small
// server: through a first start that seeds the demo shop, at rest after a restart, and through a burst of
// shoppers browsing the catalog, reading product pages, searching and paying. The embedded shop (PGlite)
// and the same shop on PostgreSQL run the same steps, each in its own process; the PostgreSQL server's own
// memory is not the shop's process and is not counted.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { checkout, newCustomer } from './checkout.mjs';
import { load } from './lib/load.mjs';
import { budget, table } from './lib/markdown.mjs';
import { dropDatabase, freshDatabase } from './lib/postgres.mjs';
import { startShop } from './lib/shop.mjs';

/** The embedded shop must fit a 1 GB server beside the system, a proxy and a backup's copy (issue 34). */
export const BUDGET_MB = 256;
/** The burst: browsers at once on the catalog's pages and answers, as the review that set the budget ran. */
const CONNECTIONS = 20;
/** …and a few shoppers paying at the same time, each a few orders of one unit. */
const SHOPPERS = 5;
const ORDERS_EACH = 4;
/**
 * How long the process is left idle before "at rest" is read: V8 gives back what it can once the
 * allocation stops (its memory reducer acts after some seconds of quiet), and a reading before that
 * shows the burst, not the rest.
 */
export const REST_MS = 12_000;
/** How often the resident set is read during the burst. */
const SAMPLE_MS = 100;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The process's resident set now and its high-water mark since it started, in MB (/proc/<pid>/status). */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field) =>
    Math.round(Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))[1]) / 1024);
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

export async function atRest(pid) {
  await sleep(REST_MS);
  return memoryOf(pid).rss;
}

/**
 * Every address the burst asks for: the home page and the catalog's listings in every order, each
 * product's page and answer, and searches for words of the products' names (each a database query
 * until the answer is kept).
 */
export async function burstPaths(base) {
  const get = async (path) => {
    const res = await fetch(base + path);
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return res.json();
  };
  const items = [];
  for (let page = 1; ; page++) {
    const listed = await get(`/api/products?pageSize=48&page=${page}`);
    items.push(...listed.items);
    if (items.length >= listed.total || listed.items.length === 0) break;
  }
  const categories = await get('/api/categorias');
  const orders = ['nombre_asc', 'precio_asc', 'precio_desc', 'recientes'];
  const words = [...new Set(items.map((p) => p.nombre.split(' ')[0].toLowerCase()))];
  return {
    items,
    paths: [
      '/',
      '/products/todos',
      '/api/products',
      '/api/categorias',
      ...categories.flatMap((c) =>
        orders.flatMap((orden) => [
          `/products/categoria/${c.id_categoria_producto}?orden=${orden}`,
          `/api/products?categoria=${c.id_categoria_producto}&orden=${orden}&page=1&pageSize=8`,
        ]),
      ),
      ...items.flatMap((p) => [`/products/${p.id_producto}`, `/api/products/${p.id_producto}`]),
      ...words.flatMap((word) => [
        `/api/products?name=${encodeURIComponent(word)}`,
        `/api/products/sugerencias?q=${encodeURIComponent(word.slice(0, 4))}`,
        `/api/products/facetas?name=${encodeURIComponent(word)}`,
      ]),
    ],
  };
}

/**
 * The burst against a running shop: CONNECTIONS browsers through every path for `seconds`, while SHOPPERS
 * customers pay ORDERS_EACH orders each (every paid order changes stock, which clears the kept answers, so
 * the catalog is read from the database again). Returns the highest resident set read during it.
 */
export async function burst(base, pid, seconds, round) {
  const { items, paths } = await burstPaths(base);
  const buyable = items.filter((p) => p.stock >= SHOPPERS * ORDERS_EACH);
  const prices = new Map(items.map((p) => [p.id_producto, Math.round((p.valor_descuento ?? p.valor) * 100)]));
  const shoppers = await Promise.all(
    Array.from({ length: SHOPPERS }, (_, i) => {
      const { id_producto } = buyable[i % buyable.length];
      return newCustomer(base, `m${round}`, i, [{ id_producto, cantidad: 1 }], prices);
    }),
  );
  let highest = 0;
  const sampler = setInterval(() => {
    highest = Math.max(highest, memoryOf(pid).rss);
  }, SAMPLE_MS);
  try {
    const [browsing, paid] = await Promise.all([
      load({
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        requests: paths.map((path) => ({ method: 'GET', path })),
      }),
      Promise.all(
        shoppers.map(async (shopper) => {
          let n = 0;
          for (let i = 0; i < ORDERS_EACH; i++) if (!(await checkout(shopper)).failure) n++;
          return n;
        }),
      ),
    ]);
    return {
      paths: paths.length,
      requests: browsing.requests.total,
      errors: browsing.errors + browsing.non2xx,
      p99: browsing.latency.p99,
      ordersPaid: paid.reduce((sum, n) => sum + n, 0),
      highest: Math.max(highest, memoryOf(pid).rss),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** One database: a first start that seeds, then a restart on the same data and the burst. */
export async function shopMemory({ databaseUrl, seconds }) {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'vitrina-bench-memory-'));
  try {
    const first = await startShop({ databaseUrl, dataDir });
    const seeding = { peak: memoryOf(first.pid).peak, rest: await atRest(first.pid) };
    await first.stop();
    const shop = await startShop({ databaseUrl, dataDir });
    try {
      const restart = await atRest(shop.pid);
      const load = await burst(shop.url, shop.pid, seconds, databaseUrl ? 'pg' : 'pglite');
      const afterBurst = await atRest(shop.pid);
      return {
        database: databaseUrl ? 'postgres' : 'pglite',
        seeding,
        restart,
        burst: load,
        afterBurst,
        // The restarted process's high-water mark: its start, the burst and the rest after.
        peak: Math.max(seeding.peak, memoryOf(shop.pid).peak),
        rest: Math.max(restart, afterBurst),
      };
    } finally {
      await shop.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Section of `npm run bench`: the embedded shop, then the same on PostgreSQL. */
export async function run({ seconds }) {
  const runs = [await shopMemory({ seconds })];
  const url = await freshDatabase('vitrina_bench_memory');
  try {
    runs.push(await shopMemory({ databaseUrl: url, seconds }));
  } finally {
    await dropDatabase('vitrina_bench_memory');
  }
  const name = (r) => (r.database === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL');
  const [pglite, postgres] = runs;
  const markdown =
    'Resident memory (VmRSS, VmHWM of /proc/<pid>/status) of the production build, MB = 2²⁰ bytes: a first ' +
    `start on an empty database (it seeds the demo shop), then a restart on the same data, idle ${REST_MS / 1000} s ` +
    `before each "at rest"; then a burst of ${CONNECTIONS} connections for ${seconds} s through ` +
    `${pglite.burst.paths} addresses (home, every listing in four orders, every product's page and answer, ` +
    `searches, suggestions and facets) while ${SHOPPERS} customers pay ${ORDERS_EACH} orders each. ` +
    "The PostgreSQL server's own memory is not the shop's process and is not counted.\n\n" +
    table(
      [
        'database',
        'first start: peak',
        'first start: at rest',
        'restart: at rest',
        'burst: highest',
        'after the burst: at rest',
        'peak of the process',
        'burst requests (errors)',
        'burst p99 ms',
        'orders paid',
      ],
      runs.map((r) => [
        name(r),
        r.seeding.peak,
        r.seeding.rest,
        r.restart,
        r.burst.highest,
        r.afterBurst,
        r.peak,
        `${r.burst.requests} (${r.burst.errors})`,
        r.burst.p99,
        `${r.burst.ordersPaid} of ${SHOPPERS * ORDERS_EACH}`,
      ]),
    );
  const beside = (pick) => `${pick(pglite)} MB (PostgreSQL ${pick(postgres)} MB)`;
  const budgets = [
    budget(
      `Embedded shop's resident memory ≤ ${BUDGET_MB} MB at its peak: a seeding first start, a restart and a burst`,
      beside((r) => r.peak),
      pglite.peak <= BUDGET_MB,
    ),
    budget(
      `Embedded shop's resident memory ≤ ${BUDGET_MB} MB at rest, after a restart and after the burst`,
      beside((r) => r.rest),
      pglite.rest <= BUDGET_MB,
    ),
    budget(
      'No failed answer and every order paid in the memory burst',
      runs
        .map(
          (r) =>
            `${name(r)}: ${r.burst.errors} errors, ${r.burst.ordersPaid} of ${SHOPPERS * ORDERS_EACH} paid`,
        )
        .join('; '),
      runs.every((r) => r.burst.errors === 0 && r.burst.ordersPaid === SHOPPERS * ORDERS_EACH),
    ),
  ];
  return { data: runs, markdown, budgets };
}
