import type { Browser, Page } from '@playwright/test';
import { expectNoSevereViolations } from '../support/accessibility';
import { ADMIN } from '../support/accounts';
import { apiAs, TINY_PNG, uniqueEmail } from '../support/api';
import { expect, test } from '../support/test';

async function signInAsAdmin(page: Page) {
  await (await apiAs(page.request)).signIn(ADMIN.email, ADMIN.password);
}

/** Answers every confirmation dialog with 'Sí'. */
async function confirmYes(page: Page) {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Sí' }).click();
}

test('a new product appears in its category, its discount in the offers carousel, and disabling hides it', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const nombre = `Maceta de barro ${Date.now().toString(36)}`;
  await page.goto('/producto');
  await page.getByLabel('Nombre', { exact: true }).fill(nombre);
  await page.getByLabel('Stock', { exact: true }).fill('12');
  await page
    .getByLabel('Descripción', { exact: true })
    .fill('Maceta artesanal de barro cocido, ideal para hierbas.');
  await page.getByLabel('Precio', { exact: true }).fill('249.90');
  await page.getByLabel('Categoría', { exact: true }).selectOption({ label: 'Jardinería' });
  await page
    .getByLabel('Imagen', { exact: true })
    .setInputFiles({ name: 'maceta.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByRole('img', { name: 'Vista previa de la imagen' })).toHaveAttribute(
    'src',
    /\/uploads\/productos\//,
  );
  await page.getByRole('button', { name: 'Crear producto' }).click();
  await expect(page.getByText('producto creado correctamente')).toBeVisible();
  await expect(page).toHaveURL(/\/adminHome$/);

  const found = await (await page.request.get(`/api/products?name=${encodeURIComponent(nombre)}`)).json();
  const id: number = found.items[0].id_producto;
  await page.goto('/products/categoria/8?orden=recientes');
  await expect(page.getByRole('link', { name: nombre })).toBeVisible();

  await page.goto(`/product/${id}`);
  await page.getByLabel('Precio con descuento', { exact: true }).fill('199.90');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Estás seguro de que quieres hacer estos cambios?')).toBeVisible();
  await confirmYes(page);
  await expect(page.getByText('¡Producto actualizado!')).toBeVisible();
  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'Ofertas destacadas' }).getByText(nombre).first(),
  ).toBeAttached();

  await page.goto(`/product/${id}`);
  await page.getByRole('button', { name: 'Eliminar' }).click();
  await confirmYes(page);
  await expect(page.getByRole('button', { name: 'Restaurar' })).toBeVisible();
  expect((await page.request.get(`/api/products/${id}`)).status()).toBe(404);
  await page.goto('/products/categoria/8?orden=recientes');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jardinería');
  await expect(page.getByRole('link', { name: nombre })).toHaveCount(0);

  // The audit trail tells the three changes in words, the product by its name, prices as money.
  await page.goto('/admin/auditoria?entidad=producto');
  const entry = (sentence: string) => page.getByRole('row').filter({ hasText: sentence });
  const created = entry(`Creó el producto «${nombre}»`);
  await expect(created.getByText('Precio: $249.90', { exact: true })).toBeVisible();
  await expect(created.getByText('Categoría: Jardinería', { exact: true })).toBeVisible();
  const edited = entry(`Editó el producto «${nombre}»`);
  await expect(edited.getByRole('link', { name: `«${nombre}»` })).toHaveAttribute('href', `/product/${id}`);
  await expect(
    edited.getByText('Precio con descuento: Sin descuento → $199.90', { exact: true }),
  ).toBeVisible();
  await expect(
    entry(`Eliminó el producto «${nombre}»`).getByText('Estado: Habilitado → Inactivo', { exact: true }),
  ).toBeVisible();
});

test('banning a customer signed in elsewhere ends their session and login says the account is disabled', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('ban');
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  const customerApi = await apiAs(customerPage.request);
  await customerApi.register(email);
  await customerApi.signIn(email, 'Prueba12345');
  expect(await (await customerPage.request.get('/api/usuario/me')).json()).toMatchObject({ email });

  await signInAsAdmin(page);
  await page.goto('/admin/usuarios');
  const row = page.getByRole('row', { name: new RegExp(email) });
  await row.getByRole('button', { name: 'Banear' }).click();
  await expect(page.getByText(/¿Desea banear al usuario/)).toBeVisible();
  await confirmYes(page);
  await expect(
    page.getByRole('row', { name: new RegExp(email) }).getByRole('button', { name: 'Restaurar' }),
  ).toBeVisible();

  expect(await (await customerPage.request.get('/api/usuario/me')).json()).toBeNull();
  await customerPage.goto('/login');
  await customerPage.getByLabel('Email').fill(email);
  await customerPage.getByLabel('Contraseña', { exact: true }).fill('Prueba12345');
  await customerPage.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(
    customerPage.getByRole('alertdialog', { name: 'Tu cuenta ha sido desactivada' }),
  ).toBeVisible();
  await customerContext.close();
});

