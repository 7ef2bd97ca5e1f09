import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeadersPlugin } from './security-headers';

/** A bare server with the plugin: a page, a failing route and, for anything else, Fastify's 404. */
async function serverWith(opts: { stripe: boolean; publicUrl: string }) {
  const app = Fastify({ logger: false });
  await app.register(securityHeadersPlugin, opts);
  app.get('/', async () => 'ok');
  app.get('/api/datos', async () => ({ ok: true }));
  app.get('/falla', async () => {
    throw new Error('falla');
  });
  await app.ready();
  return app;
}

/** The Permissions-Policy header as feature → allowlist. */
function policyOf(header: unknown): Map<string, string> {
  const entries = String(header)
    .split(',')
    .map((directive) => directive.trim().split('=') as [string, string]);
  return new Map(entries);
}

describe('Permissions-Policy', () => {
  it('denies the camera, the microphone, the location and the other powerful features on every answer', async () => {
    const app = await serverWith({ stripe: false, publicUrl: 'https://tienda.example.com' });
    for (const url of ['/', '/falla', '/no-existe']) {
      const res = await app.inject({ method: 'GET', url });
      const policy = policyOf(res.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'usb', 'payment', 'display-capture']) {
        expect(policy.get(feature), `${url} ${feature}`).toBe('()');
      }
      // Features Chromium does not recognise would log a console warning on every page.
      for (const unknown of ['ambient-light-sensor', 'bluetooth', 'web-share']) {
        expect(policy.has(unknown), `${url} ${unknown}`).toBe(false);
      }
      // Nothing is granted to anyone.
      expect(
        [...policy.values()].every((allowlist) => allowlist === '()'),
        url,
      ).toBe(true);
    }
    await app.close();
  });

  it('with Stripe, allows only `payment`, and only to the shop and js.stripe.com', async () => {
    const app = await serverWith({ stripe: true, publicUrl: 'https://tienda.example.com' });
    const policy = policyOf((await app.inject({ method: 'GET', url: '/' })).headers['permissions-policy']);
    expect(policy.get('payment')).toBe('(self "https://js.stripe.com")');
    const granted = [...policy].filter(([, allowlist]) => allowlist !== '()').map(([feature]) => feature);
    expect(granted).toEqual(['payment']);
    expect(policy.get('camera')).toBe('()');
    await app.close();
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent when PUBLIC_URL is https', async () => {
    const app = await serverWith({ stripe: false, publicUrl: 'https://tienda.example.com' });
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await app.close();
  });

  it('is not sent when PUBLIC_URL is plain http, so the host is not pinned to https', async () => {
    for (const publicUrl of ['http://localhost:3000', 'http://tienda.example.com']) {
      const app = await serverWith({ stripe: false, publicUrl });
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.headers['strict-transport-security'], publicUrl).toBeUndefined();
      // The other headers still are.
      expect(res.headers['content-security-policy'], publicUrl).toBeDefined();
      await app.close();
    }
  });
});

describe('API answers', () => {
  it('allow nothing to run or frame them, are never sniffed into a page, and carry no page policies', async () => {
    const app = await serverWith({ stripe: true, publicUrl: 'https://tienda.example.com' });
    for (const url of ['/api/datos', '/api/no-existe']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      // Document-only policies: a JSON answer is never a page that could use them.
      expect(res.headers['permissions-policy'], url).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
    // A page still gets them all.
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
    expect(page.headers['permissions-policy']).toContain('camera=()');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    await app.close();
  });
});
