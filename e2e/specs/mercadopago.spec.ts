import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { ADMIN } from '../support/accounts';
import { apiAs, uniqueEmail } from '../support/api';
import { expect, test } from '../support/test';

/*
 * Mercado Pago through the offline sandbox (no MERCADOPAGO_ACCESS_TOKEN): an order placed to be paid with
 * Mercado Pago goes to the sandbox's Checkout Pro page, where the shopper approves, leaves a cash voucher
 * pending and pays it later, or is rejected; the sandbox notifies the shop signed as Mercado Pago does and
 * the order page says where the payment stands, asked of the server, never guessed from the return address.
 */

interface PaymentMethodSettings {
  id: string;
  activo: boolean;
  descripcion: string;
  instrucciones: string;
  reserva_minutos: number | null;
}

async function session(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  return { page, api: await apiAs(page.request) };
}

const xsrfOf = async (request: APIRequestContext) =>
  (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';

/** Places an order of one unit to pay with Mercado Pago, as the checkout does; its id and where to pay. */
async function orderWithMercadoPago(page: Page, idProducto: number) {
  const res = await page.request.post('/api/venta', {
    data: {
      detalle_venta: [{ id_producto: idProducto, cantidad: 1 }],
      metodo_pago: 'mercadopago',
      direccion_envio: {
        nombre: 'Prueba Playwright',
        direccion: 'Calle Durango 120, Roma Norte',
        telefono: '5512345678',
      },
    },
    headers: {
      'X-XSRF-TOKEN': await xsrfOf(page.request),
      'Idempotency-Key': `e2e-mp-${Date.now()}-${Math.random()}`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { id_venta: number; estado: string; redirect_url: string };
  expect(body.estado).toBe('pendiente_pago');
  return body;
}

const stockOf = async (page: Page, id: number) =>
  ((await (await page.request.get(`/api/products/${id}`)).json()) as { stock: number }).stock;

test('Mercado Pago in the offline sandbox: approved, left pending then paid, rejected', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const shopper = await session(browser);
  const email = uniqueEmail('mp');
  await shopper.api.register(email);
  await shopper.api.signIn(email, 'Prueba12345');
  const page = shopper.page;
  const products = (await (await page.request.get('/api/products/categoria/6?pageSize=48')).json()) as {
    items: Array<{ id_producto: number; stock: number }>;
  };
  const product = products.items.find((p) => p.stock >= 10);
  if (!product) throw new Error('the seed needs a toy with stock');

  // Mercado Pago is enabled only while the three orders are placed (the card stays first), so the specs
  // running meanwhile see the checkout they expect; paying an order placed needs no setting.
  const admin = await session(browser);
  await admin.api.signIn(ADMIN.email, ADMIN.password);
  const before = (await (await admin.page.request.get('/api/ajustes/pagos')).json()) as {
    metodos: PaymentMethodSettings[];
  };
  const enabled = before.metodos.map((m) => (m.id === 'mercadopago' ? { ...m, activo: true } : m));
  const stock = await stockOf(page, product.id_producto);
  let orders: Array<Awaited<ReturnType<typeof orderWithMercadoPago>>>;
  try {
    expect((await admin.api.put('/api/ajustes/pagos', { metodos: enabled })).status()).toBe(200);
    orders = [];
    for (let i = 0; i < 3; i++) orders.push(await orderWithMercadoPago(page, product.id_producto));
  } finally {
    await admin.api.put('/api/ajustes/pagos', { metodos: before.metodos });
  }
  const [approved, voucher, rejected] = orders;
  if (!approved || !voucher || !rejected) throw new Error('three orders were placed');
  // Each holds its unit while it waits for its money.
  expect(await stockOf(page, product.id_producto)).toBe(stock - 3);

  await test.step('approved: back on the order page, paid', async () => {
    await page.goto(approved.redirect_url);
    await expect(page.getByRole('heading', { name: 'Mercado Pago (sandbox)' })).toBeVisible();
    await page.getByRole('button', { name: 'Pagar con tarjeta (aprobado)' }).click();
    await expect(page).toHaveURL(new RegExp(`/pedido/${approved.id_venta}\\?`));
    await expect(page.getByText(/^Recibimos tu pago/)).toBeVisible();
  });

  await test.step('a cash voucher left pending, then paid at the store', async () => {
    await page.goto(voucher.redirect_url);
    await page.getByRole('button', { name: 'Pagar en efectivo (queda pendiente)' }).click();
    await expect(page.getByText(/^Ficha de pago en efectivo generada/)).toBeVisible();
    await page.getByRole('link', { name: /^Volver a / }).click();
    await expect(page).toHaveURL(new RegExp(`/pedido/${voucher.id_venta}\\?`));
    await expect(
      page.getByText(/^Tu pago en efectivo está pendiente: paga tu ficha antes del/),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Ver mi ficha de pago' }).click();
    await page.getByRole('button', { name: 'Simular el pago de la ficha' }).click();
    await expect(page).toHaveURL(new RegExp(`/pedido/${voucher.id_venta}\\?`));
    await expect(page.getByText(/^Recibimos tu pago/)).toBeVisible();
  });

  await test.step('rejected: nothing charged, the unit still reserved, and another try is offered', async () => {
    await page.goto(rejected.redirect_url);
    await page.getByRole('button', { name: 'Pagar con tarjeta (rechazado)' }).click();
    await expect(page.getByText('Tu pago fue rechazado. Puedes intentarlo de nuevo.')).toBeVisible();
    await page.getByRole('link', { name: /^Volver a / }).click();
    await expect(page.getByText(/^Mercado Pago rechazó tu pago: no se te cobró nada/)).toBeVisible();
    await page.getByRole('button', { name: 'Intentar de nuevo con Mercado Pago' }).click();
    await expect(page.getByRole('heading', { name: 'Mercado Pago (sandbox)' })).toBeVisible();
    expect(await stockOf(page, product.id_producto)).toBe(stock - 3);
  });
});
