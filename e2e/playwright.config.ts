import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { ADMIN, SUPPORT_EMAIL } from './support/accounts';
import { BROWSER } from './support/browser';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = join(tmpdir(), `vitrina-e2e-${PORT}`);

// Every run starts the real server on a fresh data directory (new embedded database, fresh seed).
if (process.env.TEST_WORKER_INDEX === undefined) rmSync(DATA_DIR, { recursive: true, force: true });

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  // Three browsers on two cores, in CI as locally: a test spends part of its time waiting for the server or
  // for the network to go quiet, and the timed notices run on the page's clock (notices.spec.ts), so a busy
  // machine does not move their bounds. With two the suite took 1.9 minutes, with three 1.7.
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'es-MX',
    // A trace records every step with its screenshots: only for a test's retry, which CI makes.
    trace: 'on-first-retry',
    launchOptions: BROWSER,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: /responsive\.spec\.ts/,
    },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, testMatch: /responsive\.spec\.ts/ },
  ],
  webServer: {
    command: 'node --enable-source-maps ../apps/server/dist/main.js',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // Playwright passes its own environment on to the server; everything the specs rely on is set here,
    // so variables exported in the shell (a deployment's .env: ADMIN_EMAIL, SEED_ON_START, Stripe or
    // Google keys…) do not change the shop under test.
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      LOG_LEVEL: 'warn',
      // The shop's own address: Google sign-in's callback must come back to the origin the browser uses.
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      NODE_ENV: 'test',
      DATABASE_URL: '',
      // The accounts the specs sign in with (support/accounts.ts), on a freshly seeded demo shop.
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SUPPORT_EMAIL,
      SEED_ON_START: 'true',
      // Sandbox cards and the local sign-in issuer, the web app this repository built.
      PAYMENT_PROVIDER: 'sandbox',
      SANDBOX_LATENCY_MS: '0',
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      WEB_DIST: '',
      TRUST_PROXY: 'false',
    },
  },
});
