import type { Browser, Page } from '@playwright/test';
import { ADMIN } from '../support/accounts';
import { apiAs, uniqueEmail } from '../support/api';
import { fillCard } from '../support/card';
import { mailsTo } from '../support/mailbox';
import { expect, hydrated, test } from '../support/test';

/*
 * Promotions in the browser (issue 37, docs/decisions/073): the owner creates a 10 % code limited to one use
 * per customer and an automatic free shipping over $500 in Ajustes › Promociones; a shopper whose cart passes
 * $500 types the code, sees the discount and the free shipping in the totals, pays with 4242 and finds the
 * same totals on the order page and in the confirmation e-mail; the code is refused on a second order; the
 * owner refunds one unit and gives back that unit's paid share (the discount spread over the lines), to the
 * cent. The demo shop ships for free, so the test ships to a zone of its own (Oregon, in no other spec's
 * zone) with a rate, or free shipping would change nothing; the zone and the promotions go at the end.
 */

interface ApiProduct {
  id_producto: number;
  nombre: string;
  valor: number;
  valor_descuento: number | null;
  stock: number;
  variantes: unknown[];
}

const RATE = 25;
const REGION = 'Oregon';

async function session(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  page.setDefaultTimeout(15_000);
  return { page, api: await apiAs(page.request) };
}

