import type { Browser, Page } from '@playwright/test';
import { expectNoSevereViolations } from '../support/accessibility';
import { ADMIN } from '../support/accounts';
import { apiAs, uniqueEmail } from '../support/api';
import { fillCard } from '../support/card';
import { mailsTo } from '../support/mailbox';
import { expect, test } from '../support/test';

/*
 * An order's whole life in the browser: a shopper buys with an address and sees the order page, the
 * owner reads the confirmation in the mailbox (the shop runs without SMTP, so it keeps them there),
 * prepares and ships it with a tracking number, the shopper sees the tracking, the owner refunds part of
 * it and cancels another order, the mailbox has the customer's shipped, refunded and cancelled messages,
 * and the cancelled units are back in stock.
 */

interface ApiProduct {
  id_producto: number;
  nombre: string;
  stock: number;
}

/** A browser session of its own (cookies, cart), signed in through the API like the other specs. */
async function session(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  return { page, api: await apiAs(page.request) };
}

/** Toys (category 6) with plenty of stock: no other spec buys them, so their stock is this test's to read. */
/** The pages of a PDF that Chromium printed: one page object each (its PDF keeps objects uncompressed). */
const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;

async function toys(page: Page): Promise<ApiProduct[]> {
  const res = await page.request.get('/api/products/categoria/6?pageSize=48&orden=precio_asc');
  return (await res.json()).items.filter((p: ApiProduct) => p.stock >= 30);
}

const stockOf = async (page: Page, id: number) =>
  ((await (await page.request.get(`/api/products/${id}`)).json()) as ApiProduct).stock;

/** Answers the open confirmation with its confirming button (named like the action). */
async function confirmDialog(page: Page, button: string) {
  await page.getByRole('alertdialog').getByRole('button', { name: button, exact: true }).click();
}

