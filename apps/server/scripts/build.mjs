import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

// Dependencies stay in node_modules; only our own code (including @vitrina/shared's TypeScript) is bundled.
const { dependencies } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(dependencies)
  .filter((name) => !name.startsWith('@vitrina/'))
  .flatMap((name) => [name, `${name}/*`]);

// An optional path to write to: the server's tests build their own copy once per run. It must sit one
// folder below apps/server, like dist/main.js, for the paths of src/paths.ts to hold.
const outfile = process.argv[2] ?? new URL('../dist/main.js', import.meta.url).pathname;

await build({
  entryPoints: [new URL('../src/main.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