/** Dollars as the shop writes them (playwright.config.ts sets no SHOP_CURRENCY: USD). */
const usd = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The largest-remainder share of `total` among `amounts`, as the shop spreads an order's discount. */
function spread(total: number, amounts: number[]): number[] {
  const sum = amounts.reduce((a, b) => a + b, 0);
  const exact = amounts.map((a) => (a / sum) * total);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  for (const { i } of exact.map((v, i) => ({ i, rest: v - Math.floor(v) })).sort((a, b) => b.rest - a.rest)) {
    if (left === 0) break;
    shares[i] = (shares[i] as number) + 1;
    left--;
  }
  return shares;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The value shown after a label in a list of totals (dt/dd). */
const totalsRow = (scope: ReturnType<Page['getByRole']>, label: string) =>
  scope.locator('dl > div').filter({ has: scope.page().locator('dt', { hasText: new RegExp(`^${label}`) }) });

/** Two products with plenty of stock, one variant and no sale price, the dearest first. */
async function twoProducts(page: Page): Promise<[ApiProduct, ApiProduct]> {
  const found: ApiProduct[] = [];
  for (const category of [1, 2, 3, 4, 5]) {
    const res = await page.request.get(`/api/products/categoria/${category}?pageSize=48&orden=precio_desc`);
    if (!res.ok()) continue;
    found.push(
      ...((await res.json()).items as ApiProduct[]).filter(
        (p) => p.stock >= 20 && p.valor_descuento === null && p.variantes.length <= 1 && p.valor >= 40,
      ),
    );
  }
  found.sort((a, b) => b.valor - a.valor);
  const [first, second] = found;
  if (!first || !second) throw new Error('the seed needs two products with stock and no sale price');
  return [first, second];
}

async function addToCart(page: Page, product: ApiProduct, units: number) {
  // A page of its own context: the fixture's goto, which waits for React to take over, is not this one's.
  await page.goto(`/products/${product.id_producto}`);
  await hydrated(page);
  for (let n = 1; n < units; n++) await page.getByRole('button', { name: 'Aumentar cantidad' }).click();
  await expect(page.getByLabel('Cantidad', { exact: true })).toHaveValue(String(units));
  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(page).toHaveURL(/\/carrito$/);
  await expect(page.getByRole('group', { name: `Cantidad de ${product.nombre}` })).toContainText(
    String(units),
  );
}

async function payWithCard(page: Page, amount: string) {
  await fillCard(page);
  const pay = page.getByRole('button', { name: /^Pagar .* USD$/ });
  // The button names the amount without its sign, the currency after it.
  await expect(pay).toHaveText(`Pagar ${amount.replace('$', '')} USD`);
  await pay.click();
  await expect(page).toHaveURL(/\/pedido\/\d+$/);
}

test('a 10 % code once per customer and free shipping over $500: cart, order page, e-mail, refusal and a partial refund', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await session(browser);
  await admin.api.signIn(ADMIN.email, ADMIN.password);
  const shopper = await session(browser);
  const email = uniqueEmail('promo');
  await shopper.api.register(email);
  await shopper.api.signIn(email, 'Prueba12345');
  const page = shopper.page;
  const adminPage = admin.page;

  const suffix = Date.now().toString(36).toUpperCase();
  const code = `DIEZ-${suffix}`;
  const freeShipping = `ENVIO-${suffix}`;
  const zone = `Promociones ${suffix}`;

  // Setup, not the point: a zone with a rate, so that free shipping is something the shopper sees.
  const shipping = await (await adminPage.request.get('/api/ajustes/envio')).json();
  const put = await admin.api.put('/api/ajustes/envio', {
    zonas: [...shipping.zonas, { nombre: zone, regiones: [REGION], tarifa: RATE, gratis_desde: null }],
    resto: shipping.resto,
    retiro: shipping.retiro,
  });
  expect(put.ok(), await put.text()).toBe(true);

  try {
    await test.step('the owner creates the code and the automatic free shipping in Ajustes › Promociones', async () => {
      await adminPage.goto('/admin/ajustes/promociones');
      await expect(adminPage.getByRole('heading', { level: 1, name: 'Promociones' })).toBeVisible();
      const form = adminPage.getByRole('form', { name: 'Nueva promoción' });
      await form.getByLabel('Código', { exact: true }).fill(code.toLowerCase());
      await form.getByLabel('Tipo', { exact: true }).selectOption('porcentaje');
      await form.getByLabel('Valor', { exact: true }).fill('10');
      await form.getByLabel('Usos por cliente').fill('1');
      await form.getByRole('button', { name: 'Crear promoción' }).click();
      await expect(adminPage.getByText(`Promoción ${code} creada`)).toBeVisible();

      await form.getByLabel('Código', { exact: true }).fill(freeShipping);
      await form.getByLabel('Tipo', { exact: true }).selectOption('envio_gratis');
      await form.getByLabel('Compra mínima (USD)').fill('500');
      await form.getByLabel('Automática: se aplica sola, sin escribir el código').check();
      await form.getByRole('button', { name: 'Crear promoción' }).click();
      await expect(adminPage.getByText(`Promoción ${freeShipping} creada`)).toBeVisible();
      await expect(adminPage.getByRole('row').filter({ hasText: code })).toBeVisible();
      await expect(adminPage.getByRole('row').filter({ hasText: freeShipping })).toBeVisible();
    });

    // The prices the test reads, and the amounts the shop's rules make of them (decision 073, 033).
    const [dear, other] = await twoProducts(page);
    const dearCents = Math.round(dear.valor * 100);
    const otherCents = Math.round(other.valor * 100);
    const units = Math.max(2, Math.ceil((60_000 - otherCents) / dearCents));
    const lineCents = [dearCents * units, otherCents];
    const subtotal = dearCents * units + otherCents;
    const discount = Math.floor(subtotal / 10 + 0.5);
    const [dearDiscount] = spread(discount, lineCents) as [number, number];
    const total = subtotal - discount;
    const grain = gcd(dearCents, dearDiscount);
    const refund = dearCents - Math.floor(dearDiscount / units / grain) * grain;

    let numero = '';
    await test.step('the shopper fills the cart past $500, types the code and sees the discount and free shipping', async () => {
      await addToCart(page, dear, units);
      await addToCart(page, other, 1);
      await page.getByLabel('Dirección de entrega').fill('SW Broadway 1120, Portland');
      await page.getByRole('combobox', { name: 'Estado' }).selectOption(REGION);
      const totals = page.getByRole('complementary');
      await expect(totalsRow(totals, 'Subtotal').locator('dd')).toHaveText(usd(subtotal));
      // Without the code, the automatic promotion already ships it free (the subtotal is over $500).
      await expect(totalsRow(totals, 'Envío').locator('dd')).toHaveText('Gratis');

      await page.getByLabel('Código de descuento').fill(code.toLowerCase());
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Código ${code} aplicado` })).toBeVisible();
      await expect(totalsRow(totals, 'Descuento').locator('dt')).toContainText(code);
      await expect(totalsRow(totals, 'Descuento').locator('dd')).toHaveText(`−${usd(discount)}`);
      await expect(totalsRow(totals, 'Envío').locator('dd')).toHaveText('Gratis');
      await expect(totalsRow(totals, 'Total').locator('dd')).toHaveText(usd(total));
      // The card is charged the total the cart shows.
      await payWithCard(page, usd(total));
      const heading = page.getByRole('heading', { level: 1, name: /^Pedido V-\d{6}$/ });
      await expect(heading).toBeVisible();
      numero = ((await heading.textContent()) ?? '').replace('Pedido ', '');
    });

    await test.step('the order page shows the same totals', async () => {
      const products = page.getByRole('region', { name: 'Productos' });
      await expect(totalsRow(products, 'Subtotal').locator('dd')).toHaveText(usd(subtotal));
      await expect(totalsRow(products, 'Envío').locator('dd')).toHaveText('Gratis');
      await expect(totalsRow(products, 'Total').locator('dd')).toHaveText(usd(total));
    });

    await test.step('the confirmation e-mail has the paid subtotal, free shipping and the total', async () => {
      await adminPage.goto('/admin/ajustes/correos');
      await adminPage.getByRole('link', { name: new RegExp(`^Confirmamos tu pedido ${numero}`) }).click();
      const preview = adminPage.getByRole('region', { name: new RegExp(`^Confirmamos tu pedido ${numero}`) });
      await expect(preview.getByText(email)).toBeVisible();
      const message = adminPage.frameLocator('iframe[title^="Vista previa"]');
      // The e-mail's subtotal is what the products cost after the discount.
      await expect(message.locator('tr').filter({ hasText: /^Subtotal/ })).toContainText(usd(total));
      await expect(message.locator('tr').filter({ hasText: /^Envío/ })).toContainText('Gratis');
      await expect(message.locator('tr').filter({ hasText: /^Total/ })).toContainText(usd(total));
    });

    await test.step('a second order with the same code is refused, in Spanish', async () => {
      await addToCart(page, other, 1);
      await page.getByLabel('Código de descuento').fill(code);
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await expect(page.getByText('Ya usaste este código.')).toBeVisible();
      await expect(totalsRow(page.getByRole('complementary'), 'Descuento')).toHaveCount(0);
    });

    await test.step('the owner refunds one unit of the dearer line: its price less its share of the discount', async () => {
      await adminPage.goto('/admin/pedidos');
      await adminPage.getByRole('main').getByLabel('Buscar', { exact: true }).fill(numero);
      await adminPage.getByRole('button', { name: 'Filtrar' }).click();
      await adminPage.getByRole('link', { name: numero, exact: true }).click();
      await expect(adminPage.getByRole('heading', { level: 1, name: `Pedido ${numero}` })).toBeVisible();
      await adminPage.getByLabel(`Unidades de ${dear.nombre} a reembolsar`).fill('1');
      await adminPage.getByRole('button', { name: 'Reembolsar lo elegido' }).click();
      const dialog = adminPage.getByRole('alertdialog');
      await expect(dialog).toContainText(`: ${usd(refund)} en total.`);
      await dialog.getByRole('button', { name: 'Reembolsar', exact: true }).click();
      await expect(adminPage.getByText('1 reembolsada')).toBeVisible();
      await expect(totalsRow(adminPage.getByRole('main'), 'Reembolsado').locator('dd')).toHaveText(
        usd(refund),
      );
    });

    await test.step('the refund e-mail names the same amount', async () => {
      const subject = `Te reembolsamos ${usd(refund)} del pedido ${numero}`;
      await expect
        .poll(async () => (await mailsTo(adminPage.request, email)).map((m) => m.subject))
        .toContain(subject);
      const mail = (await mailsTo(adminPage.request, email)).find((m) => m.subject === subject);
      await adminPage.goto(`/admin/ajustes/correos?correo=${mail?.id}`);
      await expect(adminPage.getByRole('region', { name: subject }).getByText(email)).toBeVisible();
      await expect(
        adminPage.frameLocator('iframe[title^="Vista previa"]').getByText(usd(refund)).first(),
      ).toBeVisible();
    });
  } finally {
    // The other specs' carts neither ship to this zone nor get these promotions.
    const now = await (await adminPage.request.get('/api/ajustes/envio')).json();
    await admin.api.put('/api/ajustes/envio', {
      zonas: now.zonas.filter((z: { nombre: string }) => z.nombre !== zone),
      resto: now.resto,
      retiro: now.retiro,
    });
    // There is no deleting a promotion that orders used: the owner switches it off.
    const promotions = (await (await adminPage.request.get('/api/cupones')).json()) as Array<
      Record<string, unknown> & { id: number; codigo: string }
    >;
    for (const { id, usos: _usos, ...promotion } of promotions.filter(
      (p) => p.codigo === code || p.codigo === freeShipping,
    ))
      await admin.api.put(`/api/cupones/${id}`, { ...promotion, activa: false });
  }
});
