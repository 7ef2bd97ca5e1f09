import type { Browser, Page } from '@playwright/test';
import { ADMIN } from '../support/accounts';
import { apiAs, uniqueEmail } from '../support/api';
import { expect, test } from '../support/test';

/*
 * Every way of paying later, in the browser, as issue 35's walks ask (decisions 056, 060, 061, 084): the
 * owner enables Mercado Pago, bank transfer and cash on delivery; shoppers pick one at the checkout and pay
 * (approved), leave it pending then pay, leave it pending until it expires (the unit back on the shelf),
 * are rejected, and are refunded. Mercado Pago runs against its offline sandbox, which notifies the shop
 * signed as Mercado Pago does. One file, serial: the payment settings are the shop's, and the card stays
 * first, so the other specs running meanwhile still see the card form they expect.
 */

const TRANSFER = 'Banco Azteca · Titular: Vitrina SA · CLABE 012180001234567897';

const METHODS = {
  metodos: [
    { id: 'tarjeta', activo: true, descripcion: '', instrucciones: '', reserva_minutos: null },
    { id: 'mercadopago', activo: true, descripcion: '', instrucciones: '', reserva_minutos: 4320 },
    {
      id: 'transferencia',
      activo: true,
      descripcion: 'Desde tu banco',
      instrucciones: `${TRANSFER}\nConcepto: tu número de pedido.`,
      reserva_minutos: 2 * 24 * 60,
    },
    { id: 'contra_entrega', activo: true, descripcion: '', instrucciones: '', reserva_minutos: 7 * 24 * 60 },
  ],
};
/** A minute for every method paid later: the shortest reservation, so deadlines pass within the test. */
const ONE_MINUTE = {
  metodos: METHODS.metodos.map((m) => (m.reserva_minutos === null ? m : { ...m, reserva_minutos: 1 })),
};
const CARD_ONLY = {
  metodos: METHODS.metodos.map((m) => ({ ...m, activo: m.id === 'tarjeta' })),
};

type Method = 'Mercado Pago' | 'Transferencia bancaria' | 'Pago al recibir';

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
  const product = (await res.json()).items.find((p: ApiProduct) => p.stock >= 10);
  if (!product) throw new Error('the seed needs a product with stock in its last category');
  return product;
}

const stockOf = async (page: Page, id: number) =>
  ((await (await page.request.get(`/api/products/${id}`)).json()) as ApiProduct).stock;

const shippingState = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Envío' }).getByText(label, { exact: true });

test.describe.configure({ mode: 'serial' });

let admin: Awaited<ReturnType<typeof session>>;
let product: ApiProduct;

test.beforeAll(async ({ browser }) => {
  admin = await session(browser);
  await admin.api.signIn(ADMIN.email, ADMIN.password);
  const res = await admin.api.put('/api/ajustes/pagos', METHODS);
  expect(res.status()).toBe(200);
  product = await productToBuy(admin.page);
});

test.afterAll(async () => {
  await admin.api.put('/api/ajustes/pagos', CARD_ONLY);
});

/**
 * A new shopper buys one unit at the checkout, picking `method` among the enabled ones, and confirms:
 * Mercado Pago lands on its sandbox's Checkout Pro, the others on the order page. Returns the order's id.
 */
async function checkoutWith(browser: Browser, method: Method) {
  const shopper = await session(browser);
  const email = uniqueEmail('paga-despues');
  await shopper.api.register(email);
  await shopper.api.signIn(email, 'Prueba12345');
  const { page } = shopper;
  await page.goto(`/products/${product.id_producto}`);
  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(page).toHaveURL(/\/carrito$/);
  await expect(page.getByRole('heading', { name: 'Pago', exact: true })).toBeVisible();
  // The card comes first, as the owner ordered them.
  await expect(page.getByRole('radio', { name: /Tarjeta de crédito o débito/ })).toBeChecked();
  await page.getByRole('radio', { name: new RegExp(method) }).check();
  await expect(page.getByLabel('Número de tarjeta')).toBeHidden();
  await page.getByRole('combobox', { name: 'Estado' }).selectOption('Texas');
  await page.getByRole('button', { name: /^Confirmar pedido por \$/ }).click();
  if (method === 'Mercado Pago') {
    await expect(page.getByRole('heading', { name: 'Mercado Pago (sandbox)' })).toBeVisible();
    const orders = (await (await page.request.get('/api/venta')).json()) as {
      items: Array<{ id_venta: number }>;
    };
    const id = orders.items[0]?.id_venta;
    if (!id) throw new Error('the Mercado Pago order is in the shopper’s history');
    return { page, id };
  }
  await expect(page).toHaveURL(/\/pedido\/\d+$/);
  await expect(page.getByRole('region', { name: `Cómo pagar con ${method}` })).toBeVisible();
  return { page, id: Number(page.url().split('/').at(-1)) };
}

