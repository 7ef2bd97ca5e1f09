import type { Browser, Page } from '@playwright/test';
import { ADMIN } from '../support/accounts';
import { apiAs, uniqueEmail } from '../support/api';
import { expect, test } from '../support/test';

/*
 * Orders paid later (decision 056), in the browser: the owner enables bank transfer and cash on delivery;
 * a shopper pays by transfer, reads on the order page how to pay, how much and until when, the owner marks
 * it paid and the shopper sees 'Pagado'; another order, to be paid on delivery within a minute, is
 * cancelled by the shop at its deadline and its unit goes back on the shelf. The card stays first, so the
 * other specs running meanwhile still see the card form they expect; the settings go back at the end.
 */

const TRANSFER = 'Banco Azteca · Titular: Vitrina SA · CLABE 012180001234567897';

const METHODS = {
  metodos: [
    { id: 'tarjeta', activo: true, descripcion: '', instrucciones: '', reserva_minutos: null },
    {
      id: 'transferencia',
      activo: true,
      descripcion: 'Desde tu banco',
      instrucciones: `${TRANSFER}\nConcepto: tu número de pedido.`,
      reserva_minutos: 2 * 24 * 60,
    },
    // A minute: the shortest reservation, so the deadline passes within the test.
    { id: 'contra_entrega', activo: true, descripcion: '', instrucciones: '', reserva_minutos: 1 },
    { id: 'mercadopago', activo: false, descripcion: '', instrucciones: '', reserva_minutos: 4320 },
  ],
};
const CARD_ONLY = {
  metodos: METHODS.metodos.map((m) => ({ ...m, activo: m.id === 'tarjeta' })),
};

interface ApiProduct {
  id_producto: number;
  nombre: string;
  stock: number;
}

async function session(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  return { page, api: await apiAs(page.request) };
}

/** The dearest product with stock of the last category: the other specs buy the cheapest of theirs. */
async function productToBuy(page: Page): Promise<ApiProduct> {
  const categories = (await (await page.request.get('/api/categorias')).json()) as Array<{
    id_categoria_producto: number;
  }>;
  const last = Math.max(...categories.map((c) => c.id_categoria_producto));
  const res = await page.request.get(`/api/products/categoria/${last}?pageSize=48&orden=precio_desc`);
  const product = (await res.json()).items.find((p: ApiProduct) => p.stock >= 5);
  if (!product) throw new Error('the seed needs a product with stock in its last category');
  return product;
}

const stockOf = async (page: Page, id: number) =>
  ((await (await page.request.get(`/api/products/${id}`)).json()) as ApiProduct).stock;

/** A new shopper, signed in, with one unit of `product` in the cart, on the cart page. */
async function shopperWithCart(browser: Browser, product: ApiProduct) {
  const shopper = await session(browser);
  const email = uniqueEmail('paga-despues');
  await shopper.api.register(email);
  await shopper.api.signIn(email, 'Prueba12345');
  await shopper.page.goto(`/products/${product.id_producto}`);
  await shopper.page.getByRole('button', { name: 'Comprar' }).click();
  await expect(shopper.page).toHaveURL(/\/carrito$/);
  return shopper;
}

test.describe.configure({ mode: 'serial' });

let admin: Awaited<ReturnType<typeof session>>;

test.beforeAll(async ({ browser }) => {
  admin = await session(browser);
  await admin.api.signIn(ADMIN.email, ADMIN.password);
  const res = await admin.api.put('/api/ajustes/pagos', METHODS);
  expect(res.status()).toBe(200);
});

test.afterAll(async () => {
  await admin.api.put('/api/ajustes/pagos', CARD_ONLY);
});

test('a shopper pays by transfer, reads how to pay, the owner marks it paid and the shopper sees it paid', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const product = await productToBuy(admin.page);
  const { page } = await shopperWithCart(browser, product);

  await test.step('the shopper chooses the transfer and confirms the order', async () => {
    await expect(page.getByRole('heading', { name: 'Pago', exact: true })).toBeVisible();
    // The card comes first, as the owner ordered them.
    await expect(page.getByRole('radio', { name: /Tarjeta de crédito o débito/ })).toBeChecked();
    await page.getByRole('radio', { name: /Transferencia bancaria/ }).check();
    await expect(page.getByLabel('Número de tarjeta')).toBeHidden();
    await page.getByRole('combobox', { name: 'Estado' }).selectOption('Texas');
    await page.getByRole('button', { name: /^Confirmar pedido por \$/ }).click();
    await expect(page).toHaveURL(/\/pedido\/\d+$/);
  });

  const orderUrl = page.url();
  await test.step('the order page says how to pay, how much and until when', async () => {
    const due = page.getByRole('region', { name: 'Cómo pagar con Transferencia bancaria' });
    await expect(due.getByText(TRANSFER)).toBeVisible();
    await expect(due.getByText(/^Total a pagar:/)).toBeVisible();
    await expect(due.getByText(/^Paga antes del/)).toBeVisible();
    await expect(page.getByText('Esperando pago').first()).toBeVisible();
  });

  await test.step('the owner marks it paid', async () => {
    const id = orderUrl.split('/').at(-1);
    await admin.page.goto(`/admin/pedidos/${id}`);
    await admin.page.getByRole('button', { name: 'Marcar como pagado' }).click();
    await admin.page.getByRole('alertdialog').getByRole('button', { name: 'Marcar como pagado' }).click();
    await expect(admin.page.getByRole('button', { name: 'Preparar pedido' })).toBeVisible();
  });

  await test.step('the shopper sees it paid', async () => {
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Envío' }).getByText('Pagado', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: /^Cómo pagar/ })).toHaveCount(0);
  });
});

test('an order paid on delivery that is not paid by its deadline is cancelled and its unit returns to stock', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const product = await productToBuy(admin.page);
  const { page } = await shopperWithCart(browser, product);
  const before = await stockOf(page, product.id_producto);

  await page.getByRole('radio', { name: /Pago al recibir/ }).check();
  await page.getByRole('combobox', { name: 'Estado' }).selectOption('Texas');
  await page.getByRole('button', { name: /^Confirmar pedido por \$/ }).click();
  await expect(page).toHaveURL(/\/pedido\/\d+$/);
  await expect(page.getByRole('region', { name: 'Cómo pagar con Pago al recibir' })).toBeVisible();
  expect(await stockOf(page, product.id_producto)).toBe(before - 1);

  // The reservation is a minute: the shop cancels the order once it passes, with nobody asking.
  await expect
    .poll(
      async () => {
        await page.reload();
        // The page shows the order once it has read it: wait for it, then read its state.
        await expect(page.getByRole('heading', { level: 1, name: /^Pedido V-\d{6}$/ })).toBeVisible();
        return page.getByRole('region', { name: 'Envío' }).getByText('Cancelado sin pago').isVisible();
      },
      { timeout: 120_000, intervals: [5_000] },
    )
    .toBe(true);
  expect(await stockOf(page, product.id_producto)).toBe(before);
});
