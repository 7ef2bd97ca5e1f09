import type { Page } from '@playwright/test';
import { axe } from '../support/accessibility';
import { ADMIN } from '../support/accounts';
import { apiAs } from '../support/api';
import { expect, test } from '../support/test';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Buscar productos' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Sugerencias' });

test('suggestions by keyboard: arrow down and Enter open the product; Enter without one goes to the results', async ({
  page,
}) => {
  await page.goto('/');
  const box = searchBox(page);
  await box.click();
  await box.pressSequentially('licua');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const first = suggestions(page).getByRole('option').first();
  await expect(first).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /sugerencias?;/ })).toHaveText(
    /^\d+ sugerencias?;/,
  );
  // The open list passes axe like every page (ARIA combobox, listbox, groups and options).
  const { violations } = await axe(page).include('header').analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  const name = (await first.locator('span').first().textContent()) ?? '';
  expect(name.toLowerCase()).toContain('licua');

  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

  await box.fill('');
  await box.pressSequentially('licuadora');
  await expect(suggestions(page).getByRole('option').first()).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\/todos\?name=licuadora$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados para "licuadora"');

  await box.press('End');
  await box.pressSequentially(' de');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue('licuadora de');
});

test('a search whose only product is sold out says so, and suggestions lead a word being typed to its product', async ({
  page,
}) => {
  // The demo's circular saw is sold out: no listing shows it, and no other product stands in for it.
  await page.goto('/products/todos?name=sierra%20circular');
  await expect(page.getByText('No hay coincidencias')).toBeVisible();
  await expect(
    page.getByText('El producto «Sierra circular de 1200 W» está agotado por ahora.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sierra circular de 1200 W' })).toHaveCount(0);

  // 'pendr' begins 'pendrive', a word no product name has: the suggestion is the USB memory it means.
  const box = searchBox(page);
  await box.fill('');
  await box.pressSequentially('pendr');
  await expect(suggestions(page).getByRole('option', { name: /Memoria USB de 64 GB/ })).toBeVisible();
});

test('a category facet narrows a search to the count it showed', async ({ page }) => {
  await page.goto('/products/todos?name=juego');
  const filters = page.getByRole('region', { name: 'Filtros' });
  // Named by what it shows and what a screen reader adds: 'Juguetes 5 productos', shown 'Juguetes 5'.
  const facet = filters.getByRole('link', { name: / [1-9]\d* productos?$/ }).first();
  await expect(facet).toBeVisible();
  const label = ((await facet.textContent()) ?? '').trim();
  const count = Number(label.match(/ (\d+) productos?$/)?.[1]);

  await facet.click();
  await expect(page).toHaveURL(/\/products\/categoria\/\d+\?name=juego$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados para "juego"');
  // The listing's own count (the facets' counts say the same words to screen readers).
  await expect(
    page.getByRole('paragraph').filter({ hasText: new RegExp(`^${count} productos?$`) }),
  ).toBeVisible();
  await expect(filters.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
});

test('a search with no results offers the correction, which finds products, and the best sellers', async ({
  page,
  request,
}) => {
  const { correccion } = await (await request.get('/api/products/sin-resultados?name=martxllp')).json();
  expect(correccion).toBeTruthy();

  await page.goto('/products/todos?name=martxllp');
  await expect(page.getByText('No hay coincidencias')).toBeVisible();
  await expect(page.getByText(`¿Quisiste decir ${correccion}?`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Lo más vendido' }).getByRole('article')).toHaveCount(4);

  await page.getByRole('link', { name: correccion, exact: true }).click();
  await expect(page).toHaveURL(`/products/todos?name=${encodeURIComponent(correccion)}`);
  await expect(page.getByRole('region', { name: 'Productos' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByText('No hay coincidencias')).toHaveCount(0);
});

test('a synonym the owner creates finds the product for a shopper at once', async ({ page, browser }) => {
  // A word no product has, made up per run so a second run starts from nothing.
  const word = `zorblax${Date.now().toString(36).replace(/\d/g, '')}`;
  const shopper = await browser.newPage();
  await shopper.goto(`/products/todos?name=${word}`);
  await expect(shopper.getByText('No hay coincidencias')).toBeVisible();

  await (await apiAs(page.request)).signIn(ADMIN.email, ADMIN.password);
  await page.goto('/adminHome');
  await page
    .getByRole('navigation', { name: 'Secciones de administración' })
    .getByRole('link', { name: 'Sinónimos' })
    .click();
  await expect(page).toHaveURL('/admin/sinonimos');
  const form = page.getByRole('form', { name: 'Nuevo sinónimo' });
  await form.getByLabel('Términos', { exact: true }).fill(`${word}, taladro`);
  await form.getByRole('radio', { name: /En un solo sentido/ }).check();
  await expect(form.getByText(`buscar ${word} también encuentra taladro`)).toBeVisible();
  await form.getByRole('button', { name: 'Crear sinónimo' }).click();
  await expect(page.getByText('Sinónimo creado')).toBeVisible();
  await page.getByLabel('Buscar un término').fill(word);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByRole('rowheader', { name: `${word} → taladro` })).toBeVisible();

  await shopper.reload();
  const results = shopper.getByRole('region', { name: 'Productos' }).getByRole('article');
  await expect(results.first()).toBeVisible();
  await expect(results.first()).toContainText(/taladro/i);
  await shopper.close();
});