test('an order from checkout to refund: address, order page, mailbox, preparing, shipping, tracking, refund, cancellation and stock', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const shopper = await session(browser);
  const email = uniqueEmail('pedido');
  await shopper.api.register(email);
  await shopper.api.signIn(email, 'Prueba12345');
  const admin = await session(browser);
  await admin.api.signIn(ADMIN.email, ADMIN.password);

  const [toy, other] = await toys(shopper.page);
  if (!toy || !other) throw new Error('the seed needs two toys with stock');
  const page = shopper.page;

  let numero = '';
  await test.step('the shopper buys with a shipping address and lands on the order page', async () => {
    await page.goto(`/products/${toy.id_producto}`);
    await page.getByRole('button', { name: 'Aumentar cantidad' }).click();
    await page.getByRole('button', { name: 'Aumentar cantidad' }).click();
    await page.getByRole('button', { name: 'Comprar' }).click();
    await expect(page).toHaveURL(/\/carrito$/);

    // Prefilled from the profile; this order goes elsewhere.
    await expect(page.getByLabel('Nombre de quien recibe')).toHaveValue('Prueba Playwright');
    await expect(page.getByLabel('Teléfono de contacto')).toHaveValue('5512345678');
    await page.getByLabel('Dirección de entrega').fill('Avenida Insurgentes Sur 1602, Crédito Constructor');
    await page.getByRole('combobox', { name: 'Estado' }).selectOption('Texas');
    await expect(page.getByRole('complementary').getByText('Gratis')).toBeVisible();

    await fillCard(page);
    await page.getByRole('button', { name: /^Pagar .* USD$/ }).click();

    await expect(page.getByText('Gracias por tu compra!').first()).toBeVisible();
    await expect(page).toHaveURL(/\/pedido\/\d+$/);
    const heading = page.getByRole('heading', { level: 1, name: /^Pedido V-\d{6}$/ });
    await expect(heading).toBeVisible();
    numero = ((await heading.textContent()) ?? '').replace('Pedido ', '');
    const envio = page.getByRole('region', { name: 'Envío' });
    await expect(envio.getByText(/Avenida Insurgentes Sur 1602/)).toBeVisible();
    await expect(envio.getByText('Visa •••• 4242')).toBeVisible();
    await expect(page.getByRole('rowheader', { name: toy.nombre })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Carrito, 0 productos/ })).toBeVisible();
  });

  const adminPage = admin.page;
  await test.step('the owner reads the confirmation e-mail in the mailbox', async () => {
    await adminPage.goto('/admin/ajustes/correos');
    await adminPage.getByRole('link', { name: new RegExp(`^Confirmamos tu pedido ${numero}`) }).click();
    const preview = adminPage.getByRole('region', { name: new RegExp(`^Confirmamos tu pedido ${numero}`) });
    await expect(preview.getByText(email)).toBeVisible();
    const message = adminPage.frameLocator('iframe[title^="Vista previa"]');
    await expect(message.getByText(/Avenida Insurgentes Sur 1602/).first()).toBeVisible();
    await expect(message.getByText(toy.nombre).first()).toBeVisible();
    // Its own styles apply in the preview, as in the customer's inbox.
    await expect(message.getByText('Dirección de envío', { exact: true })).toHaveCSS('font-weight', '700');
  });

  await test.step('the owner finds the order, prepares it and ships it with a tracking number', async () => {
    await adminPage.goto('/admin/pedidos');
    await adminPage.getByRole('main').getByLabel('Buscar', { exact: true }).fill(numero);
    await adminPage.getByRole('button', { name: 'Filtrar' }).click();
    await adminPage.getByRole('link', { name: numero, exact: true }).click();
    await expect(adminPage.getByRole('heading', { level: 1, name: `Pedido ${numero}` })).toBeVisible();
    await expect(adminPage.getByText(/Avenida Insurgentes Sur 1602/).first()).toBeVisible();

    await adminPage.getByRole('button', { name: 'Preparar pedido' }).click();
    await confirmDialog(adminPage, 'Preparar pedido');
    await expect(adminPage.getByRole('button', { name: 'Marcar como enviado' })).toBeVisible();
    await adminPage.getByLabel('Transportista (opcional)').fill('Estafeta');
    await adminPage.getByLabel('Número de guía (opcional)').fill('EST-4455');
    await adminPage.getByRole('button', { name: 'Marcar como enviado' }).click();
    await confirmDialog(adminPage, 'Marcar como enviado');
    await expect(adminPage.getByRole('button', { name: 'Marcar como entregado' })).toBeVisible();

    // On paper only the packing list: no buttons, menus or prices.
    await adminPage.emulateMedia({ media: 'print' });
    const packing = adminPage.getByRole('region', { name: 'Lista de empaque' });
    await expect(packing.getByRole('heading', { name: `Lista de empaque · Pedido ${numero}` })).toBeVisible();
    await expect(packing.getByText(toy.nombre)).toBeVisible();
    await expect(adminPage.getByRole('button', { name: 'Marcar como entregado' })).toBeHidden();
    await expect(adminPage.getByRole('navigation').first()).toBeHidden();
    expect(await packing.textContent()).not.toContain('$');
    // Printed as the browser prints it, this one-line order's list takes one A4 sheet, not two.
    expect(pdfPages(await adminPage.pdf({ format: 'A4' }))).toBe(1);
    await adminPage.emulateMedia({ media: 'screen' });
    await expect(
      adminPage.getByRole('region', { name: 'Historial' }).getByText(ADMIN.email).first(),
    ).toBeVisible();
  });

  await test.step('the shopper sees the tracking number in the history and on the order page', async () => {
    await page.goto('/historial-de-compra');
    const order = page.getByRole('article', { name: new RegExp(`Pedido ${numero}`) });
    await expect(order.getByText('EST-4455 (Estafeta)')).toBeVisible();
    await expect(order.getByText('Enviado')).toBeVisible();
    await order.getByRole('link', { name: 'Ver pedido' }).click();
    await expect(page.getByRole('region', { name: '¿Qué sigue?' })).toContainText('EST-4455');
  });

  await test.step('the owner refunds one unit of the shipped order', async () => {
    await adminPage.getByLabel(`Unidades de ${toy.nombre} a reembolsar`).fill('1');
    await adminPage.getByRole('button', { name: 'Reembolsar lo elegido' }).click();
    await confirmDialog(adminPage, 'Reembolsar');
    await expect(adminPage.getByText('1 reembolsada')).toBeVisible();
  });

  await test.step('the audit trail names the order by its number, the shipment and the refunded units', async () => {
    await adminPage.goto('/admin/auditoria?entidad=pedido');
    const refunded = adminPage.getByRole('row').filter({ hasText: `Reembolsó el pedido ${numero}` });
    await expect(refunded.getByRole('link', { name: numero, exact: true })).toBeVisible();
    await expect(
      refunded.getByText(`Unidades reembolsadas: 1 × ${toy.nombre}`, { exact: true }),
    ).toBeVisible();
    const shipped = adminPage
      .getByRole('row')
      .filter({ hasText: `Cambió el estado del pedido ${numero}` })
      .filter({ hasText: 'Estafeta' });
    await expect(shipped.getByText('Estado: En preparación → Enviado', { exact: true })).toBeVisible();
    await expect(shipped.getByText('Número de guía: EST-4455', { exact: true })).toBeVisible();
  });

  await test.step('the owner cancels another order before shipping, and its units are back in stock', async () => {
    const before = await stockOf(page, other.id_producto);
    const sale = (await shopper.api.buy(other.id_producto)) as { id_venta?: number; numero_pedido?: string };
    expect(await stockOf(page, other.id_producto)).toBe(before - 1);
    await adminPage.goto(`/admin/pedidos/${sale.id_venta}`);
    await adminPage.getByRole('button', { name: 'Cancelar pedido' }).click();
    await confirmDialog(adminPage, 'Cancelar pedido');
    await expect(adminPage.getByText('Cancelado').first()).toBeVisible();
    await expect.poll(() => stockOf(page, other.id_producto)).toBe(before);
  });

  await test.step('the mailbox has the shipped, refunded and cancelled messages to the shopper', async () => {
    // Other specs send mail meanwhile (welcomes): the customer's messages are found wherever they are.
    const subjects = [
      `Tu pedido ${numero} va en camino`,
      new RegExp(`^Te reembolsamos \\$[\\d.,]+ del pedido ${numero}$`),
      /^Cancelamos tu pedido V-\d{6}$/,
    ];
    const mails = await mailsTo(adminPage.request, email);
    for (const subject of subjects) {
      const mail = mails.find((m) =>
        typeof subject === 'string' ? m.subject === subject : subject.test(m.subject),
      );
      if (!mail)
        throw new Error(`no message ${subject} to ${email}: ${mails.map((m) => m.subject).join(' | ')}`);
      await adminPage.goto(`/admin/ajustes/correos?correo=${mail.id}`);
      const preview = adminPage.getByRole('region', { name: mail.subject });
      await expect(preview.getByText(email)).toBeVisible();
      await expect(
        adminPage
          .frameLocator('iframe[title^="Vista previa"]')
          .getByText(/V-\d{6}/)
          .first(),
      ).toBeVisible();
    }
  });
});

