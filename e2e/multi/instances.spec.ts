import type { APIRequestContext } from '@playwright/test';
import { ADMIN } from '../support/accounts';
import { apiAs, TINY_PNG } from '../support/api';
import { expect, test } from '../support/test';

/*
 * Through nginx to two instances (the two-instances project of playwright.config.ts): an image uploaded
 * to one is served by either, and both instances answered requests. Each instance's own /metrics (METRICS_PORT, which
 * multi/stack.mjs puts at the nginx port + 10 + its number) says what it served.
 */
const MULTI_PORT = Number(process.env.MULTI_PORT ?? 3310);
const METRICS = [1, 2].map((i) => `http://127.0.0.1:${MULTI_PORT + 10 + i}/metrics`);

/** How many requests of a method and route pattern this instance answered, by its own count. */
async function served(request: APIRequestContext, metricsUrl: string, method: string, route: string) {
  const text = await (await request.get(metricsUrl)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('vitrina_http_request_duration_seconds_count{')) continue;
    if (line.includes(`method="${method}"`) && line.includes(`route="${route}"`))
      total += Number(line.split(' ').at(-1));
  }
  return total;
}

test('@multi a product image uploaded through nginx loads from either instance, and both instances serve', async ({
  page,
  browser,
  request,
}) => {
  const admin = await apiAs(page.request);
  await admin.signIn(ADMIN.email, ADMIN.password);
  const { cookies } = await page.request.storageState();
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const upload = await page.request.post('/api/uploads', {
    multipart: { file: { name: 'jarron.png', mimeType: 'image/png', buffer: TINY_PNG } },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { secure_url } = await upload.json();
  const nombre = `Jarrón de talavera ${Date.now().toString(36)}`;
  const created = await admin.post('/api/products', {
    nombre,
    descripcion_producto: 'Jarrón de cerámica de talavera pintado a mano en Puebla.',
    valor: '480.00',
    valor_descuento: '',
    stock: '5',
    id_categoria_producto: '7',
    imagen: secure_url,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id_producto } = await created.json();

  // A fresh browser (an empty cache) shows the image on the product page.
  for (let i = 0; i < 2; i++) {
    const context = await browser.newContext();
    const shopper = await context.newPage();
    await shopper.goto(`/products/${id_producto}`);
    const image = shopper.getByRole('img', { name: nombre });
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await context.close();
  }
  // The image itself, asked one request after another: round robin alternates them between the
  // instances, and each answers it. (Through pages, which make a fixed number of requests each, the
  // image could land on the same instance every time.)
  const before = await Promise.all(METRICS.map((url) => served(request, url, 'GET', '/uploads/*')));
  for (let i = 0; i < 6; i++) {
    const image = await request.get(secure_url);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/webp');
  }
  const after = await Promise.all(METRICS.map((url) => served(request, url, 'GET', '/uploads/*')));
  for (const [i, count] of after.entries())
    expect(count, `instance ${i + 1}`).toBeGreaterThan(before[i] ?? 0);
});
