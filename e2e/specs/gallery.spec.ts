import { devices, type Page } from '@playwright/test';
import { ADMIN } from '../support/accounts';
import { apiAs, TINY_PNG } from '../support/api';
import { expect, test } from '../support/test';

/** A product photo's smaller sizes are named after it: '…/ab12.webp' → '…/ab12-800w.webp'. */
const A_SIZE = /\/uploads\/productos\/[\w-]+-(400|800|1200)w\.webp$/;

/** The owner creates a product with two photos through the admin form; answers its id. */
async function createWithTwoPhotos(page: Page, nombre: string): Promise<number> {
  await (await apiAs(page.request)).signIn(ADMIN.email, ADMIN.password);
  await page.goto('/producto');
  await page.getByLabel('Nombre', { exact: true }).fill(nombre);
  await page.getByLabel('Stock', { exact: true }).fill('6');
  await page.getByLabel('Descripción', { exact: true }).fill('Florero soplado a mano, en vidrio reciclado.');
  await page.getByLabel('Precio', { exact: true }).fill('320');
  await page.getByLabel('Categoría', { exact: true }).selectOption({ label: 'Jardinería' });
  await page.getByLabel('Imagen', { exact: true }).setInputFiles([
    { name: 'frente.png', mimeType: 'image/png', buffer: TINY_PNG },
    { name: 'detalle.png', mimeType: 'image/png', buffer: TINY_PNG },
  ]);
  await expect(page.getByRole('img', { name: 'Vista previa de la imagen 2' })).toBeVisible();
  await page.getByLabel('Texto alternativo de la foto 2').fill('Detalle del vidrio soplado');
  await page.getByRole('button', { name: 'Crear producto' }).click();
  // Slower than other saves while a fresh shop still sizes its demo photos (main.ts).
  await expect(page).toHaveURL(/\/adminHome$/, { timeout: 30_000 });
  const found = await (await page.request.get(`/api/products?name=${encodeURIComponent(nombre)}`)).json();
  return found.items[0].id_producto;
}

test.describe('several photos per product', () => {
  const nombre = `Florero de vidrio ${Date.now().toString(36)}`;
  let id: number | undefined;

  test.beforeAll(async ({ browser }) => {
    // The phone's describe runs this again in the same worker: one product, or the listing shows two.
    if (id !== undefined) return;
    test.setTimeout(90_000);
    const owner = await browser.newPage();
    id = await createWithTwoPhotos(owner, nombre);
    await owner.close();
  });

  test('the shopper sees both photos, picks one and opens it larger; Escape closes it', async ({ page }) => {
    await page.goto(`/products/${id}`);
    const strip = page.getByRole('list', { name: `Fotos de ${nombre}` });
    await expect(strip.getByRole('img')).toHaveCount(2);
    await expect(strip.getByRole('img', { name: 'Detalle del vidrio soplado' })).toBeAttached();
    await expect(strip.getByRole('img', { name: nombre, exact: true })).toBeVisible();

    const second = page.getByRole('button', { name: 'Ver foto 2 de 2' });
    await second.click();
    await expect(second).toHaveAttribute('aria-current', 'true');

    await page.getByRole('button', { name: 'Ampliar foto 1 de 2' }).click();
    const dialog = page.getByRole('dialog', { name: `Foto 1 de 2 de ${nombre}` });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: `Foto 2 de 2 de ${nombre}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the server-rendered page carries the same photos in their sizes', async ({ page }) => {
    const html = await (await page.request.get(`/products/${id}`)).text();
    expect(html).toMatch(/srcset="\/uploads\/productos\/[\w-]+-400w\.webp 400w/i);
    expect(html).toContain('alt="Detalle del vidrio soplado"');
  });

  test.describe('on a phone', () => {
    const { defaultBrowserType: _, ...phone } = devices['Pixel 7'];
    test.use(phone);

    test('loads a small size of each photo, never the full one', async ({ page }) => {
      const loaded: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/uploads/productos/')) loaded.push(new URL(response.url()).pathname);
      });
      // The listing first: a browser reuses a larger size it already holds.
      await page.goto('/products/categoria/8?orden=recientes');
      const card = page.getByRole('article').filter({ hasText: nombre }).getByRole('img');
      await expect(card).toBeVisible();
      await expect
        .poll(() => card.evaluate((img: HTMLImageElement) => img.currentSrc))
        .toMatch(/-(400|800)w\.webp$/);
      await page.goto(`/products/${id}`);
      const first = page
        .getByRole('list', { name: `Fotos de ${nombre}` })
        .getByRole('img')
        .first();
      await expect(first).toBeVisible();
      await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(A_SIZE);

      expect(loaded.length).toBeGreaterThan(0);
      expect(loaded.filter((path) => !A_SIZE.test(path))).toEqual([]);
    });
  });
});
