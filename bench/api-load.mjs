// API load: the catalog endpoints of the production build under autocannon, next to a bare Fastify
// server sending the shop's own kept catalog answer, byte for byte and header for header, and logging as
// the shop does, in the same run, so results read as ratios on a noisy machine. Each server is a process
// of its own, and autocannon runs in this one. The two sides of every budgeted ratio are measured in
// turns (alternate below).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { signIn } from './lib/browser-session.mjs';
import { load as loadTest } from './lib/load.mjs';
import { budget, table } from './lib/markdown.mjs';
import { dropDatabase, freshDatabase } from './lib/postgres.mjs';
import { freePort, startShop, waitForHealth } from './lib/shop.mjs';

const CONNECTIONS = 50;
const WARM_UP_SECONDS = 3;
/**
 * The bar for the kept catalog answer: 70 % of the requests a second of a bare Fastify sending the same
 * bytes and headers and logging each request the same way; what is left is the shop's own work per answer.
 */
const MIN_RATIO_TO_BARE = 0.7;

/** The default LOG_LEVEL, as `npm start` runs the shop: Fastify logs every request. Both sides log so. */
const LOGGING = { LOG_LEVEL: 'info' };

const TARGETS = [
  ['GET /api/products', '/api/products'],
  ['search "licuadra"', '/api/products?name=licuadra'],
  ['category 3 by price', '/api/products/categoria/3?orden=precio_asc'],
  ['product by id', '/api/products/12'],
  ['GET /api/categorias', '/api/categorias'],
  // A storefront page the server renders (docs/decisions/020), and the JSON its listing is made of.
  ['rendered page: category 3 by price', '/products/categoria/3?orden=precio_asc'],
  ['its JSON: category 3 by price', '/api/products?categoria=3&orden=precio_asc&page=1&pageSize=8'],
  // The same two as a browser asks for them, compressed: the shop keeps each answer's compressed copies
  // (docs/decisions/025), and the page is then a sixth of its 26 KB.
  ['rendered page, as a browser asks', '/products/categoria/3?orden=precio_asc', { browser: true }],
  [
    'its JSON, as a browser asks',
    '/api/products?categoria=3&orden=precio_asc&page=1&pageSize=8',
    { browser: true },
  ],
  ['GET /api/products, as a browser asks', '/api/products', { browser: true }],
  // The session lookup every signed-in request makes (a prepared statement, modules/sessions/sessions.ts).
  ['signed in: GET /api/usuario/me', '/api/usuario/me', { signedIn: true }],
];

/** What every browser sends; autocannon sends nothing, and gets the uncompressed answer. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/** The demo customer the shop seeds (apps/server/src/seed/demo-accounts.ts). */
const DEMO_CUSTOMER = { email: 'cliente@vitrina.local', password: 'Cliente12345' };

/** Issue 15's bar: a rendered page (kept, like the JSON) at half the JSON's throughput or better. */
const MIN_RENDERED_TO_JSON = 0.5;

const CEILING = 'bare Fastify, the same answer (ceiling)';

/** Each rendered page whose throughput against its JSON's is a budget: page, its JSON, how it was asked. */
const RENDERED_PAIRS = [
  ['rendered page: category 3 by price', 'its JSON: category 3 by price', 'uncompressed'],
  ['rendered page, as a browser asks', 'its JSON, as a browser asks', 'as a browser asks'],
];

/** The pairs whose ratio is a budget, measured in alternating rounds (alternate below). */
const ALTERNATED = [[CEILING, 'GET /api/products'], ...RENDERED_PAIRS.map(([page, json]) => [page, json])];
const ROUNDS = 3;

const load = (url, duration, headers) => loadTest({ url, connections: CONNECTIONS, duration, headers });

const row = (name, url, r) => ({
  name,
  path: new URL(url).pathname + new URL(url).search,
  requestsPerSecond: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.non2xx,
});

async function measure({ name, url, headers }, seconds) {
  await load(url, WARM_UP_SECONDS, headers);
  return row(name, url, await load(url, seconds, headers));
}

/**
 * The two sides of a budgeted ratio, in turns: ROUNDS rounds each, alternated, each side reported by its
 * median round. Run alone, the same bare server answered 40,800–53,100 req/s in eight 10 s rounds within
 * two minutes here, so two sides measured a minute apart could miss or pass a budget on the machine's
 * drift alone.
 */
async function alternate(sides, seconds) {
  for (const { url, headers } of sides) await load(url, WARM_UP_SECONDS, headers);
  const rounds = sides.map(() => []);
  const roundSeconds = Math.max(3, Math.round(seconds / 2));
  for (let i = 0; i < ROUNDS; i++) {
    for (const [s, { name, url, headers }] of sides.entries())
      rounds[s].push(row(name, url, await load(url, roundSeconds, headers)));
  }
  return rounds.map((measured) => {
    const sorted = measured.toSorted((a, b) => a.requestsPerSecond - b.requestsPerSecond);
    return {
      ...sorted[Math.floor(ROUNDS / 2)],
      errors: measured.reduce((sum, r) => sum + r.errors, 0),
      rounds: measured.map((r) => r.requestsPerSecond),
    };
  });
}

/** The headers Node's HTTP server writes on every answer itself, for the connection and the date. */
const WRITTEN_BY_NODE = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

/**
 * The shop's answer to `url` as autocannon asks for it (no header but Host): its status, every header the
 * shop set, and its bytes.
 */
