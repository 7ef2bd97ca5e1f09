import type { APIRequest, APIRequestContext, Browser, Page } from '@playwright/test';
import { reminderCheckEveryMs } from '@vitrina/shared';
import { expectNoSevereViolations } from '../support/accessibility';
import { ADMIN } from '../support/accounts';
import { apiAs, uniqueEmail } from '../support/api';
import { fillCard } from '../support/card';
import { mailsTo, mailText } from '../support/mailbox';
import { expect, hydrated, test } from '../support/test';

/*
 * Issue 37: "an abandoned cart gets exactly one reminder" (docs/decisions/081, 095), through nginx to the two
 * instances of the two-instances project, whose loops both look for due carts on one database. That shop
 * runs with ABANDONED_CART_HOURS of seconds (playwright.config.ts): the walk waits for the reminder as a
 * shopper would, only shorter. A signed-in shopper and a guest who typed an e-mail at checkout fill a cart
 * and leave; each gets one e-mail, and no other however many more looks pass; its link brings the cart
 * back; the owner sees it reminded, and recovered once bought.
 */

const SUBJECT = 'Tu carrito en';

interface ApiProduct {
  id_producto: number;
  nombre: string;
  stock: number;
}

/** Two products with plenty of stock, from the public API. */
async function twoProducts(request: APIRequestContext, categoria: number): Promise<[ApiProduct, ApiProduct]> {
  const res = await request.get(`/api/products/categoria/${categoria}?pageSize=48`);
  const [first, second] = ((await res.json()).items as ApiProduct[]).filter((p) => p.stock >= 30);
  if (!first || !second) throw new Error(`the seed needs two products with stock in category ${categoria}`);
  return [first, second];
}

/** A page in a browser of its own (cookies and local storage), on the shop. */
async function newBrowserPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  return (await browser.newContext({ baseURL })).newPage();
}

/** Opens `path` and waits for the app to take over the page. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/** Adds `quantity` of a product from its page; the cart then holds `total` units. */
async function addToCart(page: Page, product: ApiProduct, quantity: number, total: number) {
  await open(page, `/products/${product.id_producto}`);
  for (let i = 1; i < quantity; i++) await page.getByRole('button', { name: 'Aumentar cantidad' }).click();
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  const units = `${total} ${total === 1 ? 'producto' : 'productos'}`;
  await expect(page.getByRole('link', { name: `Carrito, ${units}` })).toBeVisible();
}

/** The owner, signed in through the API, reading the mailbox (Ajustes › Correos). */
async function ownerMailbox(request: APIRequest, baseURL: string | undefined) {
  const owner = await request.newContext({ baseURL });
  await (await apiAs(owner)).signIn(ADMIN.email, ADMIN.password);
  return owner;
}

/** The reminders the shop sent `to`. */
const remindersTo = async (owner: APIRequestContext, to: string) =>
  (await mailsTo(owner, to)).filter((mail) => mail.subject.startsWith(SUBJECT));

/**
 * Waits for the one reminder to `to`, then for several more looks of both instances' loops (each looks
 * every tenth of the delay), and checks that no second one came. Answers the reminder's text.
 */
async function exactlyOneReminder(owner: APIRequestContext, to: string): Promise<string> {
  const { horas } = (await (await owner.get('/api/admin/carritos')).json()) as { horas: number };
  const delayMs = horas * 3_600_000;
  await expect
    .poll(async () => (await remindersTo(owner, to)).length, { timeout: delayMs * 3, intervals: [500] })
    .toBe(1);
  await new Promise((resolve) => setTimeout(resolve, reminderCheckEveryMs(delayMs) * 4));
  expect(await remindersTo(owner, to)).toHaveLength(1);
  return mailText(owner, to, SUBJECT);
}