/**
 * The owner presses one of the order's buttons and confirms it in its dialog; once the server took it, the
 * page offers that move no more.
 */
async function ownerDoes(id: number, button: string, confirmWith = button) {
  await admin.page.goto(`/admin/pedidos/${id}`);
  const action = admin.page.getByRole('button', { name: button, exact: true });
  await action.click();
  await admin.page.getByRole('alertdialog').getByRole('button', { name: confirmWith, exact: true }).click();
  await expect(action).toHaveCount(0);
}

/** The owner refunds the whole order from its page. */
const ownerRefunds = (id: number) => ownerDoes(id, 'Reembolsar todo el pedido', 'Reembolsar');

test('Mercado Pago: approved, then refunded', async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, id } = await checkoutWith(browser, 'Mercado Pago');
  await page.getByRole('button', { name: 'Pagar con tarjeta (aprobado)' }).click();
  await expect(page).toHaveURL(new RegExp(`/pedido/${id}\\?`));
  await expect(page.getByText(/^Recibimos tu pago/)).toBeVisible();

  await ownerRefunds(id);
  await page.reload();
  await expect(shippingState(page, 'Reembolsado')).toBeVisible();
});

test('Mercado Pago: a cash voucher left pending, then paid by a later notification', async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, id } = await checkoutWith(browser, 'Mercado Pago');
  await page.getByRole('button', { name: 'Pagar en efectivo (queda pendiente)' }).click();
  await expect(page.getByText(/^Ficha de pago en efectivo generada/)).toBeVisible();
  await page.getByRole('link', { name: /^Volver a / }).click();
  await expect(page).toHaveURL(new RegExp(`/pedido/${id}\\?`));
  await expect(page.getByText(/^Tu pago en efectivo está pendiente: paga tu ficha antes del/)).toBeVisible();
  await page.getByRole('link', { name: 'Ver mi ficha de pago' }).click();
  await page.getByRole('button', { name: 'Simular el pago de la ficha' }).click();
  await expect(page).toHaveURL(new RegExp(`/pedido/${id}\\?`));
  await expect(page.getByText(/^Recibimos tu pago/)).toBeVisible();
});

test('Mercado Pago: rejected, nothing charged, the unit still reserved, another try offered', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page, id } = await checkoutWith(browser, 'Mercado Pago');
  const stock = await stockOf(page, product.id_producto);
  await page.getByRole('button', { name: 'Pagar con tarjeta (rechazado)' }).click();
  await expect(page.getByText('Tu pago fue rechazado. Puedes intentarlo de nuevo.')).toBeVisible();
  await page.getByRole('link', { name: /^Volver a / }).click();
  await expect(page).toHaveURL(new RegExp(`/pedido/${id}\\?`));
  await expect(page.getByText(/^Mercado Pago rechazó tu pago: no se te cobró nada/)).toBeVisible();
  await page.getByRole('button', { name: 'Intentar de nuevo con Mercado Pago' }).click();
  await expect(page.getByRole('heading', { name: 'Mercado Pago (sandbox)' })).toBeVisible();
  expect(await stockOf(page, product.id_producto)).toBe(stock);
});

