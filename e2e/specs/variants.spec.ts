import type { APIRequestContext, Browser } from '@playwright/test';
import { expectNoSevereViolations } from '../support/accessibility';
import { ADMIN } from '../support/accounts';
import { apiAs, TINY_PNG, uniqueEmail } from '../support/api';
import { fillCard } from '../support/card';
import { expect, test } from '../support/test';

/*
 * A product with options bought from the web (issue 36): the owner creates a shirt in sizes and colours
 * through the API, a shopper picks 'M · Azul' on its page (its photo, price and stock follow), pays with
 * the sandbox card, and only that variant's stock goes down; the owner refunds the order and it comes back.
 */

interface ApiVariant {
  id_variante: number;
  sku: string;
  valores: string[];
  stock: number;
}

/** An image stored by the shop, as the admin's forms upload it. */
async function upload(request: APIRequestContext, name: string): Promise<string> {
  const { cookies } = await request.storageState();
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await request.post('/api/uploads', {
    multipart: { file: { name, mimeType: 'image/png', buffer: TINY_PNG } },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  if (!res.ok()) throw new Error(`upload failed: ${res.status()} ${await res.text()}`);
  return (await res.json()).secure_url as string;
}

async function session(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  return { page, api: await apiAs(page.request) };
}

test('a shopper picks M · Azul, sees its photo and stock, buys it; only its stock moves, and comes back on refund', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await session(browser);
  await admin.api.signIn(ADMIN.email, ADMIN.password);
  const redPhoto = await upload(admin.page.request, 'roja.png');
  const bluePhoto = await upload(admin.page.request, 'azul.png');
  const suffix = Date.now().toString(36).toUpperCase();
  const nombre = `Camiseta pinzón ${suffix}`;
  const created = await admin.api.post('/api/products', {
    nombre,
    descripcion_producto: 'Camiseta de algodón peinado, corte recto.',
    valor: '120',
    id_categoria_producto: 1,
    imagen: redPhoto,
    opciones: [
      { nombre: 'Talla', valores: ['S', 'M'] },
      { nombre: 'Color', valores: ['Rojo', 'Azul'] },
    ],
    variantes: [
      { valores: ['S', 'Rojo'], sku: `PIN-S-ROJO-${suffix}`, stock: 5 },
      { valores: ['S', 'Azul'], sku: `PIN-S-AZUL-${suffix}`, stock: 0, valor: '150', imagen: bluePhoto },
      { valores: ['M', 'Rojo'], sku: `PIN-M-ROJO-${suffix}`, stock: 5 },
      { valores: ['M', 'Azul'], sku: `PIN-M-AZUL-${suffix}`, stock: 3, valor: '150', imagen: bluePhoto },
    ],
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id_producto } = (await created.json()) as { id_producto: number };
  const stocks = async () => {
    const res = await admin.page.request.get(`/api/products/${id_producto}`);
    const { variantes } = (await res.json()) as { variantes: ApiVariant[] };
    return Object.fromEntries(variantes.map((v) => [v.valores.join(' '), v.stock]));
  };
  const before = { 'S Rojo': 5, 'S Azul': 0, 'M Rojo': 5, 'M Azul': 3 };
  expect(await stocks()).toEqual(before);

  const shopper = await session(browser);
  const email = uniqueEmail('variante');
  await shopper.api.register(email);
  await shopper.api.signIn(email, 'Prueba12345');
  const page = shopper.page;

  await test.step('the page asks for a full choice, then follows M · Azul: price, stock, photo, address', async () => {
    await page.goto(`/products/${id_producto}`);
    await expect(page.getByText(`Desde $120.00`)).toBeVisible();
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Elige una variante del producto' }),
    ).toBeVisible();

    const talla = page.getByRole('group', { name: /^Talla/ });
    const color = page.getByRole('group', { name: /^Color/ });
    await talla.getByRole('radio', { name: 'S', exact: true }).check();
    // S in blue is sold out: shown, not hidden, and its name says so.
    await expect(color.getByRole('radio', { name: 'Azul (Agotado)' })).toBeAttached();
    await talla.getByRole('radio', { name: 'M', exact: true }).check();
    await color.getByRole('radio', { name: 'Azul', exact: true }).check();

    await expect(page).toHaveURL(/\?variante=\d+$/);
    await expect(page.getByText('$150.00').first()).toBeVisible();
    await expect(page.getByText('Disponible', { exact: false }).first()).toBeVisible();
    await expect(page.getByText(`SKU PIN-M-AZUL-${suffix}`)).toBeVisible();
    const firstPhoto = page
      .getByRole('button', { name: /^Ampliar foto/ })
      .first()
      .locator('img');
    await expect(firstPhoto).toHaveAttribute('src', bluePhoto);
    await expectNoSevereViolations(page, 'variantes: ');
    // The quantity stops at this variant's 3 units.
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Aumentar cantidad' }).click();
    await expect(page.getByRole('spinbutton', { name: 'Cantidad' })).toHaveValue('3');
    await page.getByRole('spinbutton', { name: 'Cantidad' }).fill('1');

    // Shared or reloaded, the address opens on the same variant.
    await page.reload();
    await expect(
      page.getByRole('group', { name: /^Color/ }).getByRole('radio', { name: 'Azul', exact: true }),
    ).toBeChecked();
  });

  let numero = '';
  await test.step('the cart names the variant and its photo, and the sandbox card pays it', async () => {
    await page.getByRole('button', { name: 'Comprar' }).click();
    await expect(page).toHaveURL(/\/carrito$/);
    const card = page.getByRole('article', { name: nombre });
    await expect(card.getByText('Talla M · Azul')).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('src', bluePhoto);
    await page.getByRole('combobox', { name: 'Estado' }).selectOption('Texas');
    await fillCard(page);
    await page.getByRole('button', { name: 'Pagar 150.00 USD' }).click();
    await expect(page).toHaveURL(/\/pedido\/\d+$/);
    const heading = page.getByRole('heading', { level: 1, name: /^Pedido V-\d{6}$/ });
    numero = ((await heading.textContent()) ?? '').replace('Pedido ', '');
    const line = page.getByRole('rowheader', { name: new RegExp(`${nombre} \\(Talla M · Azul\\)`) });
    await expect(line).toContainText(`SKU PIN-M-AZUL-${suffix}`);
  });

  await test.step('only the variant bought lost a unit', async () => {
    expect(await stocks()).toEqual({ ...before, 'M Azul': 2 });
  });

  await test.step('the owner refunds the order and the unit is back', async () => {
    const adminPage = admin.page;
    await adminPage.goto('/admin/pedidos');
    await adminPage.getByRole('main').getByLabel('Buscar', { exact: true }).fill(numero);
    await adminPage.getByRole('button', { name: 'Filtrar' }).click();
    await adminPage.getByRole('link', { name: numero, exact: true }).click();
    await adminPage.getByRole('button', { name: 'Reembolsar todo el pedido' }).click();
    await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Reembolsar', exact: true }).click();
    await expect(adminPage.getByText('1 reembolsada')).toBeVisible();
    expect(await stocks()).toEqual(before);
  });
});
