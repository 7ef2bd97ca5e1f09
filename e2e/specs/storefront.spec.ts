import type { Page } from '@playwright/test';
import { CATEGORIES } from '@vitrina/shared';
import { guestCheckoutOff } from '../support/api';
import { expect, test } from '../support/test';

const productNames = (page: Page) =>
  page.getByRole('region', { name: 'Productos' }).getByRole('article').getByRole('link').allTextContents();

test('home shows the offers carousel with percent off and the 11 categories in order', async ({ page }) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Ofertas destacadas' });
  await expect(carousel).toBeVisible();
  const slides = carousel.locator('[aria-roledescription="diapositiva"]');
  await expect(slides.first()).toBeVisible();
  await expect(slides.nth(3)).toBeAttached();
  await expect(slides.first()).toContainText(/-\d+%/);
  await expect(slides.first()).toContainText('$');

  const categories = page
    .getByRole('region', { name: 'Explora por categoría' })
    .locator('a[href^="/products/categoria/"]');
  await expect(categories).toHaveCount(11);
  const names = await categories.evaluateAll((links) =>
    links.map((a) => a.querySelector(':scope > span:last-child')?.textContent?.trim()),
  );
  expect(names).toEqual(CATEGORIES.map((c) => c.nombre));
  await expect(categories.first()).toHaveAttribute('href', '/products/categoria/1');
});

test('category → page 2 → product → back keeps the page, and the product leads back to its category', async ({
  page,
}) => {
  await page.goto('/products/categoria/3');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Informatica');
  await expect(page.getByRole('region', { name: 'Productos' }).getByRole('article')).toHaveCount(8);
  const firstPage = await productNames(page);

  await page.getByRole('link', { name: 'Página 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  // Page 2's cards, once they are there: while they load, the list shows "Cargando productos…" and no card.
  await expect
    .poll(async () => {
      const names = await productNames(page);
      return names.length > 0 && !names.some((name) => firstPage.includes(name));
    })
    .toBe(true);
  const secondPage = await productNames(page);

  const chosen = secondPage[0] as string;
  await page.getByRole('link', { name: chosen, exact: true }).click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen);

  await page.goBack();
  await expect(page).toHaveURL(/\/products\/categoria\/3\?.*page=2/);
  await expect.poll(() => productNames(page)).toEqual(secondPage);

  await page.getByRole('link', { name: chosen, exact: true }).click();
  await page.getByRole('link', { name: /Volver a Informatica/ }).click();
  await expect(page).toHaveURL(/\/products\/categoria\/3$/);
});

test('a search without accents and with one typo finds the product', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('combobox', { name: 'Buscar productos' });
  await search.fill('licuadra');
  await search.press('Enter');
  await expect(page).toHaveURL(/name=licuadra/);
  await expect(page.getByRole('link', { name: 'Licuadora de vaso de vidrio' })).toBeVisible();

  await search.fill('jardineria');
  await search.press('Enter');
  await expect(page.getByRole('link', { name: 'Kit de jardinería para principiantes' })).toBeVisible();
});

test('a search with no results says so', async ({ page }) => {
  await page.goto('/products/todos?name=zzzzqqqq');
  await expect(page.getByText('No hay coincidencias')).toBeVisible();
});

test('the listing order lives in the URL and orders by the price paid', async ({ page }) => {
  await page.goto('/products/todos?orden=precio_asc');
  const prices = async () => {
    const texts = await page
      .getByRole('region', { name: 'Productos' })
      .getByRole('article')
      .evaluateAll((cards) =>
        cards.map((card) => {
          // The price paid is the lowest amount on the card (the struck regular price is higher).
          const amounts = (card.textContent?.match(/\$[\d,]+\.\d{2}/g) ?? []).map((a) =>
            Number(a.replace(/[$,]/g, '')),
          );
          return Math.min(...amounts);
        }),
      );
    return texts;
  };
  await expect(page.getByRole('region', { name: 'Productos' }).getByRole('article')).toHaveCount(8);
  const shown = await prices();
  expect(shown).toEqual([...shown].sort((a, b) => a - b));
});

test('the product page shows stock, prices, opinions, and asks a visitor to sign in to buy', async ({
  page,
  request,
}) => {
  // SPEC's notice belongs to a shop with guest checkout switched off (decision 085). This browser hears it
  // is off; switching the one shop every spec shares would race the guest's purchase running alongside.
  await guestCheckoutOff(page);
  const { items } = await (await request.get('/api/products/categoria/1?pageSize=1')).json();
  const rated = items[0];
  await page.goto(`/products/${rated.id_producto}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(rated.nombre);
  await expect(page.getByText('Disponible', { exact: true })).toBeVisible();
  await expect(page.getByText('Lucía H.')).toBeVisible();
  await expect(page.getByLabel(/de 5 estrellas/).first()).toBeVisible();

  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(page.getByText('Debe de iniciar sesion para comprar')).toBeVisible();

  const { items: all } = await (await request.get('/api/products?pageSize=48')).json();
  const unrated = all.find((p: { calificaciones_total: number }) => p.calificaciones_total === 0);
  await page.goto(`/products/${unrated.id_producto}`);
  await expect(page.getByText('Este producto no tiene opiniones aun')).toBeVisible();
});

test('an unknown URL shows the error page with a way home', async ({ page }) => {
  const response = await page.goto('/esto-no-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: 'Ofertas destacadas' })).toBeVisible();
});

test('the about page presents the shop and four web developers', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Desarrollador web')).toHaveCount(4);
});
