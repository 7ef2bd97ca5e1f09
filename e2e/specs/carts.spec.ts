import type { Browser, Page } from '@playwright/test';
import { apiAs, uniqueEmail } from '../support/api';
import { expect, test } from '../support/test';

/*
 * Carts that follow the shopper (docs/decisions/080): what a customer puts in the cart in one browser is
 * in the cart of another browser once they sign in there.
 */

interface ApiProduct {
  id_producto: number;
  nombre: string;
  stock: number;
}

const cartLink = (page: Page) => page.getByRole('link', { name: /^Carrito, \d+ productos?$/ });

/** A browser of its own: its own cookies and local storage, as another device would have. */
const device = async (browser: Browser) => (await browser.newContext()).newPage();

async function productsOf(page: Page, categoria: number): Promise<ApiProduct[]> {
  const res = await page.request.get(`/api/products/categoria/${categoria}?pageSize=48&orden=precio_asc`);
  return (await res.json()).items.filter((p: ApiProduct) => p.stock >= 30);
}

test('a cart filled in one browser shows in another after signing in there', async ({ browser }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('carro');
  const phone = await device(browser);
  const api = await apiAs(phone.request);
  await api.register(email);
  await api.signIn(email, 'Prueba12345');
  const [first, second] = await productsOf(phone, 8);
  if (!first || !second) throw new Error('the seed needs two products with stock in category 8');

  await phone.goto(`/products/${first.id_producto}`);
  await phone.getByRole('button', { name: 'Aumentar cantidad' }).click();
  await phone.getByRole('button', { name: 'Agregar al carrito' }).click();
  await phone.goto(`/products/${second.id_producto}`);
  await phone.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(cartLink(phone)).toHaveAccessibleName('Carrito, 3 productos');
  // The phone sends its cart a moment after the last change.
  await expect
    .poll(async () => (await (await phone.request.get('/api/carrito')).json()).lineas.length)
    .toBe(2);

  const laptop = await device(browser);
  await laptop.goto('/login');
  await laptop.getByLabel('Email').fill(email);
  await laptop.getByLabel('Contraseña', { exact: true }).fill('Prueba12345');
  await laptop.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(cartLink(laptop)).toHaveAccessibleName('Carrito, 3 productos');
  await laptop.goto('/carrito');
  await expect(laptop.getByRole('article', { name: first.nombre })).toBeVisible();
  await expect(laptop.getByRole('article', { name: second.nombre })).toBeVisible();

  // A change on the laptop reaches the phone when the shopper comes back to it.
  await laptop
    .getByRole('article', { name: second.nombre })
    .getByRole('button', { name: 'Aumentar cantidad' })
    .click();
  await expect(cartLink(laptop)).toHaveAccessibleName('Carrito, 4 productos');
  await expect
    .poll(async () => (await (await laptop.request.get('/api/carrito')).json()).lineas[1]?.cantidad)
    .toBe(2);
  await phone.reload();
  await expect(cartLink(phone)).toHaveAccessibleName('Carrito, 4 productos');
});
