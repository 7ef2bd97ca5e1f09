import type { Browser, Page } from '@playwright/test';
import { ADMIN } from '../support/accounts';
import { apiAs, uniqueEmail } from '../support/api';
import { expect, hydrated, test } from '../support/test';

/*
 * Carts that follow the shopper (docs/decisions/080): what a customer puts in the cart in one browser is
 * in the cart of another browser once they sign in there. And a customer's request to cancel an order,
 * which the owner accepts from the order's page.
 */

interface ApiProduct {
  id_producto: number;
  nombre: string;
  stock: number;
}

const cartLink = (page: Page) => page.getByRole('link', { name: /^Carrito, \d+ productos?$/ });

/** A browser of its own: its own cookies and local storage, as another device would have. */
const device = async (browser: Browser) => (await browser.newContext()).newPage();

/** Opens `path` (or reloads) and waits until the app has taken over the page, as the suite's `page` does. */
async function open(page: Page, path?: string) {
  if (path === undefined) await page.reload();
  else await page.goto(path);
  await hydrated(page);
}

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

  await open(phone, `/products/${first.id_producto}`);
  await phone.getByRole('button', { name: 'Aumentar cantidad' }).click();
  await phone.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(cartLink(phone)).toHaveAccessibleName('Carrito, 2 productos');
  await open(phone, `/products/${second.id_producto}`);
  await expect(phone.getByRole('heading', { name: second.nombre })).toBeVisible();
  await phone.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(cartLink(phone)).toHaveAccessibleName('Carrito, 3 productos');
  // The phone sends its cart a moment after the last change.
  await expect
    .poll(async () => (await (await phone.request.get('/api/carrito')).json()).lineas.length)
    .toBe(2);

  const laptop = await device(browser);
  await open(laptop, '/login');
  await laptop.getByLabel('Email').fill(email);
  await laptop.getByLabel('Contraseña', { exact: true }).fill('Prueba12345');
  await laptop.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(cartLink(laptop)).toHaveAccessibleName('Carrito, 3 productos');
  await open(laptop, '/carrito');
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
  await open(phone);
  await expect(cartLink(phone)).toHaveAccessibleName('Carrito, 4 productos');
});

test('a customer asks to cancel an order and the owner accepts it', async ({ browser }) => {
  test.setTimeout(90_000);
  const customer = await device(browser);
  const api = await apiAs(customer.request);
  const email = uniqueEmail('cancela');
  await api.register(email);
  await api.signIn(email, 'Prueba12345');
  const [product] = await productsOf(customer, 8);
  if (!product) throw new Error('the seed needs a product with stock in category 8');
  const sale = (await api.buy(product.id_producto)) as unknown as { id_venta: number };

  await open(customer, `/pedido/${sale.id_venta}`);
  await customer.getByLabel('Motivo').fill('Lo pedí por error');
  await customer.getByRole('button', { name: 'Pedir la cancelación' }).click();
  await expect(customer.getByText('Enviamos tu solicitud')).toBeVisible();
  await expect(customer.getByText('Cancelación: Pendiente')).toBeVisible();

  const owner = await device(browser);
  await (await apiAs(owner.request)).signIn(ADMIN.email, ADMIN.password);
  await open(owner, `/admin/pedidos/${sale.id_venta}`);
  await expect(owner.getByText('El cliente pide la cancelación. Motivo: Lo pedí por error')).toBeVisible();
  await owner.getByRole('button', { name: 'Aceptar la cancelación' }).click();
  await expect(owner.getByText('Aceptaste la cancelación')).toBeVisible();
  await expect(owner.getByText('Cancelación: Aceptada')).toBeVisible();

  await open(customer);
  await expect(customer.getByText('Cancelación: Aceptada')).toBeVisible();
  await expect(customer.getByText(/Cancelamos este pedido/)).toBeVisible();
});
