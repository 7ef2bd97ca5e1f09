import type { Locator, Page } from '@playwright/test';
import { ADMIN } from '../support/accounts';
import { TINY_PNG, uniqueEmail } from '../support/api';
import { expect, test } from '../support/test';

/*
 * The header's account chip: the signed-in user's picture is drawn whole at its 32 px, and the
 * administrator's 'Administración' is written out, on a laptop (1366×900) and on a phone (390×844),
 * where the same things sit in the drawer.
 */

const PASSWORD = 'Avatar12345';

/** Registers a customer with a picture; answers the e-mail. */
async function registerWithPicture(page: Page) {
  const email = uniqueEmail('chip');
  await page.goto('/register');
  await page.getByLabel('Nombre').fill('Valentina');
  await page.getByLabel('Apellido').fill('Ortega');
  await page.getByLabel('Dirección').fill('Av. Álvaro Obregón 45, Roma');
  await page.getByLabel('Teléfono').fill('5512345678');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar contraseña').fill(PASSWORD);
  await page.getByLabel('Imagen').setInputFiles({ name: 'yo.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByRole('img', { name: 'Vista previa de la imagen' })).toBeVisible();
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await expect(page).toHaveURL(/\/login$/);
  return email;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/** The picture is loaded and painted as a whole 32×32 circle, not squeezed or cropped to a corner. */
async function expectWholeAvatar(avatar: Locator) {
  await expect(avatar).toBeVisible();
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const box = await avatar.boundingBox();
  expect(box?.width).toBeCloseTo(32, 0);
  expect(box?.height).toBeCloseTo(32, 0);
  const fit = await avatar.evaluate((img) => {
    const style = getComputedStyle(img);
    return { objectFit: style.objectFit, objectPosition: style.objectPosition, radius: style.borderRadius };
  });
  expect(fit).toEqual({ objectFit: 'cover', objectPosition: '50% 50%', radius: '50%' });
}

/**
 * Text written out whole, nothing cut with an ellipsis: the laid-out text is no wider than its box.
 * (scrollWidth cannot tell: it rounds, and 'Administraci…' was cut by a tenth of a pixel.)
 */
async function expectNotTruncated(text: Locator) {
  await expect(text).toBeVisible();
  const { textWidth, boxWidth } = await text.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return { textWidth: range.getBoundingClientRect().width, boxWidth: el.getBoundingClientRect().width };
  });
  expect(textWidth, 'the text is wider than its box').toBeLessThanOrEqual(boxWidth + 0.01);
}

const avatarIn = (scope: Locator) => scope.locator('img[src*="/uploads/avatars/"]');

test.describe('at 1366×900', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("the customer's picture fills the account chip", async ({ page }) => {
    const email = await registerWithPicture(page);
    await logIn(page, email, PASSWORD);
    const chip = page.getByRole('navigation', { name: 'Cuenta' }).getByRole('button', { name: /Valentina/ });
    await expectWholeAvatar(avatarIn(chip));
  });

  test("the administrator's chip reads 'Administración' in full", async ({ page }) => {
    await logIn(page, ADMIN.email, ADMIN.password);
    const chip = page
      .getByRole('navigation', { name: 'Cuenta' })
      .getByRole('button', { name: /Administración/ });
    await expectNotTruncated(chip.getByText('Administración', { exact: true }));
  });
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  // Right after signing in the page may still be settling (the session loads, the home page replaces
  // the form) and a drawer opened meanwhile closes with the navigation: open it again until it stays.
  const openDrawer = async (page: Page) => {
    const drawer = page.getByRole('dialog');
    await expect(async () => {
      if (!(await drawer.isVisible())) await page.getByRole('button', { name: 'Abrir menú' }).click();
      await expect(drawer.getByText(/^Hola, /)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    return drawer;
  };

  test("the customer's picture is whole in the drawer", async ({ page }) => {
    const email = await registerWithPicture(page);
    await logIn(page, email, PASSWORD);
    const drawer = await openDrawer(page);
    await expect(drawer.getByText('Hola, Valentina')).toBeVisible();
    await expectWholeAvatar(avatarIn(drawer));
  });

  test("the administrator's name and section read in full in the drawer", async ({ page }) => {
    await logIn(page, ADMIN.email, ADMIN.password);
    const drawer = await openDrawer(page);
    await expectNotTruncated(drawer.getByText('Hola, Administración'));
    await expectNotTruncated(drawer.getByText('Administración', { exact: true }));
  });
});
