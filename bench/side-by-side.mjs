// Two builds of the shop, side by side: `node bench/side-by-side.mjs [rounds] <build> <build>`, each build
// as lib/builds.mjs reads it. Every build seeds its own embedded shop once; then each
// round restarts every build in turn, the order alternating, and measures it as the memory section does
// (at rest after the restart, the burst, at rest after it, the process's peak), then its speed: pages
// (`/`, `/products/…`) and then API answers (`/api/…`) of the burst's addresses, 10 connections for
// BENCH_SECONDS (default 10) each, as answers a second and the shop's CPU time per answer. On this shared
// two-core machine the CPU per answer moves far less than answers a second. Prints every round and, per
// build, the medians and their ratios to the first build.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { mediansByBuild, parseBuilds, ratio, roundOrder } from './lib/builds.mjs';
import { cpuMs, untilIdle } from './lib/cpu.mjs';
import { load } from './lib/load.mjs';
import { table } from './lib/markdown.mjs';
import { startShop } from './lib/shop.mjs';
import { atRest, burst, burstPaths, memoryOf } from './memory.mjs';

const { rounds, builds } = parseBuilds(process.argv.slice(2), {
  script: 'side-by-side.mjs',
  defaultRounds: 4,
});
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

/** Answers a second and shop CPU ms per answer over `paths`, one run of `seconds`. */
async function speed(shop, paths) {
  const before = cpuMs(shop.pid);
  const result = await load({
    url: shop.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  const answers = result.requests.total;
  return {
    perSecond: Math.round(answers / seconds),
    cpuMsPerAnswer: (cpuMs(shop.pid) - before) / answers,
    errors: result.errors + result.non2xx,
  };
}

const rows = new Map(builds.map((b) => [b.name, []]));
const dataDirs = new Map();
try {
  for (const build of builds) {
    const dataDir = mkdtempSync(join(os.tmpdir(), 'vitrina-side-by-side-'));
    dataDirs.set(build.name, dataDir);
    const first = await startShop({ ...build, dataDir });
    console.error(`${build.name}: first start peak ${memoryOf(first.pid).peak} MB`);
    await first.stop();
  }
  for (let round = 0; round < rounds; round++) {
    for (const build of roundOrder(builds, round)) {
      const shop = await startShop({ ...build, dataDir: dataDirs.get(build.name) });
      try {
        const restart = await atRest(shop.pid);
        // The round's tag names its customers' e-mail addresses, which must stay short.
        const load = await burst(shop.url, shop.pid, seconds, `s${builds.indexOf(build)}r${round}`);
        const afterBurst = await atRest(shop.pid);
        const peak = memoryOf(shop.pid).peak;
        const { paths } = await burstPaths(shop.url);
        await untilIdle(shop.pid);
        const pages = await speed(
          shop,
          paths.filter((path) => !path.startsWith('/api/')),
        );
        const api = await speed(
          shop,
          paths.filter((path) => path.startsWith('/api/')),
        );
        const row = {
          round,
          restart,
          burst: load.highest,
          burstAnswers: load.requests,
          afterBurst,
          peak,
          pages,
          api,
        };
        rows.get(build.name).push(row);
        console.error(JSON.stringify({ build: build.name, ...row }));
      } finally {
        await shop.stop();
      }
    }
  }
} finally {
  for (const dir of dataDirs.values()) rmSync(dir, { recursive: true, force: true });
}

const summary = mediansByBuild(builds, rows, {
  restart: (x) => x.restart,
  burst: (x) => x.burst,
  afterBurst: (x) => x.afterBurst,
  peak: (x) => x.peak,
  pages: (x) => x.pages.perSecond,
  pagesCpu: (x) => x.pages.cpuMsPerAnswer,
  api: (x) => x.api.perSecond,
  apiCpu: (x) => x.api.cpuMsPerAnswer,
}).map((s) => {
  const r = rows.get(s.name);
  return {
    ...s,
    peakRange: `${Math.min(...r.map((x) => x.peak))}–${Math.max(...r.map((x) => x.peak))}`,
    errors: r.reduce((sum, x) => sum + x.pages.errors + x.api.errors, 0),
  };
});
const [first] = summary;
console.log(
  `${rounds} rounds, medians (MB = 2²⁰ bytes; speed: ${CONNECTIONS} connections, ${seconds} s each; ratios to ${first.name})\n\n` +
    table(
      [
        'build',
        'restart: at rest',
        'burst: highest',
        'after the burst',
        'peak (range)',
        'pages/s (ratio)',
        'pages: CPU ms/answer (ratio)',
        'API/s (ratio)',
        'API: CPU ms/answer (ratio)',
        'errors',
      ],
      summary.map((s) => [
        s.name,
        s.restart,
        s.burst,
        s.afterBurst,
        `${s.peak} (${s.peakRange})`,
        `${s.pages} (${ratio(s.pages, first.pages)})`,
        `${s.pagesCpu.toFixed(3)} (${ratio(s.pagesCpu, first.pagesCpu)})`,
        `${s.api} (${ratio(s.api, first.api)})`,
        `${s.apiCpu.toFixed(3)} (${ratio(s.apiCpu, first.apiCpu)})`,
        s.errors,
      ]),
    ),
);
