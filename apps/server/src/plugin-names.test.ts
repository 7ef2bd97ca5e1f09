import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

/*
 * Loading the server's modules formats no stack trace. fastify-plugin names a plugin given an anonymous
 * function from a stack trace it makes (`new Error().stack`), and under `npm start`'s
 * `--enable-source-maps` the first stack trace a process formats makes Node decode the whole bundle's
 * source map, which the process then keeps: 10–15 MB of the embedded shop's memory
 * (docs/decisions/096-embedded-memory-below-budget.md). So every `fp(…)` is given a named function.
 *
 * A process of its own, because the server's test files share their workers' modules (vitest.config.ts):
 * app.ts is loaded there once, before this file could watch. Before the names, this listed six stack traces,
 * one per plugin of src/plugins.
 */
const LOAD_APP = `
const formatted = [];
Error.prepareStackTrace = (err, frames) => {
  // Only stack traces made while the server's code runs (tsx makes its own while it starts).
  if (frames.some((frame) => frame.getFileName()?.includes('/apps/server/src/')))
    formatted.push(\`\${err?.message} at \${frames.slice(0, 3).map(String).join(' < ')}\`);
  return String(err);
};
await import(new URL('./app.ts', process.argv[1]).href);
console.log(JSON.stringify(formatted));
`;

it('loads the app and its plugins without formatting a stack trace', async () => {
  const here = new URL('./', import.meta.url).href;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', LOAD_APP, here],
    { cwd: new URL('../', import.meta.url).pathname },
  );
  expect(JSON.parse(stdout)).toEqual([]);
});
