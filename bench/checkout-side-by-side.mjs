// The checkout section's load, two builds of the shop side by side: `node bench/checkout-side-by-side.mjs
// [rounds] <build> <build>…`, each build as lib/builds.mjs reads it. Each round starts every build in turn,
// the order alternating, on a fresh PostgreSQL database with its mail going to the data folder, and runs
// checkout.mjs's load (warm-up, BENCH_SECONDS of checkouts, the race, the books) against it. Prints every
// round and, per build, the medians and their ratios to the first build: on a machine whose speed moves
// from hour to hour, the ratio says what a change did when the orders a second cannot (docs/decisions/096).
import { checkoutAgainst, mailbox, SHOP_ENV, sound } from './checkout.mjs';
import { mediansByBuild, parseBuilds, ratio, roundOrder } from './lib/builds.mjs';
import { cpuMs, untilIdle } from './lib/cpu.mjs';
import { table } from './lib/markdown.mjs';
import { dropDatabase, freshDatabase } from './lib/postgres.mjs';
import { startShop } from './lib/shop.mjs';

const { rounds, builds } = parseBuilds(process.argv.slice(2), {
  script: 'checkout-side-by-side.mjs',
  defaultRounds: 3,
});
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const DATABASE = 'vitrina_bench_checkout_side_by_side';

/** One build's round: its paid orders a second, each party's CPU ms per order, and whether its books hold. */
async function round(build) {
  const databaseUrl = await freshDatabase(DATABASE);
  const mails = await mailbox('folder');
  try {
    const shop = await startShop({ ...build, databaseUrl, env: { ...SHOP_ENV, ...build.env } });
    mails.attach(shop);
    try {
      await untilIdle(shop.pid);
      const run = await checkoutAgainst(shop.url, { seconds, mails, cpu: () => cpuMs(shop.pid) });
      return {
        perSecond: run.paidOrdersPerSecond,
        ...run.cpuPerOrder,
        sound: sound(run),
      };
    } finally {
      await shop.stop();
    }
  } finally {
    await mails.close();
    await dropDatabase(DATABASE);
  }
}

const rows = new Map(builds.map((b) => [b.name, []]));
for (let r = 0; r < rounds; r++) {
  for (const build of roundOrder(builds, r)) {
    const row = await round(build);
    rows.get(build.name).push(row);
    console.error(JSON.stringify({ round: r, build: build.name, ...row }));
  }
}

const summary = mediansByBuild(builds, rows, {
  perSecond: (x) => x.perSecond,
  shop: (x) => x.shop,
  postgres: (x) => x.postgres,
  machine: (x) => x.machine,
}).map((s) => ({ ...s, sound: rows.get(s.name).every((x) => x.sound) }));
const [first] = summary;
console.log(
  `${rounds} rounds, medians (PostgreSQL, mail folder, ${seconds} s each; ratios to ${first.name})\n\n` +
    table(
      [
        'build',
        'paid orders/s (ratio)',
        'shop CPU ms per order (ratio)',
        'PostgreSQL CPU ms per order (ratio)',
        'machine CPU ms per order (ratio)',
        'books balance, every message delivered',
      ],
      summary.map((s) => [
        s.name,
        `${s.perSecond} (${ratio(s.perSecond, first.perSecond)})`,
        `${s.shop} (${ratio(s.shop, first.shop)})`,
        `${s.postgres} (${ratio(s.postgres, first.postgres)})`,
        `${s.machine} (${ratio(s.machine, first.machine)})`,
        s.sound ? 'yes' : '**no**',
      ]),
    ),
);
