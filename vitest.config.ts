import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One test file per core: vitest's own default leaves one core idle, half the machine on two cores.
    maxWorkers: availableParallelism(),
    projects: [
      {
        // Pure functions: the files can share their workers' modules.
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], isolate: false },
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
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Isolated: web tests mock modules (vi.mock) and keep state in modules and in the DOM.
        extends: './apps/web/vite.config.ts',
        test: { name: 'web', root: './apps/web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
    ],
  },
});
