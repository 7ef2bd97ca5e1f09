import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type OrderSummary, priceBands } from '@vitrina/shared';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cargoSandbox, correo, producto, reembolsoSandbox } from './db/schema';
import type { RenderPage } from './modules/site';
import { Agent, newCustomer } from './test/agent';
import { seededTestApp, type TestApp } from './test/app';
import { testTempDir } from './test/databases';
import { type FakeStripe, startFakeStripe } from './test/fake-stripe';
import { stockedProducts } from './test/products';
import { TEST_ADDRESS } from './test/shipping-address';
import { STRIPE_TEST_ENV, sendStripeWebhook } from './test/stripe-app';
import { TEMPLATE } from './test/web-build';

/*
 * A shop that sells in another currency than dollars (SHOP_CURRENCY): what its shoppers and its owner read
 * (the order e-mail, the CSV, a rendered product page), what the provider is charged, and the prices it
 * refuses. One PGlite shop per case: nothing here depends on the database.
 */

/** The web app's server render from its source, as render.test.ts uses it. */
const WEB_RENDER_SOURCE = '../../web/src/entry-server.tsx';
const { renderPage } = (await import(WEB_RENDER_SOURCE)) as { renderPage: RenderPage };

const NBSP = '\u00a0';
const CARD = { numero: '4242 4242 4242 4242', expiracion: '12/39', cvc: '314', nombre: 'Lucía Hernández' };
type ProductRow = typeof producto.$inferSelect;

interface CurrencyShop {
  t: TestApp;
  fake?: FakeStripe;
  admin: Agent;
  product: ProductRow;
  close(): Promise<void>;
}

/** A seeded shop in `currency`, pages rendered by the web app, paid through the sandbox or a fake Stripe. */
async function shopIn(currency: string, provider: 'sandbox' | 'stripe'): Promise<CurrencyShop> {
  const webRoot = await testTempDir('currency-web-');
  await mkdir(join(webRoot, 'dist'));
  await writeFile(join(webRoot, 'dist', 'index.html'), TEMPLATE);
  const fake =
    provider === 'stripe'
      ? await startFakeStripe({ secretKey: STRIPE_TEST_ENV.STRIPE_SECRET_KEY })
      : undefined;
  const t = await seededTestApp(
    'pglite',
    { SHOP_CURRENCY: currency, WEB_DIST: join(webRoot, 'dist'), ...(fake && STRIPE_TEST_ENV) },
    { renderPage, ...(fake && { stripeApi: fake.api }) },
  );
  const admin = new Agent(t.app);
  await admin.signIn(t.config.admin.email, t.config.admin.password);
  const [product] = await stockedProducts(t.db);
  return {
    t,
    fake,
    admin,
    product: product as ProductRow,
    async close() {
      await t.close();
      await fake?.close();
    },
  };
}

/** The product at `valor` without a discount, and shipping at `envio` with no free threshold. */
async function setPrices(shop: CurrencyShop, valor: string, envio: number) {
  const edited = await shop.admin.put(`/api/products/${shop.product.id_producto}/editProduct`, {
    valor,
    valor_descuento: null,
  });
  expect(edited.statusCode, edited.body).toBe(200);
  const settings = await shop.admin.put('/api/ajustes', { envio_tarifa: envio, envio_gratis_desde: null });
  expect(settings.statusCode, settings.body).toBe(200);
}

/** Two units of the shop's product, paid with `idPago` (a sandbox card when not given); the order. */
async function buyTwo(shop: CurrencyShop, email: string, idPago?: string) {
  const { agent, user } = await newCustomer(shop.t.app, email);
  const pago = idPago ?? (await agent.post('/api/pagos/sandbox/metodos', CARD)).json().id_pago;
  const res = await agent.request(
    'POST',
    '/api/venta',
    {
      detalle_venta: [{ id_producto: shop.product.id_producto, cantidad: 2 }],
      id_pago: pago,
      direccion_envio: TEST_ADDRESS,
    },
    { 'idempotency-key': randomUUID() },
  );
  expect(res.statusCode, res.body).toBe(201);
  return { user, order: res.json() as OrderSummary };
}

async function confirmationText(shop: CurrencyShop, email: string) {
  const [mail] = await shop.t.db
    .select()
    .from(correo)
    .where(and(eq(correo.destinatario, email), eq(correo.tipo, 'pedido_confirmado')));
  return mail?.texto ?? '';
}

/** The export's row of an order, found by its number (the first column). */
async function csvRow(shop: CurrencyShop, numeroPedido: string) {
  const res = await shop.admin.get('/api/venta/export.csv?estado=todas');
  expect(res.statusCode).toBe(200);
  return res.body.split('\r\n').find((line) => line.startsWith(`${numeroPedido},`)) ?? '';
}

