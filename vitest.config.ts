import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { TEST_NODE_FLAGS } from './apps/server/src/test/node-flags.ts';

const WEB_ROOT = './apps/web';
/**
 * Web test files that replace modules (vi.mock) are named *.mocks.test.ts(x) and get modules of their own;
 * the others share their workers' modules and DOM (src/testing/setup.ts empties the DOM and storage before
 * each file), which saves two thirds of the web tests' CPU: loading React, the router and jsdom again for
 * every file. The linter refuses vi.mock in any other test file (biome/module-mocks.grit).
 */
const MOCKS = 'src/**/*.mocks.test.{ts,tsx}';
/**
 * Every project has one limit, 5 minutes, and no file sets a shorter one: side by side with the browser
 * suite on two cores (decision 099), a test's processes can get a quarter of a core, and a 5 s limit failed
 * a pure function's property test and a page's first render in CI. These limits only catch hangs.
 */
const HANG_LIMITS = { testTimeout: 300_000, hookTimeout: 300_000 };

export default defineConfig({
  test: {
    // One test file per core and one more: vitest's own default leaves one core idle, and a worker waiting
    // for a server process it started or for a timer leaves its core idle too (decision 099).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        // The scripts around the code: what npm test checks before it starts, how the bench writes its table.
        test: { name: 'scripts', include: ['scripts/**/*.test.mjs', 'bench/**/*.test.mjs'], ...HANG_LIMITS },
      },
      {
        // Pure functions: the files can share their workers' modules.
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          isolate: false,
          ...HANG_LIMITS,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // Migrates and seeds template databases once; every file copies them (apps/server/src/test).
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // The files share their workers' modules (the application is loaded once per worker, not once
          // per file); each still builds its own app on its own database, and nothing mocks a module.
          isolate: false,
          // Cheaper WebAssembly for PGlite (apps/server/src/test/node-flags.ts).
          execArgv: TEST_NODE_FLAGS,
          ...HANG_LIMITS,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: WEB_ROOT,
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [MOCKS],
          environment: 'jsdom',
          isolate: false,
          ...HANG_LIMITS,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web-mocks', root: WEB_ROOT, include: [MOCKS], environment: 'jsdom', ...HANG_LIMITS },
      },
    ],
  },
});
