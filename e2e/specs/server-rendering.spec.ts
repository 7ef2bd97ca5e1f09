import type { Page, Response } from '@playwright/test';
import { expect, test } from '../support/test';

/*
 * The storefront arrives rendered by the server (docs/decisions/020): a shopper whose JavaScript is off,
 * or has not loaded yet, browses, searches and reads a product; with JavaScript the app takes the page over
 * without a warning and without asking again for what the page already holds.
 */

const productNames = (page: Page) =>
  page.getByRole('region', { name: 'Productos' }).getByRole('article').getByRole('link').allTextContents();

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a shopper browses a category, pages, orders, filters by price and opens a product', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(
      page.getByRole('region', { name: 'Ofertas destacadas' }).getByRole('group').first(),
    ).toBeVisible();
    await page
      .getByRole('region', { name: 'Explora por categoría' })
      .locator('a[href="/products/categoria/3"]')
      .click();
    await expect(page).toHaveURL(/\/products\/categoria\/3$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Informatica');
    const firstPage = await productNames(page);
    expect(firstPage).toHaveLength(8);

    await page.getByRole('link', { name: 'Página 2' }).click();
    await expect(page).toHaveURL(/\/products\/categoria\/3\?page=2$/);
    const secondPage = await productNames(page);
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);

    await page.getByRole('button', { name: 'Menor precio' }).click();
    await expect(page).toHaveURL(/\/products\/categoria\/3\?orden=precio_asc$/);
    await expect(page.getByRole('button', { name: 'Menor precio' })).toHaveAttribute('aria-pressed', 'true');
    const range = page.getByRole('form', { name: 'Rango de precio' });
    await range.getByLabel('Precio máximo').fill('100');
    await range.getByRole('button', { name: 'Aplicar' }).click();
    // The form sends its empty minimum as a browser does (minPrecio=), which the listing reads as none.
    await expect(page).toHaveURL(/\?orden=precio_asc&minPrecio=&maxPrecio=100$/);
    await expect(page.getByRole('link', { name: 'Limpiar filtros' })).toBeVisible();

    const chosen = (await productNames(page))[0] as string;
    await page.getByRole('link', { name: chosen, exact: true }).click();
    await expect(page).toHaveURL(/\/products\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen);
    await expect(page.getByRole('heading', { name: 'Opiniones' })).toBeVisible();
  });

  test('on a phone the filters are open and the categories in the header, since their toggles need a script', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/products/categoria/3');
    await expect(page.getByRole('button', { name: 'Filtros y orden' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeHidden();
    await page.getByRole('button', { name: 'Mayor precio' }).click();
    await expect(page).toHaveURL(/\/products\/categoria\/3\?orden=precio_desc$/);
    const strip = page.getByRole('navigation', { name: 'Navegación por categorías' });
    await strip.getByRole('link', { name: 'Jardinería' }).click();
    await expect(page).toHaveURL(/\/products\/categoria\/8$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jardinería');
  });

  test('the notice that JavaScript is off is styled and held at the bottom of the screen, below the header', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/products/categoria/3');
    // Playwright's text and role locators skip <noscript>, whatever the browser shows: found by its markup.
    const notice = page.locator('noscript p');
    await expect(notice).toHaveText('Necesitas habilitar JavaScript para usar Vitrina.');
    await expect(notice).toBeInViewport();
    const box = await notice.boundingBox();
    const header = await page.getByRole('banner').boundingBox();
    expect(box && header && box.y >= header.y + header.height).toBe(true);
    expect(box && box.y + box.height).toBeCloseTo(844, 0);
    const look = await notice.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, color: style.color };
    });
    expect(look.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(look.background).not.toBe(look.color);
  });

  test('the navbar search sends the words to the results page', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Acerca de');
    await page.getByRole('combobox', { name: 'Buscar productos' }).fill('licuadora');
    await page.getByRole('combobox', { name: 'Buscar productos' }).press('Enter');
    await expect(page).toHaveURL(/\/products\/todos\?name=licuadora$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados para "licuadora"');
    expect((await productNames(page)).length).toBeGreaterThan(0);
  });
});

test('with JavaScript, each storefront page is taken over without a warning or a second request for its data', async ({
  page,
}) => {
  const problems: string[] = [];
  const asked: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(pathname);
  });
  for (const path of [
    '/',
    '/products/todos',
    '/products/categoria/2?orden=precio_desc',
    '/products/todos?name=camisa',
    '/products/5',
    '/about',
    '/terminos',
    '/privacidad',
  ]) {
    asked.length = 0;
    await page.goto(path);
    const rendered = await page.locator('#root').innerHTML();
    expect(rendered.length, path).toBeGreaterThan(1000);
    // The app is running: the account entries appear once it has asked who is signed in.
    await expect(page.getByRole('link', { name: 'Iniciar sesión' }).first(), path).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Who is signed in and the shop's public settings (whether a visitor may buy among them, asked once
    // the app knows the caller is a visitor) are never in a rendered page; its data always is.
    expect(
      asked.filter((url) => !['/api/usuario/me', '/api/config', '/api/ajustes/invitados'].includes(url)),
      path,
    ).toEqual([]);
  }
  expect(problems).toEqual([]);
});

test("a rendered product page asks for the app's code only once its photo has arrived", async ({ page }) => {
  // The product photos arrive late, as on a slow network: here they would otherwise beat any script.
  await page.route('**/uploads/productos/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  // In order: each picture's answer and each script's request, but the entry's, which the HTML names.
  const events: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'image') events.push(`picture ${new URL(request.url()).pathname}`);
  });
  page.on('request', (request) => {
    if (request.resourceType() === 'script') events.push(`script ${new URL(request.url()).pathname}`);
  });
  const response = await page.goto('/products/5');
  const entry = (await response?.text())?.match(/<script type="module" crossorigin src="([^"]+)"/)?.[1];
  expect(entry).toBeDefined();
  const photo = page.getByRole('main').getByRole('article').getByRole('img').first();
  await page.waitForLoadState('networkidle');
  // The size the browser chose from the photo's srcset, not necessarily its src.
  const src = new URL(await photo.evaluate((img: HTMLImageElement) => img.currentSrc), page.url()).pathname;
  const code = events.filter((event) => event.startsWith('script ') && event !== `script ${entry}`);
  expect(code.length).toBeGreaterThan(0);
  expect(events).toContain(`picture ${src}`);
  expect(events.indexOf(`picture ${src}`)).toBeLessThan(events.indexOf(code[0] as string));
});

/** Text of zod's core, in every bundle that builds or parses a schema, whatever the minifier renamed. */
const ZOD_CORE = 'Encountered Promise during synchronous parse';

/** The text of every script a visit to `path` loads, until the network is quiet. */
async function scriptsOf(page: Page, path: string): Promise<string[]> {
  const scripts: Promise<string>[] = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  };
  page.on('response', collect);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  page.off('response', collect);
  return Promise.all(scripts);
}

test('a storefront page loads no schema code until a form needs it (decision 110)', async ({ page }) => {
  for (const path of ['/', '/products/categoria/2', '/products/5']) {
    const code = await scriptsOf(page, path);
    expect(code.length, path).toBeGreaterThan(1);
    expect(code.filter((text) => text.includes(ZOD_CORE)).length, path).toBe(0);
  }
  // The registration form does need them, and the same check sees them there.
  expect((await scriptsOf(page, '/register')).some((text) => text.includes(ZOD_CORE))).toBe(true);
});
