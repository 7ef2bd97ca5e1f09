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
