import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { ADMIN, SUPPORT_EMAIL } from './support/accounts';
import { BROWSER } from './support/browser';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = join(tmpdir(), `vitrina-e2e-${PORT}`);
const SHOP_URL = `http://127.0.0.1:${PORT}`;
const MULTI_PORT = Number(process.env.MULTI_PORT ?? 3310);

// Every run starts the real server on a fresh data directory (new embedded database, fresh seed).
if (process.env.TEST_WORKER_INDEX === undefined) rmSync(DATA_DIR, { recursive: true, force: true });

/*
 * The core journeys also run through Debian's nginx to two instances of the shop on one PostgreSQL and
 * one S3 bucket (multi/stack.mjs), what a deployment with several processes runs: the main suite's own
 * tests, picked by title, plus multi/*.spec.ts, which checks that both instances served traffic.
 */
const JOURNEYS = [
  'a search without accents and with one typo finds the product',
  'category → page 2 → product → back keeps the page',
  'register with an avatar → log in → edit the profile',
  'a customer fills the cart, keeps it across a reload, pays with 4242',
  'a new product appears in its category, its discount in the offers carousel',
  'banning a customer signed in elsewhere ends their session',
];
const literal = (title: string) => title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const DESKTOP = { ...devices['Desktop Chrome'], channel: undefined };
/** The ways of paying later, one serial file whose deadline walk waits a minute for the shop to cancel. */
const PAY_LATER = /pay-later\.spec\.ts/;
/** The two walks that change the shop's shipping zones, which must not overlap. */
const PROMOTIONS = /promotions\.spec\.ts/;
const SHIPPING = /shipping\.spec\.ts/;

/** What the specs rely on, set here rather than taken from the shell, for both servers. */
const SHOP_ENV = {
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  // The accounts the specs sign in with (support/accounts.ts), on a freshly seeded demo shop.
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  SUPPORT_EMAIL,
  // Sandbox cards and the local sign-in issuer, the web app this repository built.
  PAYMENT_PROVIDER: 'sandbox',
  SANDBOX_LATENCY_MS: '0',
  GOOGLE_CLIENT_ID: '',
  GOOGLE_CLIENT_SECRET: '',
  WEB_DIST: '',
};

export default defineConfig({
  fullyParallel: true,
  // Three browsers on two cores, in CI as locally: a test spends part of its time waiting for the server or
  // for the network to go quiet, and the timed notices run on the page's clock (notices.spec.ts), so a busy
  // machine does not move their bounds. Three finish the main suite sooner than two (docs/decisions/021).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Hang limits, not speed bounds (the pages' speed is measured in bench/): on a slow machine, side by side
  // with the unit suite (decision 099), the longer walks take twice their usual time, and CI once waited
  // more than 10 s for a page's first answer in a retry at the suite's busiest.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  use: {
    locale: 'es-MX',
    // A trace records every step with its screenshots: only for a test's retry, which CI makes.
    trace: 'on-first-retry',
    launchOptions: BROWSER,
  },
  // Playwright hands out tests in the order of this list. The walks that spend most of their time waiting
  // (the two-instances project's abandoned-cart reminders, the paying-later file's deadlines, the promotions
  // and shipping pair) go first, so they wait while the rest of the suite runs instead of making its tail.
  projects: [
    {
      name: 'two-instances',
      testDir: '.',
      testMatch: ['specs/*.spec.ts', 'multi/*.spec.ts'],
      grep: [...JOURNEYS.map((title) => new RegExp(literal(title))), /@multi/],
      use: { ...DESKTOP, baseURL: `http://127.0.0.1:${MULTI_PORT}` },
    },
    {
      name: 'desktop: pay later',
      testDir: './specs',
      testMatch: PAY_LATER,
      use: { ...DESKTOP, baseURL: SHOP_URL },
    },
    // The shipping walk saves and restores the whole shipping settings, and the promotions walk adds a zone
    // of its own while it runs: run at once, the restore could take the zone away mid-walk. One worker
    // takes them one after the other, beside the rest of the suite (a project that depended on the other
    // would wait for the whole suite, and then run alone at its end).
    {
      name: 'desktop: shipping zones',
      testDir: './specs',
      testMatch: [PROMOTIONS, SHIPPING],
      workers: 1,
      use: { ...DESKTOP, baseURL: SHOP_URL },
    },
    {
      name: 'desktop',
      testDir: './specs',
      testIgnore: [/responsive\.spec\.ts/, PAY_LATER, PROMOTIONS, SHIPPING],
      use: { ...DESKTOP, baseURL: SHOP_URL },
    },
    {
      name: 'mobile',
      testDir: './specs',
      testMatch: /responsive\.spec\.ts/,
      use: { ...devices['Pixel 7'], channel: undefined, baseURL: SHOP_URL },
    },
  ],
  // Playwright passes its own environment on to the servers; everything the specs rely on is set here, so
  // variables exported in the shell (a deployment's .env: ADMIN_EMAIL, SEED_ON_START, Stripe or Google
  // keys…) do not change the shop under test.
  webServer: [
    {
      command: 'node --enable-source-maps ../apps/server/dist/main.js',
      url: `${SHOP_URL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...SHOP_ENV,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        // The shop's own address: Google sign-in's callback must come back to the origin the browser uses.
        PUBLIC_URL: SHOP_URL,
        DATABASE_URL: '',
        SEED_ON_START: 'true',
        TRUST_PROXY: 'false',
      },
    },
    {
      // The launcher adds the database, the bucket, the ports, COOKIE_SECRET and TRUST_PROXY.
      command: 'node multi/stack.mjs',
      url: `http://127.0.0.1:${MULTI_PORT}/api/health/ready`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      env: {
        ...SHOP_ENV,
        MULTI_PORT: String(MULTI_PORT),
        MULTI_INSTANCES: '2',
        // A cart is abandoned after seconds, not hours (multi/abandoned-carts.spec.ts waits for its reminder),
        // which the shop accepts only under NODE_ENV=test; each instance looks every tenth of that. No other
        // spec of this project counts the e-mails sent about its carts.
        ABANDONED_CART_HOURS: '0.004',
      },
    },
  ],
});
