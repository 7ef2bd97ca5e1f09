// Behind nginx: the catalog under autocannon through Debian's nginx to two instances of the production build
// on one PostgreSQL and one S3 bucket (e2e/multi/stack.mjs), next to one instance behind the same nginx
// configuration, in the same run. Each stack has its own processes and database.
import { startStack } from '../e2e/multi/stack.mjs';
import { CUSTOMERS, checkoutAgainst, kinds, mailbox, SCARCE_STOCK, SHOP_ENV, sound } from './checkout.mjs';
import { load as loadTest } from './lib/load.mjs';
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

const load = (url, duration) => loadTest({ url, connections: CONNECTIONS, duration });

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

/** The round with more paid orders per second. */
const fastest = (rounds) => rounds.reduce((a, b) => (b.paidOrdersPerSecond > a.paidOrdersPerSecond ? b : a));

/** Section of `npm run bench`: one instance, then two, behind nginx; the ratio of their throughputs. */
export async function run({ seconds }) {
  // Both stacks stay up (the idle one costs nothing) and take turns, one, two, one, two, on every target;
  // each side keeps its better round, so a burst of other work on the machine does not decide the ratio.
  // Each stack's mail goes to an SMTP server of its own, which every instance of it sends to.
  const mails = { one: await mailbox('smtp'), two: await mailbox('smtp') };
  const stackEnv = (m) => ({ LOG_LEVEL: 'warn', ...SHOP_ENV, ...m.env });
  const single = await startStack({ port: 3350, instances: 1, metrics: false, env: stackEnv(mails.one) });
  const rows = [];
  let checkout;
  try {
    const double = await startStack({ port: 3370, instances: 2, metrics: false, env: stackEnv(mails.two) });
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
      // Checkout takes turns the same way; each round registers customers of its own and balances its own
      // books, and every round must balance, not only the faster one.
      const rounds = { one: [], two: [] };
      for (const round of [0, 1]) {
        rounds.one.push(await checkoutAgainst(single.url, { seconds, mails: mails.one, round }));
        rounds.two.push(await checkoutAgainst(double.url, { seconds, mails: mails.two, round }));
      }
      checkout = { one: fastest(rounds.one), two: fastest(rounds.two), rounds };
    } finally {
      await double.stop();
    }
  } finally {
    await single.stop();
    await mails.one.close();
    await mails.two.close();
  }
  const checkoutRatio = checkout.two.paidOrdersPerSecond / checkout.one.paidOrdersPerSecond;
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
    ) +
    `\n\nCheckout through the same nginx: ${CUSTOMERS} signed-in customers paying two-product carts for ${seconds} s ` +
    `after a warm-up, then racing for ${SCARCE_STOCK} units (bench/checkout.mjs), the books read back through the admin API; ` +
    'two rounds each, taking turns, each with new customers; the faster round of each is shown, the books of both must balance.\n\n' +
    table(
      [
        'instances',
        'paid orders/s',
        'p50 ms',
        'p99 ms',
        'failures',
        'oversold units',
        'books balance',
        'mail delivered',
      ],
      [
        ['1', checkout.one],
        ['2', checkout.two],
      ].map(([n, r]) => [
        n,
        r.paidOrdersPerSecond,
        r.p50,
        r.p99,
        kinds(r.failures),
        r.oversoldUnits,
        r.booksBalance ? 'yes' : '**no**',
        `${r.mailDelivered} of ${r.mailExpected}`,
      ]),
    ) +
    `\n\nratio 2 / 1: ${checkoutRatio.toFixed(3)}`;
  const budgets = [
    budget(
      `behind nginx, two instances ≥ ${MIN_RATIO * 100} % of one (GET /api/products)`,
      `${(rows[0].ratio * 100).toFixed(1)} %`,
      rows[0].ratio >= MIN_RATIO,
    ),
    budget(
      `behind nginx, two instances ≥ ${MIN_RATIO * 100} % of one (checkout)`,
      `${(checkoutRatio * 100).toFixed(1)} %`,
      checkoutRatio >= MIN_RATIO,
    ),
    budget(
      'behind nginx, checkout: nothing oversold, books balance, every message once (one and two instances)',
      `${checkout.rounds.one.every(sound) ? 'yes' : 'no'} / ${checkout.rounds.two.every(sound) ? 'yes' : 'no'}`,
      checkout.rounds.one.every(sound) && checkout.rounds.two.every(sound),
    ),
  ];
  return { data: { connections: CONNECTIONS, seconds, rows, checkout }, markdown, budgets };
}
