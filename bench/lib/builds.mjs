// The arguments of the side-by-side comparisons: `[rounds] <build> <build>…`, each build a bundle
// (`apps/server/dist/main-base.js`, made by `node apps/server/scripts/build.mjs -base` from the commit to
// compare with) or a JSON object { "name", "server", "nodeOptions": [...], "startEnv": {...}, "env": {...} }
// (npm start's options and environment unless given).
import { resolve } from 'node:path';

/** The rounds (default `defaultRounds`) and builds of `args`; exits with usage when fewer than two builds. */
export function parseBuilds(args, { script, defaultRounds }) {
  const rest = [...args];
  const rounds = /^\d+$/.test(rest[0] ?? '') ? Number(rest.shift()) : defaultRounds;
  if (rest.length < 2) {
    console.error(`usage: node bench/${script} [rounds] <bundle or JSON build> <bundle or JSON build>…`);
    process.exit(2);
  }
  const builds = rest.map((arg, i) => {
    const build = arg.startsWith('{') ? JSON.parse(arg) : { server: arg };
    return { name: build.name ?? `build ${i + 1}`, ...build, server: resolve(build.server) };
  });
  return { rounds, builds };
}

/** Each round runs the builds in turn, the order alternating, so neither always follows the other. */
export const roundOrder = (builds, round) => (round % 2 ? [...builds].reverse() : builds);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  // Between two readings of a tenth of a ms, a mean to the hundredth, not 6.550000000000001.
  return sorted.length % 2 ? sorted[mid] : Math.round(((sorted[mid - 1] + sorted[mid]) / 2) * 100) / 100;
};

/**
 * Per build, in the order given: its name and, for each of `picks` (a field's name → how to read it off a
 * round), the median over `rows.get(name)`, its rounds.
 */
export const mediansByBuild = (builds, rows, picks) =>
  builds.map(({ name }) => ({
    name,
    ...Object.fromEntries(
      Object.entries(picks).map(([field, pick]) => [field, median(rows.get(name).map(pick))]),
    ),
  }));

/** `a` against the first build's `b`, to three decimals. */
export const ratio = (a, b) => (a / b).toFixed(3);
