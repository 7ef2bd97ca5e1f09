import { defineConfig, devices } from '@playwright/test';
import { ADMIN, SUPPORT_EMAIL } from './support/accounts';
import { BROWSER } from './support/browser';

/*
 * The core journeys through Debian's nginx to two instances of the shop on one PostgreSQL and one S3 bucket
 * (multi/stack.mjs): what a deployment with several processes runs. The journeys are the main suite's own
 * tests, picked by title, plus multi/*.spec.ts, which checks that both instances served traffic.
 */
export const MULTI_PORT = Number(process.env.MULTI_PORT ?? 3310);

const JOURNEYS = [
  'a search without accents and with one typo finds the product',
  'category → page 2 → product → back keeps the page',
  'register with an avatar → log in → edit the profile',
  'a customer fills the cart, keeps it across a reload, pays with 4242',
  'a new product appears in its category, its discount in the offers carousel',
  'banning a customer signed in elsewhere ends their session',
];
const literal = (title: string) => title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default defineConfig({
  testDir: '.',
  fullyParallel: true,
  // Two browsers: two instances, nginx, the bucket and PostgreSQL already share the two cores. Two full
  // Chromiums beside them made the upload journeys run past their timeouts; two headless shells take the
  // suite from 29 s to 19 s.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  testMatch: ['specs/*.spec.ts', 'multi/*.spec.ts'],
  grep: [...JOURNEYS.map((title) => new RegExp(literal(title))), /@multi/],
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    channel: undefined,
    baseURL: `http://127.0.0.1:${MULTI_PORT}`,
    locale: 'es-MX',
    // A trace records every step with its screenshots: only for a test's retry, which CI makes.
    trace: 'on-first-retry',
    launchOptions: BROWSER,
  },
  webServer: {
    command: 'node multi/stack.mjs',
    url: `http://127.0.0.1:${MULTI_PORT}/api/health/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    // As in playwright.config.ts: what the specs rely on is set here, not taken from the shell. The
    // launcher adds the database, the bucket, the ports, COOKIE_SECRET and TRUST_PROXY.
    env: {
      MULTI_PORT: String(MULTI_PORT),
      MULTI_INSTANCES: '2',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SUPPORT_EMAIL,
      PAYMENT_PROVIDER: 'sandbox',
      SANDBOX_LATENCY_MS: '0',
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      WEB_DIST: '',
    },
  },
});