test('the old sales history address opens the orders screen with the same filters', async ({ page }) => {
  await (await apiAs(page.request)).signIn(ADMIN.email, ADMIN.password);
  await page.goto('/historialVentas?estado=pagada');
  await expect(page).toHaveURL(/\/admin\/pedidos\?estado=pagada$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
  await expect(page.getByLabel('Estado')).toHaveValue('pagada');
});

test('the order pages, Ajustes and the mailbox pass axe and log nothing to the console', async ({
  browser,
}) => {
  const shopper = await session(browser);
  const admin = await session(browser);
  await admin.api.signIn(ADMIN.email, ADMIN.password);
  const [toy] = await toys(shopper.page);
  if (!toy) throw new Error('the seed needs a toy with stock');
  const email = uniqueEmail('axe');
  await shopper.api.register(email);
  await shopper.api.signIn(email, 'Prueba12345');
  const sale = (await shopper.api.buy(toy.id_producto)) as { id_venta?: number; numero_pedido?: string };

  const logged: string[] = [];
  for (const { page } of [shopper, admin]) {
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        logged.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => logged.push(`pageerror: ${error.message}`));
  }

  const pages: Array<[Page, string]> = [
    [shopper.page, `/pedido/${sale.id_venta}`],
    [admin.page, `/admin/pedidos?q=${sale.numero_pedido}`],
    [admin.page, `/admin/pedidos/${sale.id_venta}`],
    [admin.page, '/admin/ajustes'],
    [admin.page, '/admin/ajustes/correos'],
  ];
  for (const [page, path] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSevereViolations(page, `${path} `);
    expect(logged, path).toEqual([]);
  }
});