function capture(url) {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const set = Object.entries(res.headers).filter(([name]) => !WRITTEN_BY_NODE.has(name));
        resolve({ status: res.statusCode, headers: Object.fromEntries(set), body: Buffer.concat(chunks) });
      });
    }).on('error', reject);
  });
}

/** The kept answer of `url`: asked twice, the first fills the cache, the second is what it keeps. */
async function keptAnswer(url) {
  const [first, kept] = [await capture(url), await capture(url)];
  if (kept.status !== 200 || !kept.body.equals(first.body))
    throw new Error(`${url} answered ${first.status} then ${kept.status}, not the same 200 twice`);
  return kept;
}

/** The ceiling (bench/lib/bare-server.mjs) in its own process, sending `answer`. */
async function startBare(answer) {
  const url = `http://127.0.0.1:${await freePort()}/`;
  const dir = mkdtempSync(join(os.tmpdir(), 'vitrina-bench-bare-'));
  const answerFile = join(dir, 'answer.json');
  writeFileSync(
    answerFile,
    JSON.stringify({ headers: answer.headers, body: answer.body.toString('base64') }),
  );
  const child = spawn(
    process.execPath,
    [new URL('./lib/bare-server.mjs', import.meta.url).pathname, new URL(url).port, answerFile],
    { env: { ...process.env, ...LOGGING }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = once(child, 'exit');
  await waitForHealth(url);
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every target on the given database (PGlite when no URL), and the bare ceiling. */
export async function apiLoad({ databaseUrl, seconds }) {
  const shop = await startShop({ databaseUrl, env: LOGGING });
  let bare;
  try {
    bare = await startBare(await keptAnswer(`${shop.url}/api/products`));
    const cookie = (await signIn(shop.url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).cookieHeader();
    const requests = [
      { name: CEILING, url: bare.url, headers: {} },
      ...TARGETS.map(([name, path, { signedIn = false, browser = false } = {}]) => ({
        name,
        url: shop.url + path,
        headers: { ...(signedIn ? { cookie } : {}), ...(browser ? BROWSER_HEADERS : {}) },
      })),
    ];
    const byName = new Map();
    for (const pair of ALTERNATED) {
      const sides = pair.map((name) => requests.find((r) => r.name === name));
      for (const measured of await alternate(sides, seconds)) byName.set(measured.name, measured);
    }
    for (const request of requests)
      if (!byName.has(request.name)) byName.set(request.name, await measure(request, seconds));
    const ceiling = byName.get(CEILING).requestsPerSecond;
    const rows = requests.map(({ name }) => {
      const measured = byName.get(name);
      return { ...measured, ratioToBare: Number((measured.requestsPerSecond / ceiling).toFixed(3)) };
    });
    return { database: databaseUrl ? 'postgres' : 'pglite', connections: CONNECTIONS, seconds, rows };
  } finally {
    await shop.stop();
    await bare?.stop();
  }
}

/** Section of `npm run bench`: the same targets on PGlite and on PostgreSQL. */
export async function run({ seconds }) {
  const runs = [await apiLoad({ seconds })];
  const url = await freshDatabase('vitrina_bench_api');
  try {
    runs.push(await apiLoad({ databaseUrl: url, seconds }));
  } finally {
    await dropDatabase('vitrina_bench_api');
  }
  const markdown = runs
    .map(
      (r) =>
        `**${r.database === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}**, ${r.connections} connections, ${r.seconds} s each after a ${WARM_UP_SECONDS} s warm-up; the sides of a budgeted ratio in ${ROUNDS} alternating rounds of half that, by their median round\n\n` +
        table(
          ['target', 'req/s', 'rounds', 'p50 ms', 'p99 ms', 'ratio to bare', 'errors'],
          r.rows.map((x) => [
            x.name,
            x.requestsPerSecond,
            x.rounds?.join(' · ') ?? '—',
            x.p50,
            x.p99,
            x.ratioToBare.toFixed(3),
            x.errors,
          ]),
        ),
    )
    .join('\n\n');
  const budgets = runs.flatMap((r) => {
    const products = r.rows.find((x) => x.name === 'GET /api/products');
    const renderedRatio = (page, its, asked) => {
      const rendered = r.rows.find((x) => x.name === page);
      const json = r.rows.find((x) => x.name === its);
      return budget(
        `rendered category page ≥ ${MIN_RENDERED_TO_JSON * 100} % of its JSON's req/s, ${asked} (${r.database})`,
        `${(rendered.requestsPerSecond / json.requestsPerSecond).toFixed(3)}`,
        rendered.requestsPerSecond >= MIN_RENDERED_TO_JSON * json.requestsPerSecond && rendered.errors === 0,
      );
    };
    return [
      budget(
        `GET /api/products ≥ ${MIN_RATIO_TO_BARE * 100} % of bare Fastify sending the same answer, logging alike, in its own process (${r.database})`,
        `${(products.ratioToBare * 100).toFixed(1)} %`,
        products.ratioToBare >= MIN_RATIO_TO_BARE,
      ),
      budget(`GET /api/products p99 < 50 ms (${r.database})`, `${products.p99} ms`, products.p99 < 50),
      ...RENDERED_PAIRS.map(([page, its, asked]) => renderedRatio(page, its, asked)),
    ];
  });
  return { data: runs, markdown, budgets };
}
