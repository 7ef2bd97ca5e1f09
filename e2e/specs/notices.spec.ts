import type { Locator, Page } from '@playwright/test';
import { NOTIFY_ACCOUNT_DISABLED_MS, NOTIFY_LOGIN_REQUIRED_MS, NOTIFY_MS } from '@vitrina/shared';
import { ADMIN, CUSTOMER } from '../support/accounts';
import { apiAs, guestCheckoutOff, uniqueEmail } from '../support/api';
import { expect, test } from '../support/test';

/*
 * SPEC §8's timed notices close on time while the mouse rests somewhere on the page: on the page behind
 * a toast, on the dark backdrop around an alert. Only the alert's own box holds it open.
 */

/** A toast (it has a close button) showing `title`. */
const toast = (page: Page, title: string) =>
  page
    .getByRole('status')
    .or(page.getByRole('alert'))
    .filter({ has: page.getByRole('button', { name: 'Cerrar notificación' }) })
    .getByText(title, { exact: true });

/** Rests the mouse at (x, y): it gets there in a few steps, then stays still. */
async function restMouse(page: Page, x: number, y: number) {
  await page.mouse.move(x, y, { steps: 5 });
}

const STEP_MS = 50;

/**
 * Holds the page's clock, clicks `button` (then `after`) to make `notice` appear, and moves the clock on
 * with real time, 50 ms at a time, until the notice is on screen (its code and React's reveal take a
 * moment). Returns how far the clock moved: the notice's time started within it.
 */
async function showOnHeldClock(
  page: Page,
  notice: Locator,
  button: Locator,
  after: () => Promise<unknown> = async () => {},
): Promise<number> {
  // Held, the page's timers stop: whatever the button waits for (the session, on the product page) must
  // have arrived before.
  await expect(button).toBeEnabled();
  // Ten seconds ahead: the page's clock, running until then, cannot be past it by the time it is held.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 10_000));
  await button.click();
  await after();
  let moved = 0;
  while (!(await notice.isVisible())) {
    if (moved >= 10_000) throw new Error('the notice never appeared');
    await page.waitForTimeout(STEP_MS);
    await page.clock.runFor(STEP_MS);
    moved += STEP_MS;
  }
  return moved;
}

/**
 * On the held clock, a notice whose `ms` started at most `slack` ms ago: still there 1 ms before its time
 * can have run out, gone once it surely has. Then the clock runs freely again.
 */
async function expectClosesAfter(page: Page, notice: Locator, ms: number, slack: number) {
  await page.clock.runFor(ms - slack - 1);
  await expectStillThere(page, notice, ms - slack - 1);
  await page.clock.runFor(slack + 1);
  await expect(notice).toBeHidden();
  await page.clock.resume();
}

/** A notice closed too early would be gone once the page has rendered what its timer did. */
async function expectStillThere(page: Page, notice: Locator, ms: number) {
  await page.waitForTimeout(200);
  expect(await notice.isVisible(), `gone after ${ms} ms`).toBe(true);
}

// The page's clock (page.clock) is installed before each page loads; it runs freely until a test holds it.
test.beforeEach(({ page }) => page.clock.install());

async function fillLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
}

test('login toasts close after 2 s with the mouse resting in the middle of the page', async ({ page }) => {
  await fillLogin(page, CUSTOMER.email, 'NoEsLaClave1');
  const wrong = toast(page, 'Correo o contraseñas invalidos');
  const signIn = page.getByRole('button', { name: 'Iniciar sesión' });
  const slack = await showOnHeldClock(page, wrong, signIn, () => restMouse(page, 640, 360));
  await expectClosesAfter(page, wrong, NOTIFY_MS, slack);

  await page.getByLabel('Contraseña', { exact: true }).fill(CUSTOMER.password);
  const welcome = toast(page, 'Bienvenido');
  const welcomeSlack = await showOnHeldClock(page, welcome, signIn, () => restMouse(page, 200, 300));
  await expectClosesAfter(page, welcome, NOTIFY_MS, welcomeSlack);
});

