// Behind nginx: the catalog under autocannon through Debian's nginx to two instances of the production build
// on one PostgreSQL and one S3 bucket (e2e/multi/stack.mjs), next to one instance behind the same nginx
// configuration, in the same run. Each stack has its own processes and database.
import autocannon from 'autocannon';
import { startStack } from '../e2e/multi/stack.mjs';
import { budget, table } from './lib/markdown.mjs';

const CONNECTIONS = 50;
const WARM_UP_SECONDS = 3;
/** Two instances may not be slower than one; 5 % is the noise of a shared machine between two runs. */
const MIN_RATIO = 0.95;

const TARGETS = [
  ['GET /api/products', '/api/products'],
  ['search "licuadra"', '/api/products?name=licuadra'],
  ['category 3 by price', '/api/products/categoria/3?orden=precio_asc'],
];

const load = (url, duration) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );

async function measure(url, seconds) {
  await load(url, WARM_UP_SECONDS);
  const r = await load(url, seconds);
  return {
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

/** The better of two results: a shared machine only ever makes a run slower. */
const best = (a, b) =>
  b.requestsPerSecond > a.requestsPerSecond
    ? { ...b, errors: a.errors + b.errors }
    : { ...a, errors: a.errors + b.errors };

/** Section of `npm run bench`: one instance, then two, behind nginx; the ratio of their throughputs. */
export async function run({ seconds }) {
  // Both stacks stay up (the idle one costs nothing) and take turns, one, two, one, two, on every target;
  // each side keeps its better round, so a burst of other work on the machine does not decide the ratio.
  const single = await startStack({ port: 3350, instances: 1, metrics: false, env: { LOG_LEVEL: 'warn' } });
  const rows = [];
  try {
    const double = await startStack({ port: 3370, instances: 2, metrics: false, env: { LOG_LEVEL: 'warn' } });
    try {
      for (const [name, path] of TARGETS) {
        let one = await measure(single.url + path, seconds);
        let two = await measure(double.url + path, seconds);
        one = best(one, await measure(single.url + path, seconds));
        two = best(two, await measure(double.url + path, seconds));
        rows.push({
          name,
          one,
          two,
          ratio: Number((two.requestsPerSecond / one.requestsPerSecond).toFixed(3)),
        });
      }
    } finally {
      await double.stop();
    }
  } finally {
    await single.stop();
  }
  const markdown =
    `nginx (round robin, keepalive) → PostgreSQL, ${CONNECTIONS} connections, ${seconds} s each after a ${WARM_UP_SECONDS} s warm-up\n\n` +
    table(
      ['target', '1 instance req/s', 'p99 ms', '2 instances req/s', 'p99 ms', 'ratio 2 / 1', 'errors'],
      rows.map((r) => [
        r.name,
        r.one.requestsPerSecond,
        r.one.p99,
        r.two.requestsPerSecond,
        r.two.p99,
        r.ratio.toFixed(3),
        r.one.errors + r.two.errors,
      ]),
    );
  const budgets = [
    budget(
      `behind nginx, two instances ≥ ${MIN_RATIO * 100} % of one (GET /api/products)`,
      `${(rows[0].ratio * 100).toFixed(1)} %`,
      rows[0].ratio >= MIN_RATIO,
    ),
  ];
  return { data: { connections: CONNECTIONS, seconds, rows }, markdown, budgets };
}
