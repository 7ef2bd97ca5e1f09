import type { Page } from '@playwright/test';
import { expectNoSevereViolations } from '../support/accessibility';
import { apiAs, guestCheckoutOff, uniqueEmail } from '../support/api';
import { fillCard } from '../support/card';
import { expect, test } from '../support/test';

interface ApiProduct {
  id_producto: number;
  nombre: string;
  stock: number;
  valor: number;
  valor_descuento: number | null;
}

/** A new customer signed in through the page's own cookie jar, so each test has its own cart and history. */
async function signedInCustomer(page: Page) {
  const api = await apiAs(page.request);
  const email = uniqueEmail('compra');
  await api.register(email);
  await api.signIn(email, 'Prueba12345');
  return api;
}

/** Active products with plenty of stock in a category, from the public API. */
async function productsOf(page: Page, categoria: number): Promise<ApiProduct[]> {
  const res = await page.request.get(`/api/products/categoria/${categoria}?pageSize=48&orden=precio_asc`);
  return (await res.json()).items.filter((p: ApiProduct) => p.stock >= 30);
}

const cartLink = (page: Page) => page.getByRole('link', { name: /^Carrito, \d+ productos?$/ });

test('a visitor is asked to sign in to buy', async ({ page }) => {
  // SPEC's notice belongs to a shop with guest checkout switched off (decision 085). This browser hears it
  // is off; switching the one shop every spec shares would race the guest's purchase running alongside.
  await guestCheckoutOff(page);
  const [product] = await productsOf(page, 4);
  await page.goto(`/products/${product?.id_producto}`);
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(page.getByText('Debe de iniciar sesion para comprar')).toBeVisible();
  await expect(cartLink(page)).toHaveCount(0);
});

test('a customer fills the cart, keeps it across a reload, pays with 4242, sees the sale and rates it', async ({
  page,
}) => {
  await signedInCustomer(page);
  const [first, second] = await productsOf(page, 9);
  if (!first || !second) throw new Error('the seed needs two products with stock in category 9');

  await page.goto(`/products/${first.id_producto}`);
  await page.getByRole('button', { name: 'Aumentar cantidad' }).click();
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Carrito, 2 productos');
  await page.goto(`/products/${second.id_producto}`);
  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(page).toHaveURL(/\/carrito$/);

  const secondCard = page.getByRole('article', { name: second.nombre });
  await secondCard.getByRole('button', { name: 'Aumentar cantidad' }).click();
  await secondCard.getByRole('button', { name: 'Aumentar cantidad' }).click();
  await page
    .getByRole('article', { name: first.nombre })
    .getByRole('button', { name: 'Disminuir cantidad' })
    .click();
  await expect(cartLink(page)).toHaveAccessibleName('Carrito, 4 productos');

  await page.reload();
  await expect(cartLink(page)).toHaveAccessibleName('Carrito, 4 productos');
  await expect(page.getByRole('article', { name: second.nombre })).toBeVisible();

  const cents = (p: ApiProduct) => Math.round((p.valor_descuento ?? p.valor) * 100);
  const total = ((cents(first) + 3 * cents(second)) / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
  });
  // The profile's name, address and phone are the order's shipping address unless changed.
  await expect(page.getByLabel('Dirección de entrega')).toHaveValue('Calle Durango 120, Roma Norte');
  // The state prices the shipping (the demo shop ships free everywhere).
  await page.getByRole('combobox', { name: 'Estado' }).selectOption('Texas');
  await fillCard(page);
  await page.getByRole('button', { name: `Pagar ${total} USD` }).click();
  await expect(page.getByText('Gracias por tu compra!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/pedido\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Pedido V-\d{6}$/ })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName(/Carrito, 0 productos/);

  await page.goto('/historial-de-compra');
  const line = page.getByRole('listitem').filter({ hasText: first.nombre }).first();
  await expect(line).toBeVisible();
  await line.getByRole('radio', { name: '5 estrellas' }).check({ force: true });
  await line.getByLabel('Comentario').fill('Muy buena compra, llegó perfecto.');
  await line.getByRole('button', { name: 'Calificar' }).click();
  await expect(page.getByText('Gracias por tu opinion!')).toBeVisible();

  await page.goto(`/products/${first.id_producto}`);
  await expect(page.getByText('Muy buena compra, llegó perfecto.')).toBeVisible();
});

test('a declined card shows why and keeps the cart', async ({ page }) => {
  await signedInCustomer(page);
  const [product] = await productsOf(page, 11);
  await page.goto(`/products/${product?.id_producto}`);
  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(page).toHaveURL(/\/carrito$/);
  await page.getByRole('combobox', { name: 'Estado' }).selectOption('Texas');
  await fillCard(page, { numero: '4000 0000 0000 0002' });
  await page.getByRole('button', { name: /^Pagar .* USD$/ }).click();
  await expect(page.getByText(/Tarjeta rechazada/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/carrito$/);
  await expect(cartLink(page)).toHaveAccessibleName('Carrito, 1 producto');
  await expect(page.getByRole('article', { name: product?.nombre })).toBeVisible();
});

test('the cart limits show their messages', async ({ page }) => {
  await signedInCustomer(page);
  const [a, b, c] = await productsOf(page, 5);
  if (!a || !b || !c) throw new Error('the seed needs three products with stock in category 5');

  await page.goto(`/products/${a.id_producto}`);
  const more = page.getByRole('button', { name: 'Aumentar cantidad' });
  for (let i = 0; i < 24; i++) await more.click();
  await more.click({ force: true });
  await expect(page.getByText(`Máximo 25 unidades de ${a.nombre} por compra`).first()).toBeVisible();
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Carrito, 25 productos');

  await page.goto(`/products/${b.id_producto}`);
  for (let i = 0; i < 24; i++) await page.getByRole('button', { name: 'Aumentar cantidad' }).click();
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(cartLink(page)).toHaveAccessibleName(/Carrito, 50 productos/);
  await expect(cartLink(page)).toHaveAccessibleDescription('Carrito lleno');

  await page.goto(`/products/${c.id_producto}`);
  await expect(page.getByRole('button', { name: 'Agregar al carrito' })).toBeDisabled();

  await page.goto('/carrito');
  // Once the cart has checked its lines (paying is possible), its + knows the limits.
  await expect(page.getByRole('button', { name: /^Pagar .* USD$/ })).toBeEnabled();
  await page
    .getByRole('article', { name: b.nombre })
    .getByRole('button', { name: 'Aumentar cantidad' })
    .click({ force: true });
  // The message on screen, not the cart link's description that screen readers hear.
  await expect(
    page
      .getByText(/Carrito lleno|Máximo 25 unidades/)
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
});

test('axe finds no serious or critical violation on the cart and the purchase history', async ({ page }) => {
  await signedInCustomer(page);
  const [product] = await productsOf(page, 7);
  await page.goto(`/products/${product?.id_producto}`);
  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(page.getByRole('article', { name: product?.nombre })).toBeVisible();
  for (const path of ['/carrito', '/historial-de-compra']) {
    if (path !== '/carrito') await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSevereViolations(page, `${path} `);
  }
});