test('registration toasts close after 2 s', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Nombre').fill('Lucía');
  await page.getByLabel('Apellido').fill('Herrera');
  await page.getByLabel('Dirección').fill('Calle Durango 120, Roma Norte');
  await page.getByLabel('Teléfono').fill('5512345678');
  await page.getByLabel('Email').fill(CUSTOMER.email); // taken: the server refuses it
  await page.getByLabel('Contraseña', { exact: true }).fill('Prueba12345');
  await page.getByLabel('Confirmar contraseña').fill('Prueba12345');
  const refused = toast(page, 'Error');
  const register = page.getByRole('button', { name: 'Registrarse' });
  const slack = await showOnHeldClock(page, refused, register, () => restMouse(page, 640, 360));
  await expectClosesAfter(page, refused, NOTIFY_MS, slack);

  await page.getByLabel('Email').fill(uniqueEmail('aviso'));
  const registered = toast(page, 'Registro exitoso');
  const registeredSlack = await showOnHeldClock(page, registered, register);
  await expectClosesAfter(page, registered, NOTIFY_MS, registeredSlack);
});

test('a visitor buying is told to log in for 3 s', async ({ page, request }) => {
  // SPEC's notice belongs to a shop with guest checkout switched off (decision 085). This browser hears it
  // is off; switching the one shop every spec shares would race the guest's purchase running alongside.
  await guestCheckoutOff(page);
  const { items } = await (await request.get('/api/products/categoria/1?pageSize=1')).json();
  await page.goto(`/products/${items[0].id_producto}`);
  const buy = page.getByRole('button', { name: 'Comprar' });
  const notice = toast(page, 'Debe de iniciar sesion para comprar');
  const slack = await showOnHeldClock(page, notice, buy, async () => {
    const box = await buy.boundingBox();
    if (box) await restMouse(page, box.x + box.width / 2, box.y + box.height / 2);
  });
  await expectClosesAfter(page, notice, NOTIFY_LOGIN_REQUIRED_MS, slack);
});

test('the disabled-account alert closes after 5 s with the mouse on its backdrop, and waits while it is on the alert', async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = uniqueEmail('aviso');
  const visitor = await playwright.request.newContext({ baseURL });
  const user = await (await apiAs(visitor)).register(email);
  const adminContext = await playwright.request.newContext({ baseURL });
  const admin = await apiAs(adminContext);
  await admin.signIn(ADMIN.email, ADMIN.password);
  expect(
    (await admin.put('/api/usuario/delete', { id_usuario: user.id_usuario, estado: false })).status(),
  ).toBe(200);
  await visitor.dispose();
  await adminContext.dispose();

  const alert = page.getByRole('alertdialog', { name: 'Tu cuenta ha sido desactivada' });
  await fillLogin(page, email, 'Prueba12345');
  const signIn = page.getByRole('button', { name: 'Iniciar sesión' });
  const slack = await showOnHeldClock(page, alert, signIn);
  await restMouse(page, 40, 40); // the dark backdrop, top left
  await expectClosesAfter(page, alert, NOTIFY_ACCOUNT_DISABLED_MS, slack);

  // On the alert's own box it waits for the shopper, however long; moved off, it closes with the time it
  // had left.
  const heldSlack = await showOnHeldClock(page, alert, signIn);
  const box = await alert.boundingBox();
  if (!box) throw new Error('the alert has no box');
  const beforeHover = 2000;
  await page.clock.runFor(beforeHover);
  await restMouse(page, box.x + box.width / 2, box.y + 20);
  await page.clock.runFor(NOTIFY_ACCOUNT_DISABLED_MS * 3);
  await expectStillThere(page, alert, NOTIFY_ACCOUNT_DISABLED_MS * 3);
  await restMouse(page, box.x + box.width / 2, box.y + box.height + 40);
  await expectClosesAfter(page, alert, NOTIFY_ACCOUNT_DISABLED_MS - beforeHover, heldSlack);
});