test('transfer: pending, the owner marks it paid, the shopper sees it paid; then refunded', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page, id } = await checkoutWith(browser, 'Transferencia bancaria');
  const due = page.getByRole('region', { name: 'Cómo pagar con Transferencia bancaria' });
  await expect(due.getByText(TRANSFER)).toBeVisible();
  await expect(due.getByText(/^Total a pagar:/)).toBeVisible();
  await expect(due.getByText(/^Paga antes del/)).toBeVisible();
  await expect(page.getByText('Esperando pago').first()).toBeVisible();

  await ownerDoes(id, 'Marcar como pagado');
  await expect(admin.page.getByRole('button', { name: 'Preparar pedido' })).toBeVisible();
  await page.reload();
  await expect(shippingState(page, 'Pagado')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Cómo pagar/ })).toHaveCount(0);

  await ownerRefunds(id);
  await page.reload();
  await expect(shippingState(page, 'Reembolsado')).toBeVisible();
});

test('transfer never made: the owner cancels it unpaid and the unit returns to stock', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { page, id } = await checkoutWith(browser, 'Transferencia bancaria');
  const stock = await stockOf(page, product.id_producto);
  await ownerDoes(id, 'Cancelar pedido');
  await page.reload();
  await expect(shippingState(page, 'Cancelado sin pago')).toBeVisible();
  expect(await stockOf(page, product.id_producto)).toBe(stock + 1);
});

test('cash on delivery: shipped unpaid, delivered with the cash, then refunded', async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, id } = await checkoutWith(browser, 'Pago al recibir');
  // It cannot be prepared unpaid: the owner ships it to be paid at the door.
  await admin.page.goto(`/admin/pedidos/${id}`);
  await expect(admin.page.getByRole('button', { name: 'Preparar pedido' })).toHaveCount(0);
  await ownerDoes(id, 'Enviar y cobrar al entregar');
  await expect(admin.page.getByRole('button', { name: 'Entregado y cobrado' })).toBeVisible();
  await page.reload();
  await expect(shippingState(page, 'Enviado, por cobrar')).toBeVisible();
  await expect(page.getByText(/Paga el total en efectivo cuando lo recibas\.$/)).toBeVisible();

  await ownerDoes(id, 'Entregado y cobrado');
  await page.reload();
  await expect(shippingState(page, 'Entregado')).toBeVisible();

  await ownerRefunds(id);
  await page.reload();
  await expect(shippingState(page, 'Reembolsado')).toBeVisible();
});

test('cash on delivery refused at the door: cancelled unpaid when it comes back, the unit back', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { page, id } = await checkoutWith(browser, 'Pago al recibir');
  const stock = await stockOf(page, product.id_producto);
  await ownerDoes(id, 'Enviar y cobrar al entregar');
  await ownerDoes(id, 'Cancelar pedido');
  await page.reload();
  await expect(shippingState(page, 'Cancelado sin pago')).toBeVisible();
  expect(await stockOf(page, product.id_producto)).toBe(stock + 1);
});

test('left pending past the deadline, each method: cancelled by the shop, the units back on the shelf', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const before = await stockOf(admin.page, product.id_producto);
  let placed: Array<Awaited<ReturnType<typeof checkoutWith>>>;
  try {
    expect((await admin.api.put('/api/ajustes/pagos', ONE_MINUTE)).status()).toBe(200);
    placed = [
      await checkoutWith(browser, 'Mercado Pago'),
      await checkoutWith(browser, 'Transferencia bancaria'),
      await checkoutWith(browser, 'Pago al recibir'),
    ];
  } finally {
    await admin.api.put('/api/ajustes/pagos', METHODS);
  }
  expect(await stockOf(admin.page, product.id_producto)).toBe(before - 3);

  // Nobody pays: the shop cancels each order once its minute passes, with nobody asking.
  for (const { page, id } of placed) {
    await expect
      .poll(
        async () => {
          await page.goto(`/pedido/${id}`);
          // The page shows the order once it has read it: wait for it, then read its state.
          await expect(page.getByRole('heading', { level: 1, name: /^Pedido V-\d{6}$/ })).toBeVisible();
          return shippingState(page, 'Cancelado sin pago').isVisible();
        },
        { timeout: 150_000, intervals: [5_000] },
      )
      .toBe(true);
  }
  expect(await stockOf(admin.page, product.id_producto)).toBe(before);
});
