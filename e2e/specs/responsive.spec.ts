import type { Page } from '@playwright/test';
import { ADMIN, CUSTOMER } from '../support/accounts';
import { apiAs } from '../support/api';
import { expect, test } from '../support/test';

test.use({ viewport: { width: 360, height: 740 } });

test('on a small phone the drawer lists every entry and leads to a category', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  for (const entry of [
    'Ver Todo',
    'Indumentaria',
    'Herramientas',
    'Más recientes',
    'Iniciar sesión',
    'Registrarse',
  ]) {
    await expect(drawer.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  await drawer.getByRole('link', { name: 'Jardinería', exact: true }).click();
  await expect(page).toHaveURL(/\/products\/categoria\/8/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jardinería');
});

test('on a small phone the search suggestions fit the screen and a tap opens one', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Buscar productos' });
  await box.tap();
  await box.pressSequentially('taladro');
  const option = page.getByRole('listbox', { name: 'Sugerencias' }).getByRole('option').first();
  await expect(option).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const name = (await option.locator('span').first().textContent()) ?? '';
  await option.tap();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

for (const path of ['/', '/products/categoria/2', '/about']) {
  test(`${path} fits a 360 px screen without sideways scrolling`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

for (const [who, account, paths] of [
  [
    'an admin',
    ADMIN,
    [
      '/adminHome',
      '/products/admin',
      '/admin/usuarios',
      '/calificaciones',
      '/admin/pedidos',
      '/producto',
      '/admin/ajustes',
      '/admin/ajustes/correos',
      '/admin/sinonimos',
    ],
  ],
  ['a customer', CUSTOMER, ['/carrito', '/historial-de-compra', '/account']],
] as const) {
  test(`the pages of ${who} fit a 360 px screen without sideways scrolling`, async ({ page }) => {
    await (await apiAs(page.request)).signIn(account.email, account.password);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
}

/**
 * What a phone cuts off in the tables of the page: a cell reaching past the screen's edge or clipping its
 * own text, and an order number split over two lines. Tables kept for screen readers only (a chart's data)
 * are not on screen.
 */
async function tableProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      if (table.closest('.visually-hidden')) continue;
      for (const cell of Array.from(table.querySelectorAll('tbody th, tbody td'))) {
        const box = cell.getBoundingClientRect();
        const text = (cell.textContent ?? '').trim().slice(0, 40);
        if (box.width === 0) continue;
        if (box.left < 0 || box.right > window.innerWidth + 0.5)
          problems.push(`«${text}» reaches past the screen`);
        if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`«${text}» is cut off`);
      }
      for (const link of Array.from(table.querySelectorAll('a'))) {
        if (/^V-\d+$/.test(link.textContent ?? '') && link.getClientRects().length > 1) {
          problems.push(`${link.textContent} is split over two lines`);
        }
      }
    }
    return problems;
  });
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every table of the shop shows each cell whole: prices, totals, states and order numbers', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // Ten pages, each loaded and measured.
    test.slow();
    const shopper = await playwright.request.newContext({ baseURL });
    const customer = await apiAs(shopper);
    await customer.signIn(CUSTOMER.email, CUSTOMER.password);
    const { items } = await (await shopper.get('/api/products?pageSize=1')).json();
    const sale = (await customer.buy(items[0].id_producto)) as unknown as { id_venta: number };

    const api = await apiAs(page.request);
    await api.signIn(CUSTOMER.email, CUSTOMER.password);
    const pages: [path: string, table: string][] = [[`/pedido/${sale.id_venta}`, 'Productos del pedido']];
    for (const [path, table] of pages) {
      await page.goto(path);
      await expect(page.getByRole('table', { name: table })).toBeVisible();
      expect(await tableProblems(page), path).toEqual([]);
    }

    await page.context().clearCookies();
    await (await apiAs(page.request)).signIn(ADMIN.email, ADMIN.password);
    for (const [path, table] of [
      ['/admin/pedidos', /^Pedidos: \d+/],
      [`/admin/pedidos/${sale.id_venta}`, 'Productos del pedido'],
      ['/products/admin', /Productos habilitados/],
      ['/admin/usuarios', /Usuarios activos/],
      ['/calificaciones', /Calificaciones/],
      ['/admin/auditoria', /cambios/i],
      ['/admin/ajustes/correos', /^Correos/],
      ['/admin/sinonimos', /^Sinónimos/],
      ['/adminHome', /cambios/i],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('table', { name: table }).first()).toBeVisible();
      expect(await tableProblems(page), path).toEqual([]);
    }
  });
});
