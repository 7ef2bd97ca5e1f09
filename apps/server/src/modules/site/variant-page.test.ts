import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatMoney, PAGE_STATE_ID, type Product } from '@vitrina/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { TEMPLATE } from '../../test/web-build';
import type { RenderPage } from './render';

/** The web app's server render from its source, as render.test.ts loads it. */
const WEB_RENDER_SOURCE = '../../../../web/src/entry-server.tsx';
const { renderPage } = (await import(WEB_RENDER_SOURCE)) as { renderPage: RenderPage };

const OPTIONS = [
  { nombre: 'Talla', valores: ['S', 'M'] },
  { nombre: 'Color', valores: ['Rojo', 'Azul'] },
];

async function upload(admin: Agent, rgb: { r: number; g: number; b: number }): Promise<string> {
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: rgb } })
    .png()
    .toBuffer();
  const boundary = '----vitrinaVariantPage';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`;
  const res = await admin.request(
    'POST',
    '/api/uploads',
    Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    { 'content-type': `multipart/form-data; boundary=${boundary}` },
  );
  return res.json().secure_url as string;
}

/** The markup React rendered into #root, as text. */
const rootText = (html: string) =>
  (/<div id="root">([\s\S]*)<\/div><script type="application\/json" id="/.exec(html)?.[1] ?? '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ');

const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.+?)<\/script>/.exec(html)?.[1] ?? '{}');

describe.each(TEST_DATABASE_KINDS)('a product page with variants, rendered on the server, on %s', (kind) => {
  let t: TestApp;
  let webRoot: string;
  let shirt: Product;
  let bluePhoto: string;

  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'vitrina-variant-page-'));
    await mkdir(join(webRoot, 'dist'));
    await writeFile(join(webRoot, 'dist', 'index.html'), TEMPLATE);
    t = await seededTestApp(kind, { WEB_DIST: join(webRoot, 'dist') }, { renderPage });
    const admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    const imagen = await upload(admin, { r: 200, g: 30, b: 30 });
    bluePhoto = await upload(admin, { r: 20, g: 40, b: 200 });
    const res = await admin.post('/api/products', {
      nombre: 'Camiseta vencejo',
      descripcion_producto: 'Camiseta de algodón, corte recto.',
      valor: '120',
      id_categoria_producto: 1,
      imagen,
      opciones: OPTIONS,
      variantes: [
        { valores: ['S', 'Rojo'], sku: 'VEN-S-ROJO', stock: 4 },
        { valores: ['S', 'Azul'], sku: 'VEN-S-AZUL', stock: 0, valor: '150', imagen: bluePhoto },
        { valores: ['M', 'Rojo'], sku: 'VEN-M-ROJO', stock: 2, estado: false },
        { valores: ['M', 'Azul'], sku: 'VEN-M-AZUL', stock: 3, valor: '150', imagen: bluePhoto },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    shirt = res.json();
  });
  afterAll(async () => {
    await t?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const variant = (sku: string) => shirt.variantes.find((v) => v.sku === sku) as Product['variantes'][0];
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('renders the variant ?variante= names: its values chosen, its price, stock and photo', async () => {
    const blue = variant('VEN-M-AZUL');
    const res = await get(`/products/${shirt.id_producto}?variante=${blue.id_variante}`);
    expect(res.statusCode).toBe(200);
    const text = rootText(res.body);
    expect(text).toContain('Talla: M');
    expect(text).toContain('Color: Azul');
    expect(text).toContain(formatMoney(150, 'USD'));
    expect(text).not.toContain('Desde');
    expect(text).toContain('SKU VEN-M-AZUL');
    // The chosen variant's photo leads the gallery and previews the link.
    const firstPhoto = /<img[^>]+src="([^"]+)"/.exec(res.body.split('<div id="root">')[1] ?? '')?.[1];
    expect(firstPhoto).toBe(bluePhoto);
    expect(res.body).toContain(`<meta property="og:image" content="${t.config.publicUrl}${bluePhoto}">`);
    expect(res.body).toContain('<meta property="product:price:amount" content="150.00">');
    // The browser takes over the same product data.
    expect(res.body).toContain(`id="${PAGE_STATE_ID}"`);
  });

  it('renders the product with nothing chosen, from its lowest price, for no or a foreign ?variante=', async () => {
    for (const query of [
      '',
      '?variante=999999',
      '?variante=abc',
      '?variante=-1',
      '?variante=1e99',
      '?variante=%F0%00',
      '?variante=1&variante=2',
    ]) {
      const res = await get(`/products/${shirt.id_producto}${query}`);
      expect(res.statusCode, query).toBe(200);
      const text = rootText(res.body);
      expect(text).toContain('Talla: sin elegir');
      expect(text).toContain(`Desde ${formatMoney(120, 'USD')}`);
    }
  });

  it('shows sold-out and inactive values unavailable, not hidden', async () => {
    const res = await get(`/products/${shirt.id_producto}?variante=${variant('VEN-S-ROJO').id_variante}`);
    const text = rootText(res.body);
    // With Talla S chosen, Azul is sold out; with Color Rojo chosen, M is not sold.
    expect(text).toContain('Azul (Agotado)');
    expect(text).toMatch(/M \(No disponible\)/);
  });

  it('lists one Offer per active variant in the JSON-LD: SKU, price, availability and address', async () => {
    const data = jsonLd((await get(`/products/${shirt.id_producto}`)).body);
    const url = `${t.config.publicUrl}/products/${shirt.id_producto}`;
    expect(data.offers).toEqual([
      expect.objectContaining({
        '@type': 'Offer',
        sku: 'VEN-S-ROJO',
        name: 'Talla S · Rojo',
        price: '120.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: `${url}?variante=${variant('VEN-S-ROJO').id_variante}`,
      }),
      expect.objectContaining({
        sku: 'VEN-S-AZUL',
        price: '150.00',
        availability: 'https://schema.org/OutOfStock',
      }),
      expect.objectContaining({
        sku: 'VEN-M-AZUL',
        price: '150.00',
        availability: 'https://schema.org/InStock',
      }),
    ]);
  });
});
