import type { Browser } from '@playwright/test';
import { expectNoSevereViolations } from '../support/accessibility';
import { ADMIN } from '../support/accounts';
import { apiAs, uniqueEmail } from '../support/api';
import { expect, test } from '../support/test';

/*
 * Abandoned carts (docs/decisions/081, 092): the shopper's switch for the reminder on the profile page, and
 * the owner's page of abandoned carts reached from the admin menu.
 */

/** A browser session of its own (cookies), signed in through the API like the other specs. */
async function session(browser: Browser, email: string, password: string, register = false) {
  const page = await (await browser.newContext()).newPage();
  const api = await apiAs(page.request);
  if (register) await api.register(email, password);
  await api.signIn(email, password);
  return page;
}

test('a shopper turns the cart reminder off on the profile page, and it stays off', async ({ browser }) => {
  const page = await session(browser, uniqueEmail('recordatorio'), 'Prueba12345', true);
  await page.goto('/account');
  const toggle = page.getByRole('switch', { name: 'Recordarme mi carrito' });
  await expect(toggle).toBeChecked();
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).not.toBeChecked();
  await expect
    .poll(async () => (await (await page.request.get('/api/carrito/recordatorios')).json()).recordatorios)
    .toBe(false);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Recordarme mi carrito' })).not.toBeChecked();
  await expectNoSevereViolations(page, '/account: ');
});

test('the owner opens the abandoned carts from the admin menu', async ({ browser }) => {
  const page = await session(browser, ADMIN.email, ADMIN.password);
  await page.goto('/adminHome');
  await page
    .getByRole('navigation', { name: 'Secciones de administración' })
    .getByRole('link', { name: 'Carritos olvidados' })
    .click();
  await expect(page).toHaveURL(/\/admin\/carritos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Carritos olvidados' })).toBeVisible();
  await expect(page.getByRole('table', { name: /^Carritos olvidados: \d+$/ })).toBeVisible();
  await expect(page).toHaveTitle(/^Carritos olvidados \| /);
  await expectNoSevereViolations(page, '/admin/carritos: ');
});