/** The shop link of the reminder: its path and query. */
function cartLink(text: string): string {
  const link = /https?:\/\/\S+\/carrito(\?\S*)?/.exec(text)?.[0];
  if (!link) throw new Error('no link back to the cart in the reminder');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The owner's 'Carritos olvidados' row of `email`. */
async function ownerRow(page: Page, email: string) {
  await open(page, '/admin/carritos');
  return page.getByRole('row').filter({ hasText: email });
}

async function payWithCard(page: Page) {
  await page.getByRole('combobox', { name: 'Estado' }).selectOption('Texas');
  await fillCard(page);
  await page.getByRole('button', { name: /^Pagar .* USD$/ }).click();
  await expect(page.getByText('Gracias por tu compra!').first()).toBeVisible();
}

test.describe('@multi an abandoned cart gets exactly one reminder', () => {
  // Each walk waits for the shop's delay and several of its looks.
  test.describe.configure({ timeout: 120_000 });

  test('@multi a signed-in shopper’s cart: one e-mail, its link shows the cart, buying it counts as recovered', async ({
    browser,
    playwright,
    baseURL,
  }) => {
    const owner = await ownerMailbox(playwright.request, baseURL);
    const email = uniqueEmail('olvido');
    const shopper = await newBrowserPage(browser, baseURL);
    const api = await apiAs(shopper.request);
    await api.register(email);
    await api.signIn(email, 'Prueba12345');
    const [first, second] = await twoProducts(shopper.request, 9);

    await addToCart(shopper, first, 2, 2);
    await addToCart(shopper, second, 1, 3);
    // The cart reaches the server a moment after its last change; then the shopper leaves.
    await expect
      .poll(
        async () => ((await (await shopper.request.get('/api/carrito')).json()).lineas as unknown[]).length,
      )
      .toBe(2);
    await shopper.context().close();

    const text = await exactlyOneReminder(owner, email);
    expect(text).toContain(`${first.nombre}: 2 ×`);
    expect(text).toContain(`${second.nombre}: 1 ×`);

    const admin = await newBrowserPage(browser, baseURL);
    await (await apiAs(admin.request)).signIn(ADMIN.email, ADMIN.password);
    await expect((await ownerRow(admin, email)).getByRole('cell', { name: /^Enviado el / })).toBeVisible();

    // The link back, on another device: signed in, the cart is there.
    const laptop = await newBrowserPage(browser, baseURL);
    await (await apiAs(laptop.request)).signIn(email, 'Prueba12345');
    await open(laptop, cartLink(text));
    await expect(laptop.getByRole('article', { name: first.nombre })).toBeVisible();
    await expect(laptop.getByRole('article', { name: second.nombre })).toBeVisible();
    await payWithCard(laptop);

    const recovered = await ownerRow(admin, email);
    await expect(recovered.getByRole('link', { name: /^V-\d{6}$/ })).toBeVisible();
    expect(await remindersTo(owner, email)).toHaveLength(1);
  });

  test('@multi a guest who typed an e-mail at checkout: one e-mail, its link restores the cart in a fresh browser, buying it counts as recovered', async ({
    browser,
    playwright,
    baseURL,
  }) => {
    const owner = await ownerMailbox(playwright.request, baseURL);
    const email = uniqueEmail('invitado');
    const guest = await newBrowserPage(browser, baseURL);
    const [first, second] = await twoProducts(guest.request, 7);

    await addToCart(guest, first, 1, 1);
    await addToCart(guest, second, 2, 3);
    await open(guest, '/carrito');
    const saved = guest.waitForResponse(
      (res) => res.url().endsWith('/api/carrito/invitado') && res.request().method() === 'PUT' && res.ok(),
    );
    await guest.getByLabel('Correo electrónico').fill(email);
    await guest.getByLabel('Tu nombre').fill('Marta');
    await saved;
    await guest.context().close();

    const text = await exactlyOneReminder(owner, email);
    expect(text).toContain('Hola, Marta:');
    expect(text).toContain(`${first.nombre}: 1 ×`);
    expect(text).toContain(`${second.nombre}: 2 ×`);

    const admin = await newBrowserPage(browser, baseURL);
    await (await apiAs(admin.request)).signIn(ADMIN.email, ADMIN.password);
    const row = await ownerRow(admin, email);
    await expect(row.getByRole('rowheader')).toHaveText('Marta invitado');
    await expect(row.getByRole('cell', { name: /^Enviado el / })).toBeVisible();
    await expectNoSevereViolations(admin, '/admin/carritos with a guest’s cart: ');

    // The link back in a browser that never saw the shop: the cart and the checkout's e-mail are back.
    const fresh = await newBrowserPage(browser, baseURL);
    await open(fresh, cartLink(text));
    await expect(fresh.getByText('Recuperamos tu carrito.')).toBeVisible();
    await expect(fresh).toHaveURL(/\/carrito$/);
    await expect(fresh.getByRole('article', { name: first.nombre })).toBeVisible();
    await expect(fresh.getByRole('article', { name: second.nombre })).toBeVisible();
    await expect(fresh.getByLabel('Correo electrónico')).toHaveValue(email);
    await fresh.getByLabel('Nombre de quien recibe').fill('Marta Invitada');
    await fresh.getByLabel('Dirección de entrega').fill('Calle Durango 120, Roma Norte');
    await fresh.getByLabel('Teléfono de contacto').fill('5512345678');
    await payWithCard(fresh);

    const recovered = await ownerRow(admin, email);
    await expect(recovered.getByRole('link', { name: /^V-\d{6}$/ })).toBeVisible();
    expect(await remindersTo(owner, email)).toHaveLength(1);
  });
});
