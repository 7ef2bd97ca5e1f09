import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { PAGES, type PageEntry, pagePath } from '@vitrina/shared';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { producto } from '../../db/schema';
import { seededTestApp, type TestApp } from '../../test/app';
import { rawGet } from '../../test/raw-get';
import { fakeWebBuild, SCRIPT } from '../../test/web-build';

/** Written beside the uploads folder and beside the web build: no URL may ever answer with it. */
const SECRET = 'contenido-fuera-de-la-carpeta-publica';

describe('web pages, SEO and security headers', () => {
  let t: TestApp;
  let product: typeof producto.$inferSelect;
  let webRoot: string;

  beforeAll(async () => {
    // The build sits in a folder of its own, so the test can put a file beside it (see SECRET).
    webRoot = await mkdtemp(join(tmpdir(), 'vitrina-web-'));
    const webDist = join(webRoot, 'dist');
    await fakeWebBuild(webDist);
    t = await seededTestApp('pglite', { WEB_DIST: webDist, PUBLIC_URL: 'https://tienda.example.com' });
    const [row] = await t.db
      .select()
      .from(producto)
      .where(and(eq(producto.estado, true), gt(producto.stock, 0)))
      .limit(1);
    product = row as typeof producto.$inferSelect;
    for (const root of [t.config.uploadsDir, webDist])
      await writeFile(join(dirname(root), 'secret.txt'), SECRET);
  });
  afterAll(async () => {
    await t.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('puts the product name, description, Open Graph tags and JSON-LD Product into its page', async () => {
    const res = await get(`/products/${product.id_producto}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(`<title>${product.nombre} | Vitrina</title>`);
    expect(res.body).toContain('<meta property="og:type" content="product">');
    expect(res.body).toContain(
      `<link rel="canonical" href="https://tienda.example.com/products/${product.id_producto}">`,
    );
    const jsonLd = /<script type="application\/ld\+json">(.+?)<\/script>/.exec(res.body)?.[1];
    const data = JSON.parse(jsonLd ?? '{}');
    expect(data).toMatchObject({
      '@type': 'Product',
      name: product.nombre,
      offers: { priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    expect(data.offers.price).toBe(product.valor_descuento ?? product.valor);
    expect(res.body.match(/<meta name="description"/g)).toHaveLength(1);
  });

  /** The page's preload tag of one image (its sizes, when stored, ride along as imagesrcset). */
  const imagePreload = (body: string, url: string) =>
    body.match(new RegExp(`<link rel="preload" as="image" href="${url.replaceAll('.', '\\.')}"[^>]*>`))?.[0];

  it("preloads a product page's code and its image, but nothing on pages without hints", async () => {
    const res = await get(`/products/${product.id_producto}`);
    expect(res.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/product-page-def456.js">',
    );
    expect(imagePreload(res.body, product.imagen)).toContain('fetchpriority="high"');
    expect((await get('/about')).body).not.toContain('rel="modulepreload"');
  });

  it('preloads the images of the first cards of a listing, as the API orders them, but not for a search', async () => {
    const page = await get('/products/categoria/3?orden=precio_desc');
    const listing = await get('/api/products?categoria=3&orden=precio_desc&pageSize=8');
    const firstRow = listing.json().items.slice(0, 4) as Array<{ imagen: string }>;
    expect(firstRow).toHaveLength(4);
    for (const { imagen } of firstRow) {
      expect(imagePreload(page.body, imagen)).toContain('fetchpriority="high"');
    }
    expect((await get('/products/todos?name=licuadora')).body).not.toContain('as="image"');
  });

  it('titles a category page with the category name', async () => {
    const res = await get('/products/categoria/8');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Jardinería | Vitrina</title>');
    expect(res.body).toContain('og:image" content="https://tienda.example.com/uploads/categorias/8.webp"');
  });

  it('serves the app with 200 on its routes and 404 on unknown ones', async () => {
    for (const path of ['/', '/about', '/products/todos', '/login', '/carrito']) {
      expect((await get(path)).statusCode, path).toBe(200);
    }
    for (const path of ['/no-existe', '/products/987654', '/products/categoria/99', '/products/abc']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('answers every page of the shared table with 200 and its title, and an id that is not digits with 404', async () => {
    const pages: readonly PageEntry[] = Object.values(PAGES);
    for (const page of pages) {
      // A page of the owner's own: every shop has the three, and they answer at /paginas/:slug too.
      const path =
        page === PAGES.ownPage
          ? '/paginas/terminos'
          : pagePath(page, page === PAGES.category ? 8 : product.id_producto);
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      if (page.title) expect(res.body, path).toContain(`<title>${page.title} | Vitrina</title>`);
    }
    expect((await get('/register')).body).toContain('<title>Registrarse | Vitrina</title>');
    for (const path of ['/product/abc', '/products/categoria/abc', '/products/1x']) {
      expect((await get(path)).statusCode, path).toBe(404);
    }
  });

  it('answers a missing upload or asset with a plain 404, not the app', async () => {
    for (const path of ['/uploads/productos/no-existe.webp', '/assets/index-old.js']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('answers hostile paths under /uploads and /assets with the JSON 404 of a missing file, never a 500', async () => {
    // The real files still arrive, with or without a query.
    expect((await get(product.imagen)).statusCode).toBe(200);
    expect((await get('/assets/index-abc123.js?v=2')).statusCode).toBe(200);
    const errorsBefore = t.logs.filter((line) => line.level >= 50).length;
    const hostile = [
      '/uploads/productos/',
      '/uploads/%00.webp',
      '/uploads/productos/%00',
      '/uploads//productos/1.webp',
      `/uploads/productos//${product.imagen.split('/').pop()}`,
      `${product.imagen}/`,
      '/uploads/..%5csecret.txt',
      '/uploads/%2e%2e%5csecret.txt',
      '/uploads/productos%5c..%5c..%5csecret.txt',
      `/uploads/${'a'.repeat(300)}.webp`,
      `/uploads/productos/${'ñ'.repeat(200)}.webp`,
      '/assets/',
      '/assets/index-abc123.js/',
      '/assets//index-abc123.js',
      '/assets/%00',
      '/assets/..%5c..%5csecret.txt',
      `/assets/${'a'.repeat(300)}.js`,
    ];
    for (const path of hostile) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).toMatch(/^application\/json/);
      expect(res.json(), path).toEqual({ error: 'Not Found', message: expect.any(String) });
      expect(res.body, path).not.toContain(SECRET);
    }
    expect(t.logs.filter((line) => line.level >= 50)).toHaveLength(errorsBefore);
  });

  it('answers a range past the end of an upload with 416 and its size, and a failed If-Match with 412', async () => {
    const whole = await get(product.imagen);
    const size = whole.rawPayload.length;
    const pastTheEnd = await t.app.inject({
      method: 'GET',
      url: product.imagen,
      headers: { range: `bytes=${size + 10}-` },
    });
    expect(pastTheEnd.statusCode).toBe(416);
    expect(pastTheEnd.headers['content-range']).toBe(`bytes */${size}`);
    expect(pastTheEnd.json()).toMatchObject({ error: 'Range Not Satisfiable' });
    const changed = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'if-match': '"otra-version"' },
    });
    expect(changed.statusCode).toBe(412);
    expect(changed.json()).toMatchObject({ error: 'Precondition Failed' });
    // A range inside the file still arrives.
    const firstBytes = await t.app.inject({
      method: 'GET',
      url: product.imagen,
      headers: { range: 'bytes=0-3' },
    });
    expect(firstBytes.statusCode).toBe(206);
    expect(firstBytes.body).toBe('RIFF');
  });

  it('never serves a file outside the uploads or the web build folder to a raw `..` request', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const traversals = [
      '/uploads/../secret.txt',
      '/uploads/productos/../../secret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/%2E%2E/secret.txt',
      '/uploads/..%2fsecret.txt',
      '/uploads/%2e%2e%2fsecret.txt',
      '/uploads/..\\secret.txt',
      '/uploads/./../secret.txt',
      '/assets/../../secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
    ];
    for (const path of traversals) {
      const res = await rawGet(port, path);
      expect([400, 404], path).toContain(res.status);
      expect(res.body, path).not.toContain(SECRET);
      expect(res.head.toLowerCase(), path).toContain('content-type: application/json');
    }
  });

  it('hides an inactive product page from search engines with a 404', async () => {
    await t.db.update(producto).set({ estado: false }).where(eq(producto.id_producto, product.id_producto));
    expect((await get(`/products/${product.id_producto}`)).statusCode).toBe(404);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.body).not.toContain(`/products/${product.id_producto}<`);
    await t.db.update(producto).set({ estado: true }).where(eq(producto.id_producto, product.id_producto));
  });

  it('escapes text that comes from the database', async () => {
    await t.db
      .update(producto)
      .set({ nombre: 'Taza "</script><script>alert(1)</script>' })
      .where(eq(producto.id_producto, product.id_producto));
    const res = await get(`/products/${product.id_producto}`);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    await t.db
      .update(producto)
      .set({ nombre: product.nombre })
      .where(eq(producto.id_producto, product.id_producto));
  });

  it("writes a product name with String.replace's $-patterns as written: one title, one body, one JSON-LD", async () => {
    const nombre = "Oferta $' y $` y $& fin";
    const byId = eq(producto.id_producto, product.id_producto);
    await t.db.update(producto).set({ nombre }).where(byId);
    try {
      const res = await get(`/products/${product.id_producto}`);
      expect(res.statusCode).toBe(200);
      expect(res.body.match(/<title>/g)).toHaveLength(1);
      expect(res.body.match(/<body>/g)).toHaveLength(1);
      // The entry script of index.html and the JSON-LD.
      expect(res.body.match(/<script/g)).toHaveLength(2);
      const jsonLd = /<script type="application\/ld\+json">(.+?)<\/script>/.exec(res.body)?.[1];
      expect(JSON.parse(jsonLd ?? '{}').name).toBe(nombre);
    } finally {
      await t.db.update(producto).set({ nombre: product.nombre }).where(byId);
    }
  });

  it('lists categories and visible products in sitemap.xml and points robots.txt to it', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain('<loc>https://tienda.example.com/products/categoria/11</loc>');
    expect(sitemap.body).toContain(`<loc>https://tienda.example.com/products/${product.id_producto}</loc>`);
    expect(sitemap.body).toContain('<loc>https://tienda.example.com/terminos</loc>');
    expect(sitemap.body).toContain('<loc>https://tienda.example.com/privacidad</loc>');
    const robots = await get('/robots.txt');
    expect(robots.body).toContain('Sitemap: https://tienda.example.com/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
  });

  it("sends the build's brotli copy of an asset to a browser that accepts it", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('serves hashed assets as immutable and pages as no-cache', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
  });

  it('sends a strict Content-Security-Policy and the usual security headers', async () => {
    const res = await get('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the Permissions-Policy, and HSTS for an https PUBLIC_URL, on pages, files and 404s', async () => {
    // The API's answers have a smaller set of their own (plugins/security-headers.test.ts), HSTS included.
    expect((await get('/api/health')).headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    for (const path of ['/', '/assets/index-abc123.js', '/uploads/no-existe.webp', '/no-existe']) {
      const res = await get(path);
      const policy = String(res.headers['permissions-policy']);
      expect(policy, path).toContain('camera=()');
      expect(policy, path).toContain('geolocation=()');
      // The sandbox takes the payments: no browser payment feature for anyone.
      expect(policy, path).toContain('payment=()');
      expect(res.headers['strict-transport-security'], path).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('answers a URL with broken percent-encoding with a Spanish 400 that still has the security headers', async () => {
    for (const path of ['/uploads/%E0%A4%A.webp', '/api/products/%E0%A4%A', '/products/%C0']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toEqual({
        error: 'Bad Request',
        message: 'La dirección solicitada no es válida. Revisa el enlace e inténtalo de nuevo.',
      });
      expect(res.headers['content-security-policy'], path).toContain("default-src 'self'");
      expect(String(res.headers['permissions-policy']), path).toContain('camera=()');
    }
  });

  it('refuses to be framed in the same words in both headers', async () => {
    const res = await get('/');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('sends /index.html to the home page instead of serving the bare template', async () => {
    const res = await get('/index.html');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/');
  });

  it('answers the health check after asking the database', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'pglite' });
  });

  it('publishes the OpenAPI document and its UI at /api/docs', async () => {
    const ui = await get('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
    const doc = await get('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/products', '/api/products/{id}', '/api/categorias', '/api/health']),
    );
  });
});
