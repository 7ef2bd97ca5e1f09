import { ADMIN } from '../support/accounts';
import { apiAs, uniqueEmail } from '../support/api';
import { fillCard } from '../support/card';
import { mailText } from '../support/mailbox';
import { expect, test } from '../support/test';

/** The path (and query) of the first shop link in a message that matches `pattern`. */
function linkIn(text: string, pattern: RegExp): string {
  const link = new RegExp(`https?://\\S+${pattern.source}`).exec(text)?.[0];
  if (!link) throw new Error(`no link like ${pattern} in the e-mail`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test('a visitor buys as a guest, opens the order from the e-mail, creates an account and finds it in the purchase history', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const owner = await playwright.request.newContext({ baseURL });
  await (await apiAs(owner)).signIn(ADMIN.email, ADMIN.password);
  const email = uniqueEmail('invitada');

  const { items } = (await (await page.request.get('/api/products/categoria/7?pageSize=48')).json()) as {
    items: Array<{ id_producto: number; nombre: string; stock: number }>;
  };
  const product = items.find((p) => p.stock >= 10);
  if (!product) throw new Error('the seed needs a product with stock in category 7');

  // A visitor: no account, the cart stays in the browser.
  await page.goto(`/products/${product.id_producto}`);
  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(page).toHaveURL(/\/carrito$/);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Tu nombre').fill('Ana Invitada');
  await page.getByLabel('Nombre de quien recibe').fill('Ana Invitada');
  await page.getByLabel('Dirección de entrega').fill('Calle Durango 120, Roma Norte');
  await page.getByRole('combobox', { name: 'Estado' }).selectOption('Texas');
  await page.getByLabel('Teléfono de contacto').fill('5512345678');
  await fillCard(page, { nombre: 'Ana Invitada' });
  await page.getByRole('button', { name: /^Pagar .* USD$/ }).click();
  await expect(page.getByText('Gracias por tu compra!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/pedido\/\d+\?acceso=[\w-]+$/);
  const title = page.getByRole('heading', { level: 1, name: /^Pedido V-\d{6}$/ });
  await expect(title).toBeVisible();
  const orderTitle = (await title.textContent()) ?? '';

  // The confirmation's link opens the order in another browser, without an account.
  const text = await mailText(owner, email, 'Confirmamos tu pedido');
  const orderLink = linkIn(text, /\/pedido\/\d+\?acceso=[\w-]+/);
  const elsewhere = await browser.newContext({ baseURL });
  const reader = await elsewhere.newPage();
  await reader.goto(orderLink);
  await expect(reader.getByRole('heading', { level: 1, name: orderTitle })).toBeVisible();
  await expect(reader.getByText(product.nombre).first()).toBeVisible();

  // 'Crear cuenta' with that e-mail; once signed in, the shop mails the link that adds the order.
  await reader.getByRole('link', { name: 'Crear cuenta' }).click();
  await expect(reader.getByLabel('Email')).toHaveValue(email);
  await reader.getByLabel('Nombre').fill('Ana');
  await reader.getByLabel('Apellido').fill('Invitada');
  await reader.getByLabel('Dirección').fill('Calle Durango 120, Roma Norte');
  await reader.getByLabel('Teléfono').fill('5512345678');
  await reader.getByLabel('Contraseña', { exact: true }).fill('Prueba12345');
  await reader.getByLabel('Confirmar contraseña').fill('Prueba12345');
  await reader.getByRole('button', { name: 'Registrarse' }).click();
  await expect(reader).toHaveURL(/\/login\?/);
  await reader.getByLabel('Email').fill(email);
  await reader.getByLabel('Contraseña', { exact: true }).fill('Prueba12345');
  await reader.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(reader).toHaveURL(/\/historial-de-compra\?sumar=1$/);
  await expect(reader.getByRole('status').filter({ hasText: 'te enviamos un enlace' })).toBeVisible();
  await expect(reader.getByText('No se encontraron compras realizadas')).toBeVisible();

  const claim = linkIn(
    await mailText(owner, email, 'Suma tus compras'),
    /\/historial-de-compra\?reclamar=[\w-]+/,
  );
  await reader.goto(claim);
  await expect(reader.getByRole('status').filter({ hasText: 'Sumamos 1 compra a tu cuenta.' })).toBeVisible();
  await expect(reader.getByText(product.nombre).first()).toBeVisible();
  await elsewhere.close();
  await owner.dispose();
});

test("a guest rates a delivered product from the delivered e-mail's link, and the opinion shows on the product page", async ({
  browser,
  playwright,
  baseURL,
}) => {
  const owner = await playwright.request.newContext({ baseURL });
  const ownerApi = await apiAs(owner);
  await ownerApi.signIn(ADMIN.email, ADMIN.password);
  const email = uniqueEmail('califica');
  const { items } = (await (await owner.get('/api/products/categoria/7?pageSize=48')).json()) as {
    items: Array<{ id_producto: number; nombre: string; stock: number }>;
  };
  const product = items.find((p) => p.stock >= 10);
  if (!product) throw new Error('the seed needs a product with stock in category 7');

  // A visitor buys through the API, as the checkout does; the owner delivers the order.
  const visitor = await playwright.request.newContext({ baseURL });
  const visitorApi = await apiAs(visitor);
  const card = await visitorApi.post('/api/pagos/sandbox/metodos', {
    numero: '4242 4242 4242 4242',
    expiracion: '12/30',
    cvc: '123',
    nombre: 'Marta Invitada',
  });
  const { cookies } = await visitor.storageState();
  const bought = await visitor.post('/api/venta', {
    data: {
      detalle_venta: [{ id_producto: product.id_producto, cantidad: 1 }],
      id_pago: (await card.json()).id_pago,
      direccion_envio: { nombre: 'Marta Invitada', direccion: 'Calle Durango 120', telefono: '5512345678' },
      invitado: { email, nombre: 'Marta Invitada' },
    },
    headers: {
      'X-XSRF-TOKEN': cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
      'Idempotency-Key': `e2e-${Date.now()}-${Math.random()}`,
    },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const order = (await bought.json()) as { id_venta: number; numero_pedido: string };
  for (const estado of ['preparando', 'enviada', 'entregada'])
    expect((await ownerApi.put(`/api/venta/${order.id_venta}/estado`, { estado })).status()).toBe(200);

  // The delivered e-mail links the product's rating on the order page, signed: no account needed.
  const text = await mailText(owner, email, `Tu pedido ${order.numero_pedido} fue entregado`);
  const link = new RegExp(`Calificar ${product.nombre}: (https?://\\S+)`).exec(text)?.[1];
  if (!link) throw new Error('no rating link in the delivered e-mail');
  const url = new URL(link);
  expect(url.pathname).toBe(`/pedido/${order.id_venta}`);
  expect(url.searchParams.get('acceso')).toMatch(/^[\w-]+$/);
  expect(url.hash).toMatch(/^#calificar-\d+$/);

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(`${url.pathname}${url.search}${url.hash}`);
  const ratings = page.getByRole('region', { name: 'Califica tus productos' });
  const line = ratings.getByRole('listitem').filter({ hasText: product.nombre });
  await expect(line).toBeInViewport();
  await line.getByRole('radio', { name: '4 estrellas' }).check({ force: true });
  await line.getByLabel('Comentario').fill('Llegó rápido y bien empacado');
  await line.getByRole('button', { name: 'Calificar' }).click();
  await expect(page.getByText('Gracias por tu opinion!')).toBeVisible();
  await expect(line.getByText('Ya calificaste este producto')).toBeVisible();

  await page.goto(`/products/${product.id_producto}`);
  const opinion = page.getByRole('listitem').filter({ hasText: 'Llegó rápido y bien empacado' });
  await expect(opinion).toBeVisible();
  await expect(opinion.getByText('Marta I.')).toBeVisible();
  await context.close();
  await visitor.dispose();
  await owner.dispose();
});
