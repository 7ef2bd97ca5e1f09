import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

// Dependencies stay in node_modules; only our own code (including @vitrina/shared's TypeScript) is bundled.
const { dependencies } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(dependencies)
  .filter((name) => !name.startsWith('@vitrina/'))
  .flatMap((name) => [name, `${name}/*`]);

/*
 * The shop (`npm start`) and its two commands (`npm run seed`, `npm run backup` and `restore`), each one
 * self-contained file in dist/, which must sit one folder below apps/server for the paths of src/paths.ts
 * to hold. An optional suffix for the names: the server's tests build their own copies once per run
 * (dist/main-test-….js).
 */
const suffix = process.argv[2] ?? '';
const entries = { main: 'main.ts', seed: 'seed/run.ts', backup: 'backup/run.ts' };

await build({
  entryPoints: Object.entries(entries).map(([name, source]) => ({
    in: new URL(`../src/${source}`, import.meta.url).pathname,
    out: `${name}${suffix}`,
  })),
  outdir: new URL('../dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces name file:line from the mappings alone; the sources' text would only make the map (read
  // and decoded by every process under --enable-source-maps) several MB larger (decision 096).
  sourcesContent: false,
  external,
  logLevel: 'warning',
});
