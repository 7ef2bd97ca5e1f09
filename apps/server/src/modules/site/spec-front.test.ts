import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../seed/demo-accounts';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS, testTempDir } from '../../test/databases';
import { SpecBrowser } from '../../test/spec-browser';

/** What a Create React App build of Henry-Market-Front holds, in small. */
const INDEX =
  '<!doctype html><html lang="en"><head><title>Henry Market</title></head><body><div id="root"></div><script defer="defer" src="/static/js/main.1a2b3c4d.js"></script></body></html>';
const SCRIPT = 'console.log("Henry Market");';
const ROBOTS = 'User-agent: *\nDisallow:\n';

describe.each(TEST_DATABASE_KINDS)('SPEC_FRONT_DIST: SPEC storefront served by the shop, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    const build = await testTempDir('spec-front-');
    await mkdir(join(build, 'static', 'js'), { recursive: true });
    await writeFile(join(build, 'index.html'), INDEX);
    await writeFile(join(build, 'static', 'js', 'main.1a2b3c4d.js'), SCRIPT);
    await writeFile(join(build, 'robots.txt'), ROBOTS);
    t = await seededTestApp(kind, { SPEC_FRONT_DIST: build });
  });
  afterAll(() => t?.close());

  it('answers every route of its router with its index.html, and the first visit gets the XSRF-TOKEN its first POST needs', async () => {
    for (const path of [
      '/',
      '/login',
      '/register',
      '/products/categoria/3',
      '/products/12',
      '/historialVentas',
    ]) {
      const tab = new SpecBrowser(t.app, t.config.publicUrl);
      const res = await tab.open(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(tab.scriptCookie('XSRF-TOKEN'), path).toBeTruthy();
    }
    // Opened at /login, FormLogin's post goes through on the first try.
    const tab = new SpecBrowser(t.app, t.config.publicUrl);
    await tab.open('/login');
    const login = await tab.post('usuario/login', {
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
    });
    expect(login.status).toBe(200);
  });

  it('serves its hashed files for a year, the shop images, and a plain 404 for a missing file', async () => {
    const script = await t.app.inject({ url: '/static/js/main.1a2b3c4d.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe(SCRIPT);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const [product] = (await t.app.inject({ url: '/api/spec/products' })).json() as Array<{ imagen: string }>;
    const image = await t.app.inject({ url: product?.imagen as string });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    for (const path of ['/static/js/main.old.js', '/uploads/productos/no-existe.webp', '/api/no-existe']) {
      const missing = await t.app.inject({ url: path });
      expect(missing.statusCode, path).toBe(404);
      expect(missing.json().message).toBe('No encontramos lo que buscas.');
    }
    expect((await t.app.inject({ url: '/index.html' })).body).toBe(INDEX);
    expect((await t.app.inject({ url: '/robots.txt' })).body).toBe(ROBOTS);
  });

  it("lets the front's pages run: its inline styles, its Google font, other sites' pictures and Stripe.js, nothing else", async () => {
    const res = await t.app.inject({ url: '/carrito' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("style-src 'self' 'unsafe-inline' https://fonts.googleapis.com;");
    expect(csp).toContain("font-src 'self' https://fonts.gstatic.com;");
    expect(csp).toContain('https://js.stripe.com');
    expect(csp).toMatch(/img-src [^;]*https:/);
    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    expect(csp).toContain("frame-ancestors 'none'");
    // The API's own answers keep their policy that allows nothing.
    const api = await t.app.inject({ url: '/api/spec/categorias' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
