import type { Page } from '@playwright/test';
import { ADMIN } from '../support/accounts';
import { apiAs, TINY_PNG } from '../support/api';
import { expect, test } from '../support/test';

/** The colour the browser computed for `property` of the first element `selector` finds. */
const computed = (page: Page, selector: string, property: 'backgroundColor' | 'color') =>
  page
    .locator(selector)
    .first()
    .evaluate((element, name) => getComputedStyle(element)[name], property);

test('the owner uploads a logo, picks colours and a WhatsApp number, edits the terms, and the storefront shows them at once', async ({
  page,
}) => {
  const admin = await apiAs(page.request);
  await admin.signIn(ADMIN.email, ADMIN.password);
  // The suite's other specs share this shop: what this one changes is put back at the end.
  const identityBefore = await (await page.request.get('/api/ajustes/tienda')).json();
  const termsBefore = await (await page.request.get('/api/paginas/terminos')).json();
  try {
    await page.goto('/admin/ajustes/tienda');
    await page
      .getByLabel('Logo', { exact: true })
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(page.getByRole('img', { name: 'Vista previa de la imagen' })).toHaveAttribute(
      'src',
      /\/uploads\/productos\//,
    );
    const logo = await page.getByRole('img', { name: 'Vista previa de la imagen' }).getAttribute('src');
    // A colour the shop's text cannot be read on is refused before anything is sent.
    await page.getByLabel('Color de acento', { exact: true }).fill('#fbbf24');
    await expect(
      page.getByText(/contraste de 1,5:1 sobre el fondo de la tienda y el mínimo es 4,5:1/),
    ).toBeVisible();
    await page.getByLabel('Color primario', { exact: true }).fill('#1e3a8a');
    await page.getByLabel('Color de acento', { exact: true }).fill('#0f766e');
    await page.getByLabel('WhatsApp', { exact: true }).fill('+54 9 11 2345-6789');
    await page.getByRole('button', { name: 'Guardar tienda' }).click();
    await expect(page.getByText('Tienda guardada')).toBeVisible();

    // A visitor's next page load shows them: the logo in the header, the colours, the WhatsApp button.
    await page.context().clearCookies();
    const product = (await (await page.request.get('/api/products?pageSize=1')).json()).items[0];
    await page.goto(`/products/${product.id_producto}`);
    await expect(page.getByRole('banner').locator(`img[src="${logo}"]`)).toBeVisible();
    const whatsapp = page.getByRole('link', { name: /^¿Dudas\? Escríbenos/ });
    await expect(whatsapp).toHaveAttribute(
      'href',
      `https://wa.me/5491123456789?text=${encodeURIComponent(product.nombre)}`,
    );
    expect(await computed(page, 'footer', 'backgroundColor')).toBe('rgb(30, 58, 138)');
    expect(await computed(page, 'footer', 'color')).toBe('rgb(255, 255, 255)');
    const buy = page.getByRole('button', { name: 'Comprar' });
    expect(await buy.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(15, 118, 110)',
    );

    // The terms, edited as Markdown with a preview, are on /terminos at once.
    await (await apiAs(page.request)).signIn(ADMIN.email, ADMIN.password);
    await page.goto('/admin/ajustes/paginas?pagina=terminos');
    await page
      .getByLabel('Texto', { exact: true })
      .fill('# Cambios y devoluciones\n\nTienes **30 días** para cambiar tu compra.');
    await page.getByRole('button', { name: 'Vista previa' }).click();
    const preview = page.getByRole('region', { name: 'Vista previa' });
    await expect(preview.getByRole('heading', { level: 2, name: 'Cambios y devoluciones' })).toBeVisible();
    await page.getByRole('button', { name: 'Guardar página' }).click();
    await expect(page.getByText('Página guardada')).toBeVisible();
    await page.goto('/terminos');
    await expect(page.getByRole('heading', { level: 2, name: 'Cambios y devoluciones' })).toBeVisible();
    await expect(page.getByText('Tienes 30 días para cambiar tu compra.')).toBeVisible();
  } finally {
    const restore = await apiAs(page.request);
    await restore.signIn(ADMIN.email, ADMIN.password);
    await restore.put('/api/ajustes/tienda', identityBefore);
    await restore.put('/api/paginas/terminos', {
      titulo: termsBefore.titulo,
      contenido: termsBefore.contenido,
    });
  }
});
