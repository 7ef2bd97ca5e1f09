import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { producto, usuario } from '../db/schema';
import { Agent, customerRegistration, newCustomer } from '../test/agent';
import { seededTestApp, type TestApp } from '../test/app';
import { TEST_DATABASE_KINDS } from '../test/databases';
import { stripeTestApp } from '../test/stripe-app';

const EVIL = 'https://tienda-falsa.example';
const CROSS_SITE = /otro sitio/;

describe.each(TEST_DATABASE_KINDS)('writes from another site, on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;
  let shopOrigin: string;
  beforeAll(async () => {
    t = await seededTestApp(kind);
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    shopOrigin = new URL(t.config.publicUrl).origin;
  });
  afterAll(() => t?.close());

  let emails = 0;
  const email = () => `origen${++emails}@example.com`;
  const accountExists = async (address: string) =>
    (await t.db.select().from(usuario).where(eq(usuario.email, address))).length > 0;

  it("refuses an admin's ban and product edit from another origin, even with the XSRF token and the session; from the shop's own page they go through", async () => {
    const { user } = await newCustomer(t.app, email());
    const [product] = await t.db.select().from(producto).limit(1);
    if (!product) throw new Error('the seed has no product');
    const ban = { id_usuario: user.id_usuario, estado: false };
    const edit = { nombre: 'Producto alterado' };
    const editUrl = `/api/products/${product.id_producto}/editProduct`;

    for (const origin of [EVIL, 'http://localhost:3001', `https://${new URL(shopOrigin).host}`]) {
      const banned = await admin.request('PUT', '/api/usuario/delete', ban, { origin });
      expect(banned.statusCode, origin).toBe(403);
      expect(banned.json()).toEqual({ error: 'Forbidden', message: expect.stringMatching(CROSS_SITE) });
      const edited = await admin.request('PUT', editUrl, edit, { origin });
      expect(edited.statusCode, origin).toBe(403);
    }
    const [customerRow] = await t.db.select().from(usuario).where(eq(usuario.id_usuario, user.id_usuario));
    expect(customerRow?.estado).toBe(true);
    const [productRow] = await t.db
      .select()
      .from(producto)
      .where(eq(producto.id_producto, product.id_producto));
    expect(productRow?.nombre).toBe(product.nombre);

    expect((await admin.request('PUT', editUrl, edit, { origin: shopOrigin })).statusCode).toBe(200);
    expect((await admin.request('PUT', '/api/usuario/delete', ban, { origin: shopOrigin })).statusCode).toBe(
      200,
    );
  });

  it('refuses Origin: null (a sandboxed frame, a redirect from another site); a client sending no Origin is left to the token', async () => {
    const refused = email();
    const res = await new Agent(t.app).request('POST', '/api/usuario', customerRegistration(refused), {
      origin: 'null',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(CROSS_SITE);
    expect(await accountExists(refused)).toBe(false);

    const accepted = email();
    expect((await new Agent(t.app).post('/api/usuario', customerRegistration(accepted))).statusCode).toBe(
      201,
    );
    expect(await accountExists(accepted)).toBe(true);
  });

  it('refuses Sec-Fetch-Site: cross-site, with or without an Origin; same-origin, same-site and none pass', async () => {
    const crossSite: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site', origin: shopOrigin },
    ];
    for (const headers of crossSite) {
      const address = email();
      const res = await new Agent(t.app).request(
        'POST',
        '/api/usuario',
        customerRegistration(address),
        headers,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(CROSS_SITE);
      expect(await accountExists(address)).toBe(false);
    }
    for (const site of ['same-origin', 'same-site', 'none']) {
      const address = email();
      const res = await new Agent(t.app).request('POST', '/api/usuario', customerRegistration(address), {
        'sec-fetch-site': site,
        origin: shopOrigin,
      });
      expect(res.statusCode, site).toBe(201);
    }
  });

  it('takes the address the request was sent to as the shop’s own (127.0.0.1, the development proxy), but not another port', async () => {
    const cases: Array<[host: string, origin: string, status: number]> = [
      ['127.0.0.1:3000', 'http://127.0.0.1:3000', 201],
      // The web app's development server proxies /api keeping the browser's Host.
      ['localhost:5173', 'http://localhost:5173', 201],
      ['localhost:3000', 'http://localhost:5173', 403],
      ['127.0.0.1:3000', 'http://127.0.0.1:8080', 403],
    ];
    for (const [host, origin, status] of cases) {
      const address = email();
      const res = await new Agent(t.app).request('POST', '/api/usuario', customerRegistration(address), {
        host,
        origin,
      });
      expect(res.statusCode, `${origin} to ${host}`).toBe(status);
      expect(await accountExists(address)).toBe(status === 201);
    }
  });

  it('checks the origin before the session: a cross-site write answers 403 to a visitor too, naming nothing', async () => {
    const res = await new Agent(t.app).request('PUT', '/api/usuario/delete', { x: 1 }, { origin: EVIL });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Forbidden', message: expect.stringMatching(CROSS_SITE) });
  });
});

describe('the Stripe webhook (server to server)', () => {
  it('is exempt from the origin check, which still guards every other write', async () => {
    const t = await stripeTestApp('pglite');
    try {
      const headers = { origin: EVIL, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' };
      const webhook = await t.app.inject({
        method: 'POST',
        url: '/api/pagos/webhook',
        payload: '{"type":"payment_intent.succeeded"}',
        headers: { ...headers, 'stripe-signature': 't=1,v1=firma-falsa' },
      });
      // Judged by its signature, not refused for its origin.
      expect(webhook.statusCode).toBe(400);
      expect(webhook.json().message).toMatch(/firma/);

      const other = await new Agent(t.app).request(
        'POST',
        '/api/usuario',
        customerRegistration('x@y.mx'),
        headers,
      );
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toMatch(CROSS_SITE);
    } finally {
      await t.close();
    }
  });
});