async function productPage(shop: CurrencyShop) {
  const res = await shop.t.app.inject({ method: 'GET', url: `/products/${shop.product.id_producto}` });
  expect(res.statusCode).toBe(200);
  const jsonLd = JSON.parse(
    /<script type="application\/ld\+json">(.+?)<\/script>/.exec(res.body)?.[1] ?? '{}',
  );
  return { html: res.body, offers: jsonLd.offers };
}

describe('a shop in Chilean pesos (SHOP_CURRENCY=CLP), paid through the sandbox', () => {
  let shop: CurrencyShop;
  beforeAll(async () => {
    shop = await shopIn('CLP', 'sandbox');
  });
  afterAll(() => shop.close());

  it('tells the browser its currency', async () => {
    const res = await shop.t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().moneda).toBe('CLP');
  });

  it("counts the listing's products in price bands sized for pesos", async () => {
    const res = await shop.t.app.inject({ method: 'GET', url: '/api/products/facetas' });
    expect(res.statusCode).toBe(200);
    const bands = (res.json() as { precios: Array<{ desde: number; hasta: number | null }> }).precios;
    expect(bands.length).toBeGreaterThan(0);
    for (const band of bands)
      expect(priceBands('CLP')).toContainEqual({ desde: band.desde, hasta: band.hasta });
  });

  it('seeds the demo catalog in whole pesos', async () => {
    const prices = await shop.t.db
      .select({ valor: producto.valor, descuento: producto.valor_descuento })
      .from(producto);
    expect(prices.length).toBeGreaterThan(0);
    for (const { valor, descuento } of prices) {
      expect(valor).toMatch(/\.00$/);
      if (descuento !== null) expect(descuento).toMatch(/\.00$/);
      if (descuento !== null) expect(Number(descuento)).toBeLessThan(Number(valor));
    }
  });

  it('refuses a price, a discount or a shipping amount with decimals, in Spanish, and changes nothing', async () => {
    const id = shop.product.id_producto;
    const before = (await shop.admin.get(`/api/products/admin/${id}`)).json();
    const edit = await shop.admin.put(`/api/products/${id}/editProduct`, { valor: '12990.50' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().fields).toEqual({ valor: 'Los precios en CLP no llevan decimales' });
    const discount = await shop.admin.put(`/api/products/${id}/editProduct`, { valor_descuento: 99.9 });
    expect(discount.json().fields).toEqual({ valor_descuento: 'Los precios en CLP no llevan decimales' });
    expect((await shop.admin.get(`/api/products/admin/${id}`)).json()).toEqual(before);

    const created = await shop.admin.post('/api/products', {
      nombre: 'Tetera de hierro',
      descripcion_producto: 'Tetera de hierro fundido, 1 litro.',
      valor: '24990.90',
      stock: 3,
      id_categoria_producto: 1,
      imagen: before.imagen,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().fields).toEqual({ valor: 'Los precios en CLP no llevan decimales' });

    const settingsBefore = (await shop.admin.get('/api/ajustes')).json();
    const settings = await shop.admin.put('/api/ajustes', {
      envio_tarifa: 3990.5,
      envio_gratis_desde: 50000.5,
    });
    expect(settings.statusCode).toBe(400);
    expect(settings.json().fields).toEqual({
      envio_tarifa: 'La tarifa de envío en CLP no lleva decimales',
      envio_gratis_desde: 'El mínimo para envío gratis en CLP no lleva decimales',
    });
    expect((await shop.admin.get('/api/ajustes')).json()).toEqual(settingsBefore);
  });

  it('writes and charges an order in pesos: the e-mail, the CSV, the sandbox in whole pesos, a refund too', async () => {
    await setPrices(shop, '12990', 3990);
    const { user, order } = await buyTwo(shop, 'pesos@example.com');
    expect(order.valor_total_venta).toBe(29970);

    const [charge] = await shop.t.db
      .select()
      .from(cargoSandbox)
      .where(eq(cargoSandbox.id_venta, order.id_venta));
    expect(charge?.monto_centavos).toBe(29970);

    const text = await confirmationText(shop, user.email);
    expect(text).toContain('2 × $12.990 = $25.980');
    expect(text).toContain('Envío: $3.990');
    expect(text).toContain('Total: $29.970');

    // Subtotal, shipping, charged, refunded, net, currency.
    expect(await csvRow(shop, order.numero_pedido ?? '')).toContain(',25980,3990,29970,0,29970,CLP,');

    const refund = await shop.admin.request(
      'POST',
      `/api/venta/${order.id_venta}/reembolso`,
      { lineas: [{ id_detalle_venta: order.detalle_venta[0]?.id_detalle_venta, cantidad: 1 }] },
      { 'idempotency-key': randomUUID() },
    );
    expect(refund.statusCode, refund.body).toBe(200);
    const [given] = await shop.t.db
      .select()
      .from(reembolsoSandbox)
      .where(eq(reembolsoSandbox.referencia_cargo, charge?.referencia ?? ''));
    expect(given?.monto_centavos).toBe(12990);
  });

  it('refuses to charge a price with cents left from before the shop changed currency, and takes no stock', async () => {
    const [other] = await shop.t.db
      .select()
      .from(producto)
      .where(
        and(
          eq(producto.estado, true),
          gt(producto.stock, 30),
          gt(producto.id_producto, shop.product.id_producto),
        ),
      )
      .limit(1);
    const row = other as ProductRow;
    await shop.t.db
      .update(producto)
      .set({ valor: '19.90', valor_descuento: null })
      .where(eq(producto.id_producto, row.id_producto));
    const { agent } = await newCustomer(shop.t.app, 'centavos@example.com');
    const card = (await agent.post('/api/pagos/sandbox/metodos', CARD)).json().id_pago;
    const res = await agent.request(
      'POST',
      '/api/venta',
      {
        detalle_venta: [{ id_producto: row.id_producto, cantidad: 1 }],
        id_pago: card,
        direccion_envio: TEST_ADDRESS,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Un precio de tu carrito tiene decimales y en CLP no se cobran. Escríbenos para completar la compra.',
    );
    const [after] = await shop.t.db.select().from(producto).where(eq(producto.id_producto, row.id_producto));
    expect(after?.stock).toBe(row.stock);
  });

  it("renders the product page's price in pesos, and tells search engines and link previews CLP", async () => {
    const { html, offers } = await productPage(shop);
    expect(offers).toMatchObject({ price: '12990', priceCurrency: 'CLP' });
    expect(html).toContain('<meta property="product:price:amount" content="12990">');
    expect(html).toContain('<meta property="product:price:currency" content="CLP">');
    expect(html).toContain('$12.990');
    expect(html).not.toContain('12,990');
  });
});

describe('a shop in euros (SHOP_CURRENCY=EUR), paid through Stripe', () => {
  let shop: CurrencyShop;
  beforeAll(async () => {
    shop = await shopIn('EUR', 'stripe');
  });
  afterAll(() => shop.close());

  it('charges Stripe cents in eur and writes the order as Spain writes money', async () => {
    await setPrices(shop, '1234.50', 4.99);
    const { user, order } = await buyTwo(shop, 'euros@example.com', 'pm_card_visa');
    expect(order.valor_total_venta).toBe(2473.99);
    const [pi] = shop.fake?.intentsOf(order.id_venta) ?? [];
    expect(pi).toMatchObject({ amount: 247399, currency: 'eur', status: 'succeeded' });

    const text = await confirmationText(shop, user.email);
    expect(text).toContain(`2 × 1234,50${NBSP}€ = 2469,00${NBSP}€`);
    expect(text).toContain(`Envío: 4,99${NBSP}€`);
    expect(text).toContain(`Total: 2473,99${NBSP}€`);

    // A point, not Spain's comma: the comma separates the columns, and a spreadsheet reads it as a number.
    expect(await csvRow(shop, order.numero_pedido ?? '')).toContain(
      ',2469.00,4.99,2473.99,0.00,2473.99,EUR,',
    );
  });

  it("renders the product page's price in euros", async () => {
    const { html, offers } = await productPage(shop);
    expect(offers).toMatchObject({ price: '1234.50', priceCurrency: 'EUR' });
    expect(html).toContain(`1234,50${NBSP}€`);
  });
});

describe('a shop in Chilean pesos (SHOP_CURRENCY=CLP), paid through Stripe', () => {
  let shop: CurrencyShop;
  beforeAll(async () => {
    shop = await shopIn('CLP', 'stripe');
    await setPrices(shop, '12990', 3990);
  });
  afterAll(() => shop.close());

  it('charges Stripe whole pesos (a zero-decimal currency)', async () => {
    const { order } = await buyTwo(shop, 'stripe-pesos@example.com', 'pm_card_visa');
    const [pi] = shop.fake?.intentsOf(order.id_venta) ?? [];
    expect(pi).toMatchObject({ amount: 29970, currency: 'clp', status: 'succeeded' });
  });

  it("settles a sale from Stripe's event, whose amount is in whole pesos", async () => {
    const { agent } = await newCustomer(shop.t.app, 'stripe-3ds@example.com');
    const res = await agent.request(
      'POST',
      '/api/venta',
      {
        detalle_venta: [{ id_producto: shop.product.id_producto, cantidad: 1 }],
        id_pago: 'pm_card_authenticationRequired',
        direccion_envio: TEST_ADDRESS,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(202);
    const fake = shop.fake as FakeStripe;
    const [pi] = fake.intentsOf(res.json().id_venta);
    fake.completeAction(pi?.id as string, 'succeeded');
    const payload = fake.eventPayload('payment_intent.succeeded', pi?.id as string);
    const webhook = await sendStripeWebhook(shop.t.app, payload);
    expect(webhook.statusCode, webhook.body).toBe(200);
    const order = await agent.get(`/api/venta/${res.json().id_venta}`);
    expect(order.json()).toMatchObject({ estado: 'pagada', valor_total_venta: 16980 });
  });
});