/** A new customer buys a product and rates it, so the test owns the rating it hides. */
async function customerRating(page: Page, browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const api = await apiAs(context.request);
  const email = uniqueEmail('opina');
  await api.register(email);
  await api.signIn(email, 'Prueba12345');
  const { items } = await (await page.request.get('/api/products/categoria/10?pageSize=48')).json();
  const product = items.find((p: { stock: number }) => p.stock > 5);
  const sale = await api.buy(product.id_producto);
  const comentario = `Opinión ${Date.now().toString(36)}`;
  const res = await api.post(`/api/products/${product.id_producto}/calificacion`, {
    valor_calificacion: 2,
    descripcion_motivo: comentario,
    id_detalle_venta: sale.detalle_venta[0]?.id_detalle_venta,
  });
  expect(res.status()).toBe(201);
  await context.close();
  return { id_producto: product.id_producto as number, descripcion_motivo: comentario };
}

test('hiding a rating removes it from the product page', async ({ page, browser }) => {
  const rating = await customerRating(page, browser);
  await signInAsAdmin(page);
  await page.goto(`/products/${rating.id_producto}`);
  await expect(page.getByText(rating.descripcion_motivo).first()).toBeVisible();

  await page.goto('/calificaciones');
  const row = page.getByRole('row').filter({ hasText: rating.descripcion_motivo }).first();
  await row.getByRole('button', { name: 'Eliminar' }).click();
  await confirmYes(page);
  await expect(page.getByText('El comentario ha sido eliminado.')).toBeVisible();

  await page.goto(`/products/${rating.id_producto}`);
  await expect(page.getByRole('heading', { name: 'Opiniones' })).toBeVisible();
  await expect(page.getByText(rating.descripcion_motivo)).toHaveCount(0);
});

test('the dashboard shows figures and draws its charts from the sales, and nothing under them moves', async ({
  page,
  browser,
}) => {
  await customerRating(page, browser);
  await signInAsAdmin(page);
  // Where the stock section's heading is, frame by frame: the charts, their legends and the e-mail choice
  // arrive after the figures, and must not push down what someone is about to click.
  await page.addInitScript(() => {
    const seen: number[] = [];
    Object.assign(window, { stockHeadingTops: seen });
    const look = () => {
      const heading = Array.from(document.querySelectorAll('h2')).find(
        (h) => h.textContent === 'Inventario y clientes',
      );
      const top = heading && Math.round(heading.getBoundingClientRect().top + window.scrollY);
      if (top !== undefined && top !== seen.at(-1)) seen.push(top);
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto('/adminHome');
  await expect(page.getByText('Ingresos por día (últimos 30 días)').first()).toBeVisible();
  const canvases = page.locator('figure canvas');
  // At least two charts; each draws once its code and data have arrived, the second maybe after the first.
  await expect(canvases.nth(1)).toBeVisible();
  const painted = await canvases.first().evaluate((canvas: HTMLCanvasElement) => {
    const { width, height } = canvas;
    const pixels = canvas.getContext('2d')?.getImageData(0, 0, width, height).data ?? [];
    let ink = 0;
    for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) ink++;
    return ink;
  });
  expect(painted).toBeGreaterThan(100);
  // The chart's data (its accessible table, oldest day first) holds today's sale.
  const days = page.getByRole('table', { name: /^Ingresos por día/ }).locator('tbody tr');
  await expect(days).toHaveCount(30);
  const today = await days.last().locator('td').textContent();
  expect(today).toMatch(/^\$[\d,]+\.\d{2}$/);
  expect(today).not.toBe('$0.00');
  await expect(
    page.getByLabel('Recibir en mi correo cada pedido pagado, con lo que hay que preparar'),
  ).toBeEnabled();
  await page.waitForLoadState('networkidle');
  const tops = await page.evaluate(
    () => (window as unknown as { stockHeadingTops: number[] }).stockHeadingTops,
  );
  expect(tops).toHaveLength(1);
});

const ADMIN_PAGES = [
  '/adminHome',
  '/products/admin',
  '/producto',
  '/admin/usuarios',
  '/admin/pedidos',
  '/calificaciones',
  '/admin/auditoria',
  '/admin/sinonimos',
];

/** The id each admin page with one shows: a product's, or a customer's. */
const SOME_ID: Record<string, (page: Page) => Promise<number>> = {
  '/product/:id': async (page) =>
    (await (await page.request.get('/api/products?pageSize=1')).json()).items[0].id_producto,
  '/admin/usuarios/:id': async (page) =>
    (await (await page.request.get('/api/usuario')).json())[0].id_usuario,
};

for (const path of [...ADMIN_PAGES, ...Object.keys(SOME_ID)]) {
  // One test per page, so the pages are analysed side by side in the suite's browsers.
  test(`axe finds no serious or critical violation on the admin page ${path}`, async ({ page }) => {
    await signInAsAdmin(page);
    const id = SOME_ID[path];
    await page.goto(id ? path.replace(':id', String(await id(page))) : path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSevereViolations(page);
  });
}
