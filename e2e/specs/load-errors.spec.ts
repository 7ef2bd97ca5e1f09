import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

/*
 * A list or a page that cannot be loaded says so in plain Spanish, never with the server's own text, and
 * 'Reintentar' asks again. page.route makes the API call fail until the test lets it through.
 *
 * The storefront's first page arrives rendered by the server with its data, so the failures are met where
 * the browser asks the API: on the way to the page from another one. The tests start on the login page,
 * which the browser renders itself, so the app is running when they follow a link.
 */

/** Fails the API calls matching `url` with a 500 and a raw server message until the returned switch is called. */
async function failUntilFixed(page: Page, url: RegExp) {
  let failing = true;
  await page.route(url, (route) =>
    failing
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            error: 'Internal Server Error',
            message: 'Connection terminated unexpectedly',
          }),
        })
      : route.fallback(),
  );
  return () => {
    failing = false;
  };
}

/**
 * The app retries a server error twice by itself (after 1 s, then 2 s) before it says so: the page's clock
 * skips those waits a second at a time until `text` shows.
 */
async function expectGivenUp(page: Page, text: string) {
  await expect(async () => {
    await page.clock.fastForward(1000);
    await expect(page.getByText(text)).toBeVisible({ timeout: 250 });
  }).toPass({ timeout: 15_000 });
}

// The page's clock (page.clock) is installed before each page loads; it runs freely unless a test moves it.
test.beforeEach(({ page }) => page.clock.install());

test('a listing that fails to load says so kindly and Reintentar brings the products', async ({ page }) => {
  const fix = await failUntilFixed(page, /\/api\/products\?/);
  await page.goto('/login');
  await page
    .getByRole('navigation', { name: 'Navegación por categorías' })
    .getByRole('link', { name: 'Informatica' })
    .click();
  await expectGivenUp(page, 'No pudimos cargar los productos');
  await expect(page.getByRole('alert').filter({ hasText: 'Inténtalo de nuevo' })).toBeVisible();
  await expect(page.getByText('Connection terminated unexpectedly')).toHaveCount(0);

  fix();
  await page.getByRole('button', { name: 'Reintentar' }).click();
  const results = page.getByRole('region', { name: 'Productos' });
  await expect(results.getByRole('link').first()).toBeVisible();
  await expect(page.getByText('No pudimos cargar los productos')).toHaveCount(0);
});

test('the offers of the home page come back with Reintentar', async ({ page }) => {
  const fix = await failUntilFixed(page, /\/api\/products\/filter\/descuento\/true/);
  await page.goto('/login');
  await page.getByRole('banner').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/$/);
  await expectGivenUp(page, 'No pudimos cargar las ofertas');
  // The rest of the page is still there.
  await expect(page.getByRole('region', { name: 'Explora por categoría' })).toBeVisible();

  fix();
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(
    page.getByRole('region', { name: 'Ofertas destacadas' }).getByRole('group').first(),
  ).toBeVisible();
});
