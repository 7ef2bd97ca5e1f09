import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Product, ProductPage } from '@vitrina/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/client';
import { tienda } from '../../db/schema';
import { Agent } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import type { RenderPage } from './render';

/** The web app's server render from its source, which the build bundles into apps/web/dist-ssr. */
const WEB_RENDER_SOURCE = '../../../../web/src/entry-server.tsx';
const { renderPage } = (await import(WEB_RENDER_SOURCE)) as { renderPage: RenderPage };

/** The head of the web app's index.html, as the build writes it. */
const TEMPLATE = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8">
    <title>Vitrina</title>
    <meta name="description" content="Tienda en línea">
    <meta name="theme-color" content="#b4410f" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
  </head>
  <body><div id="root"></div></body>
</html>`;

const IDENTITY = {
  nombre: 'Casa Lola',
  logo: '/uploads/productos/logo-casa-lola.webp',
  favicon: '/uploads/productos/icono-casa-lola.webp',
  colores: { primario: '#1e3a8a', acento: '#0f766e' },
  contacto: { email: 'hola@casalola.mx', telefono: '+52 55 1234 5678', direccion: 'Calle Roble 12, CDMX' },
  redes: { instagram: 'https://instagram.com/casalola' },
  whatsapp: '+52 1 55 1234 5678',
};

async function shopWithRender(kind: 'pglite' | 'postgres') {
  const webRoot = await mkdtemp(join(tmpdir(), 'vitrina-look-'));
  await mkdir(join(webRoot, 'dist'));
  await writeFile(join(webRoot, 'dist', 'index.html'), TEMPLATE);
  const t = await seededTestApp(kind, { WEB_DIST: join(webRoot, 'dist') }, { renderPage });
  return {
    t,
    close: async () => {
      await t.close();
      await rm(webRoot, { recursive: true, force: true });
    },
  };
}

describe.each(TEST_DATABASE_KINDS)("the storefront follows the shop's identity and pages, on %s", (kind) => {
  let shop: Awaited<ReturnType<typeof shopWithRender>>;
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    shop = await shopWithRender(kind);
    t = shop.t;
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
  });
  afterAll(() => shop?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('shows the saved name, logo, favicon, colours and contact on the next load of a page it had kept', async () => {
    const before = (await get('/')).body;
    expect(before).toContain('<title>Vitrina | Tienda en línea</title>');
    expect(before).not.toContain('/tema.css');
    expect(before).toContain('href="/favicon.svg"');

    expect((await admin.put('/api/ajustes/tienda', IDENTITY)).statusCode).toBe(200);
    const after = (await get('/')).body;
    expect(after).toContain('<title>Casa Lola | Tienda en línea</title>');
    expect(after).toContain(
      '<link rel="icon" type="image/webp" href="/uploads/productos/icono-casa-lola.webp">',
    );
    expect(after).toContain('<meta name="theme-color" content="#1e3a8a">');
    expect(after).toContain('src="/uploads/productos/logo-casa-lola.webp"');
    expect(after).toMatch(/© \d{4} Casa Lola\. Todos los derechos reservados\./);
    expect(after).toContain('<a href="mailto:hola@casalola.mx">hola@casalola.mx</a>');
    expect(after).toContain('href="https://instagram.com/casalola"');

    const sheet = /<link rel="stylesheet" href="(\/tema\.css\?v=[\w-]+)">/.exec(after)?.[1];
    expect(sheet).toBeDefined();
    const css = await get(String(sheet));
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.body).toContain('--color-ink: #1e3a8a;');
    expect(css.body).toContain('--color-on-ink: #ffffff;');
    expect(css.body).toContain('--color-accent: #0f766e;');
    expect(css.body).toContain('--color-on-accent: #ffffff;');
    expect((await get('/tema.css?v=viejo')).headers['cache-control']).toBe('no-cache');
  });

  it("puts '¿Dudas? Escríbenos' on product pages, a WhatsApp chat with the product's name written in", async () => {
    await admin.put('/api/ajustes/tienda', IDENTITY);
    const product = ((await get('/api/products')).json() as ProductPage).items[0] as Product;
    const html = (await get(`/products/${product.id_producto}`)).body;
    const link = `https://wa.me/5215512345678?text=${encodeURIComponent(product.nombre)}`;
    expect(html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    expect(html).toContain('¿Dudas? Escríbenos');

    await admin.put('/api/ajustes/tienda', { ...IDENTITY, whatsapp: '' });
    expect((await get(`/products/${product.id_producto}`)).body).not.toContain('¿Dudas? Escríbenos');
  });

  it("shows the terms as the owner edited them, and the owner's own page, linked from the footer", async () => {
    expect((await get('/terminos')).body).toContain('Términos de uso');
    await admin.put('/api/paginas/terminos', {
      titulo: 'Términos y condiciones',
      contenido: '# Cambios y devoluciones\n\nTienes **30 días** para cambiar tu compra.',
    });
    const terms = await get('/terminos');
    expect(terms.statusCode).toBe(200);
    expect(terms.body).toContain('<title>Términos y condiciones | ');
    expect(terms.body).toContain('<h2>Cambios y devoluciones</h2>');
    expect(terms.body).toContain('Tienes <strong>30 días</strong> para cambiar tu compra.');

    expect((await get('/paginas/envios')).statusCode).toBe(404);
    await admin.put('/api/paginas/envios', { titulo: 'Envíos', contenido: 'Enviamos en 24 horas.' });
    const own = await get('/paginas/envios');
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('<title>Envíos | ');
    expect(own.body).toContain('<p>Enviamos en 24 horas.</p>');
    expect((await get('/')).body).toMatch(/<a href="\/paginas\/envios"[^>]*>Envíos<\/a>/);
    expect((await get('/sitemap.xml')).body).toContain(`<loc>${t.config.publicUrl}/paginas/envios</loc>`);
  });
});

/** Several shop processes on one PostgreSQL: a change saved through one shows on the pages the others kept. */
describe.runIf(process.env.TEST_DATABASE_URL)('the shop identity across processes on postgres', () => {
  let shop: Awaited<ReturnType<typeof shopWithRender>>;
  beforeAll(async () => {
    shop = await shopWithRender('postgres');
  });
  afterAll(() => shop?.close());

  it("drops the pages it kept when another process saves the shop's name", async () => {
    const { t } = shop;
    const title = async () => /<title>([^<]*)<\/title>/.exec((await t.app.inject('/')).body)?.[1];
    expect(await title()).toBe('Vitrina | Tienda en línea');
    const other = await openDatabase({ kind: 'postgres', url: String(t.database.url), poolSize: 1 });
    try {
      await other.db.insert(tienda).values({
        nombre: 'Otro Proceso',
        color_primario: '#2b1d14',
        color_acento: '#b4410f',
      });
      await vi.waitFor(async () => expect(await title()).toBe('Otro Proceso | Tienda en línea'), {
        timeout: 2000,
      });
    } finally {
      await other.close();
    }
  });
});
