import type { Browser, Page } from '@playwright/test';
import { ADMIN } from '../support/accounts';
import { apiAs, uniqueEmail } from '../support/api';
import { expect, test } from '../support/test';

/** A browser session of its own (cookies, cart), signed in through the API like the other specs. */
async function session(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  return { page, api: await apiAs(page.request) };
}

/** Answers the open confirmation with its confirming button (named like the action). */
async function confirmDialog(page: Page, button: string) {
  await page.getByRole('alertdialog').getByRole('button', { name: button, exact: true }).click();
}

/** The link of the latest staff invitation to `email`, read from the owner's mailbox. */
async function invitationLink(owner: Page, email: string) {
  const { items } = (await (await owner.request.get('/api/admin/correos?page=1')).json()) as {
    items: Array<{ id: number; to: string; subject: string }>;
  };
  const mail = items.find((item) => item.to === email && item.subject.startsWith('Te invitan al equipo'));
  if (!mail) throw new Error('no invitation e-mail in the mailbox');
  const { text } = (await (await owner.request.get(`/api/admin/correos/${mail.id}`)).json()) as {
    text: string;
  };
  const link = /https?:\/\/\S+\/personal\/aceptar#token=[\w-]+/.exec(text)?.[0];
  if (!link) throw new Error('no link in the invitation');
  return new URL(link);
}

test('the owner invites a Ventas employee, who accepts, ships an order and is refused products and settings', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await session(browser);
  await owner.api.signIn(ADMIN.email, ADMIN.password);
  const employee = await session(browser);
  const email = uniqueEmail('ventas');
  await employee.api.register(email);
  await employee.api.signIn(email, 'Prueba12345');

  // A paid order waiting to be prepared.
  const shopper = await session(browser);
  const buyer = uniqueEmail('compra');
  await shopper.api.register(buyer);
  await shopper.api.signIn(buyer, 'Prueba12345');
  const products = (await (
    await shopper.page.request.get('/api/products/categoria/6?pageSize=48')
  ).json()) as {
    items: Array<{ id_producto: number; stock: number }>;
  };
  const toy = products.items.find((p) => p.stock >= 5);
  if (!toy) throw new Error('no product in stock');
  const sale = (await shopper.api.buy(toy.id_producto)) as { id_venta?: number };

  await test.step('the owner invites the employee from Personal', async () => {
    await owner.page.goto('/adminHome');
    await owner.page.getByRole('link', { name: 'Personal' }).click();
    await expect(owner.page.getByRole('heading', { level: 1, name: 'Personal' })).toBeVisible();
    await owner.page.getByLabel('Correo del empleado').fill(email);
    await owner.page.getByLabel('Rol', { exact: true }).selectOption('ventas');
    await owner.page.getByRole('button', { name: 'Invitar' }).click();
    await expect(owner.page.getByText('Invitación enviada')).toBeVisible();
    await expect(owner.page.getByText(`${email} · Ventas`)).toBeVisible();
  });

  await test.step('the employee accepts with the link from the e-mail', async () => {
    const link = await invitationLink(owner.page, email);
    await employee.page.goto(link.pathname + link.hash);
    await expect(
      employee.page.getByText(`Vas a unirte al personal de la tienda con tu cuenta ${email}.`),
    ).toBeVisible();
    await employee.page.getByRole('button', { name: 'Aceptar la invitación' }).click();
    await expect(employee.page).toHaveURL(/\/adminHome$/);
    const sections = employee.page.getByRole('navigation', { name: 'Secciones de administración' });
    // Ventas manages orders: their history and the carts left behind, nothing else.
    await expect(sections.getByRole('link', { name: 'Historial de ventas' })).toBeVisible();
    await expect(sections.getByRole('link', { name: 'Carritos olvidados' })).toBeVisible();
    await expect(sections.getByRole('link')).toHaveCount(2);
  });

  await test.step('the employee prepares and ships the order, and is not offered cancelling nor refunds', async () => {
    await employee.page.goto(`/admin/pedidos/${sale.id_venta}`);
    await employee.page.getByRole('button', { name: 'Preparar pedido' }).click();
    await confirmDialog(employee.page, 'Preparar pedido');
    await expect(employee.page.getByRole('button', { name: 'Marcar como enviado' })).toBeVisible();
    await expect(employee.page.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0);
    await employee.page.getByLabel('Transportista (opcional)').fill('Estafeta');
    await employee.page.getByLabel('Número de guía (opcional)').fill('EST-7788');
    await employee.page.getByRole('button', { name: 'Marcar como enviado' }).click();
    await confirmDialog(employee.page, 'Marcar como enviado');
    await expect(employee.page.getByRole('button', { name: 'Marcar como entregado' })).toBeVisible();
    await expect(employee.page.getByRole('heading', { name: /Reembols/ })).toHaveCount(0);
  });

  await test.step('products and settings answer 403, on the page and at the API', async () => {
    await employee.page.goto('/products/admin');
    await expect(
      employee.page.getByRole('heading', { level: 1, name: 'Sección no disponible' }),
    ).toBeVisible();
    await employee.page.goto('/admin/ajustes');
    await expect(
      employee.page.getByRole('heading', { level: 1, name: 'Sección no disponible' }),
    ).toBeVisible();
    const api = await apiAs(employee.page.request);
    const products = await employee.page.request.get('/api/products/admin');
    expect(products.status()).toBe(403);
    expect((await products.json()).message).toMatch(/^Tu cuenta del personal no tiene permiso/);
    expect((await api.put('/api/ajustes', { envio_tarifa: 0, envio_gratis_desde: null })).status()).toBe(403);
  });

  await test.step('the owner sees who shipped it, named with the role', async () => {
    await owner.page.goto(`/admin/pedidos/${sale.id_venta}`);
    await expect(owner.page.getByText(/\(Ventas\)/).first()).toBeVisible();
  });
});
