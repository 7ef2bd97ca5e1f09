import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

// Dependencies stay in node_modules; only our own code (including @vitrina/shared's TypeScript) is bundled.
const { dependencies } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(dependencies)
  .filter((name) => !name.startsWith('@vitrina/'))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: [new URL('../src/main.ts', import.meta.url).pathname],
  outfile: new URL('../dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
