import cookie from '@fastify/cookie';
import { PLACEHOLDER_ADDRESS, PLACEHOLDER_PHONE, type SessionUser } from '@vitrina/shared';
import { eq } from 'drizzle-orm';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Db } from '../../db/client';
import { identidadExterna, sesion, usuario } from '../../db/schema';
import { DEMO_CUSTOMER } from '../../seed/demo-accounts';
import { localStorage } from '../../storage/local';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { shopIdentity } from '../mail';
import { SESSION_COOKIE } from '../sessions';
import { ACCOUNT_DISABLED, FLOW_COOKIE, GOOGLE_FAILED, googleRoutes } from './google-routes';
import { localSubject } from './local-issuer';
import { type OidcClientConfig, resolveOidc } from './oidc-client';

interface Person {
  nombre: string;
  apellido: string;
  correo: string;
}

/**
 * A browser on the issuer's side: follows redirects by hand and keeps the issuer's cookies, until the
 * issuer sends it back to the shop (returned as a URL) or shows a page (returned as HTML).
 */
class IssuerBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly shopOrigin: string) {}

  async open(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    let next = new URL(url);
    let request = init;
    for (let hops = 0; hops < 10; hops++) {
      const res = await fetch(next, {
        method: request.method ?? 'GET',
        redirect: 'manual',
        headers: {
          cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(request.form ? { body: new URLSearchParams(request.form).toString() } : {}),
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
        if (value && !/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.set(name, value);
        else this.cookies.delete(name);
      }
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) {
        return { back: null, status: res.status, html: await res.text(), url: next };
      }
      await res.body?.cancel();
      next = new URL(location, next);
      if (next.origin === this.shopOrigin) return { back: next, status: res.status, html: '', url: next };
      request = {};
    }
    throw new Error('too many redirects on the issuer');
  }
}

const formAction = (html: string, ending: string) => {
  const match = html.match(new RegExp(`action="([^"]+/${ending})"`));
  if (!match?.[1]) throw new Error(`no ${ending} form on the issuer page:\n${html}`);
  return match[1];
};

describe.each(TEST_DATABASE_KINDS)('sign in with Google on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await seededTestApp(kind);
  });
  afterAll(() => t?.close());

  /** GET /api/auth/google → the issuer's sign-in page; the flow cookie the shop set on the way. */
  async function leaveForIssuer(query = '') {
    const start = await t.app.inject({ method: 'GET', url: `/api/auth/google${query}` });
    expect(start.statusCode, start.body).toBe(302);
    const flow = start.cookies.find((c) => c.name === FLOW_COOKIE);
    expect(flow).toBeDefined();
    const browser = new IssuerBrowser(new URL(t.config.publicUrl).origin);
    const page = await browser.open(String(start.headers.location));
    expect(page.status).toBe(200);
    return { start, flow: flow?.value ?? '', browser, page };
  }

  /** Comes back to the shop's callback with the flow cookie, as the browser would. */
  async function returnToShop(back: URL | null, flowCookie: string | undefined) {
    expect(back?.href.startsWith(`${t.config.publicUrl}/api/auth/google/callback?`)).toBe(true);
    return t.app.inject({
      method: 'GET',
      url: `${back?.pathname}${back?.search}`,
      cookies: flowCookie === undefined ? {} : { [FLOW_COOKIE]: flowCookie },
    });
  }

  /** The whole journey: shop → issuer sign-in page → form → shop callback. */
  async function signIn(person: Person, query = '') {
    const { flow, browser, page } = await leaveForIssuer(query);
    const done = await browser.open(new URL(formAction(page.html, 'login'), page.url).href, {
      method: 'POST',
      form: { ...person },
    });
    return returnToShop(done.back, flow);
  }

  const sessionCookie = (res: LightMyRequestResponse) =>
    res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;

  async function me(token: string | undefined): Promise<SessionUser> {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/usuario/me',
      cookies: { [SESSION_COOKIE]: token ?? '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  const links = (db: Db, userId: number) =>
    db.select().from(identidadExterna).where(eq(identidadExterna.id_usuario, userId));

  describe('GET /api/auth/google', () => {
    it('redirects to the issuer with code flow, PKCE, state, nonce and the openid email profile scope', async () => {
      const { start } = await leaveForIssuer();
      const url = new URL(String(start.headers.location));
      expect(url.searchParams.get('response_type')).toBe('code');
      expect(url.searchParams.get('scope')).toBe('openid email profile');
      expect(url.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}/api/auth/google/callback`);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      for (const param of ['code_challenge', 'state', 'nonce', 'client_id']) {
        expect(url.searchParams.get(param)).toBeTruthy();
      }
    });

    it('keeps the flow in a short-lived HttpOnly SameSite=Lax cookie that does not reveal it', async () => {
      const { start } = await leaveForIssuer();
      const flow = start.cookies.find((c) => c.name === FLOW_COOKIE);
      expect(flow).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/google', maxAge: 600 });
      const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
      expect(flow?.value).not.toContain(state);
    });

    it('shows a sign-in page asking for Nombre, Apellido and Correo', async () => {
      const { page } = await leaveForIssuer();
      expect(page.html).toContain('<html lang="es">');
      for (const [id, label] of [
        ['nombre', 'Nombre'],
        ['apellido', 'Apellido'],
        ['correo', 'Correo'],
      ]) {
        expect(page.html).toContain(`<label for="${id}">${label}</label>`);
        expect(page.html).toContain(`id="${id}"`);
      }
      expect(page.html).toContain('<button type="submit">Continuar</button>');
    });
  });

  describe('GET /api/auth/google/callback', () => {
    const nueva = { nombre: 'Nueva', apellido: 'Compradora', correo: 'nueva.google@example.com' };

    it('creates an account with the placeholders on first sign-in and sends it to /account', async () => {
      const res = await signIn(nueva);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/account?login=google');
      const flowCleared = res.cookies.find((c) => c.name === FLOW_COOKIE);
      expect(flowCleared?.value).toBe('');

      const user = await me(sessionCookie(res));
      expect(user).toMatchObject({
        login: 'google',
        email: 'nueva.google@example.com',
        primer_nombre: 'Nueva',
        primer_apellido: 'Compradora',
        telefono: PLACEHOLDER_PHONE,
        direccion: PLACEHOLDER_ADDRESS,
        imagen: '',
        estado: true,
        admin: false,
        tiene_password: false,
      });
      const [row] = await t.db.select().from(usuario).where(eq(usuario.id_usuario, user.id_usuario));
      expect(row?.password_hash).toBeNull();
      expect(await links(t.db, user.id_usuario)).toMatchObject([
        { proveedor: 'google', sujeto: localSubject(nueva.correo) },
      ]);
      const sessions = await t.db.select().from(sesion).where(eq(sesion.id_usuario, user.id_usuario));
      expect(sessions.map((s) => s.metodo)).toEqual(['google']);
    });

    it('lets a Google session complete its profile once, then refuses further edits (SPEC §6)', async () => {
      const token = sessionCookie(
        await signIn({ nombre: 'Perfil', apellido: 'Google', correo: 'perfil.google@example.com' }),
      );
      const put = async (body: object) => {
        const xsrf = 'prueba-xsrf-token';
        return t.app.inject({
          method: 'PUT',
          url: '/api/usuario',
          payload: body,
          cookies: { [SESSION_COOKIE]: token ?? '', 'XSRF-TOKEN': xsrf },
          headers: { 'x-xsrf-token': xsrf },
        });
      };
      const first = await put({ direccion: 'Calle Madero 32, Centro', telefono: '5523456789' });
      expect(first.statusCode, first.body).toBe(200);
      expect((await me(token)).telefono).toBe('5523456789');
      const again = await put({ telefono: '5599999999' });
      expect(again.statusCode).toBe(403);
      expect(again.json().message).toBe(
        'Las cuentas de Google solo pueden completar sus datos la primera vez.',
      );
      expect((await me(token)).telefono).toBe('5523456789');
    });

    it('signs in to the same account again with the same e-mail, whatever its case', async () => {
      const first = await me(sessionCookie(await signIn(nueva)));
      const again = await signIn({ ...nueva, correo: 'Nueva.Google@Example.COM' });
      expect(again.headers.location).toBe('/account?login=google');
      expect((await me(sessionCookie(again))).id_usuario).toBe(first.id_usuario);
      const rows = await t.db.select().from(usuario).where(eq(usuario.email, nueva.correo));
      expect(rows).toHaveLength(1);
      expect(await links(t.db, first.id_usuario)).toHaveLength(1);
    });

    it('links the verified e-mail of a password account and, profile complete, sends it home', async () => {
      const [customer] = await t.db.select().from(usuario).where(eq(usuario.email, DEMO_CUSTOMER.email));
      if (!customer) throw new Error('the seed has no demo customer');
      const res = await signIn({ nombre: 'Otro', apellido: 'Nombre', correo: DEMO_CUSTOMER.email });
      expect(res.headers.location).toBe('/?login=google');
      const user = await me(sessionCookie(res));
      expect(user).toMatchObject({
        id_usuario: customer.id_usuario,
        login: 'google',
        primer_nombre: customer.primer_nombre,
        telefono: customer.telefono,
        tiene_password: true,
      });
      expect(await links(t.db, customer.id_usuario)).toMatchObject([
        { proveedor: 'google', sujeto: localSubject(DEMO_CUSTOMER.email) },
      ]);
    });

    it('starts the sign-in whatever ?returnTo= holds, a repeated one included', async () => {
      for (const query of ['?returnTo=/a&returnTo=/b', '?returnTo=', '?returnTo=%00']) {
        expect((await leaveForIssuer(query)).start.statusCode).toBe(302);
      }
    });

    it('comes back to the page that asked for the sign-in (?returnTo=), its query and fragment kept', async () => {
      const returnTo = encodeURIComponent('/pedido/12?vista=1#envio');
      const res = await signIn(
        { nombre: 'Otro', apellido: 'Nombre', correo: DEMO_CUSTOMER.email },
        `?returnTo=${returnTo}`,
      );
      expect(res.headers.location).toBe('/pedido/12?vista=1&login=google#envio');
      expect(sessionCookie(res)).toBeTruthy();
    });

    it.each(['//evil.com', 'https://evil.com', '/\\evil.com', '/\t/evil.com', '/login'])(
      'goes home instead of following ?returnTo=%j',
      async (returnTo) => {
        const res = await signIn(
          { nombre: 'Otro', apellido: 'Nombre', correo: DEMO_CUSTOMER.email },
          `?returnTo=${encodeURIComponent(returnTo)}`,
        );
        expect(res.headers.location).toBe('/?login=google');
      },
    );

    it('sends an incomplete profile to its first-time form whatever page asked', async () => {
      const res = await signIn(
        { nombre: 'Sin', apellido: 'Perfil', correo: 'sin.perfil.google@example.com' },
        `?returnTo=${encodeURIComponent('/pedido/12')}`,
      );
      expect(res.headers.location).toBe('/account?login=google');
    });

    it('refuses a banned account with /login?error=desactivada and no session', async () => {
      const correo = 'baneada.google@example.com';
      const first = await me(sessionCookie(await signIn({ nombre: 'Baneada', apellido: 'Google', correo })));
      await t.db.update(usuario).set({ estado: false }).where(eq(usuario.id_usuario, first.id_usuario));
      await t.db.delete(sesion).where(eq(sesion.id_usuario, first.id_usuario));

      const res = await signIn({ nombre: 'Baneada', apellido: 'Google', correo });
      expect(res.headers.location).toBe(ACCOUNT_DISABLED);
      expect(sessionCookie(res)).toBeUndefined();
      expect(await t.db.select().from(sesion).where(eq(sesion.id_usuario, first.id_usuario))).toEqual([]);
    });

    it('refuses a banned password account without linking it', async () => {
      const [banned] = await t.db
        .insert(usuario)
        .values({
          primer_nombre: 'Con',
          primer_apellido: 'Clave',
          email: 'baneado.clave@example.com',
          direccion: 'Calle Mayor 1, Madrid',
          telefono: '5511112222',
          password_hash: 'not-a-real-hash',
          estado: false,
        })
        .returning();
      if (!banned) throw new Error('insert failed');
      const res = await signIn({ nombre: 'Con', apellido: 'Clave', correo: banned.email });
      expect(res.headers.location).toBe(ACCOUNT_DISABLED);
      expect(sessionCookie(res)).toBeUndefined();
      expect(await links(t.db, banned.id_usuario)).toEqual([]);
    });

    it('does not let an issuer e-mail take over an administrator', async () => {
      const res = await signIn({ nombre: 'Falso', apellido: 'Admin', correo: t.config.admin.email });
      expect(res.headers.location).toBe(GOOGLE_FAILED);
      expect(sessionCookie(res)).toBeUndefined();
      const [admin] = await t.db.select().from(usuario).where(eq(usuario.email, t.config.admin.email));
      expect(await links(t.db, admin?.id_usuario ?? 0)).toEqual([]);
    });

    it('answers /login?error=google when the shopper cancels on the issuer', async () => {
      const { flow, browser, page } = await leaveForIssuer();
      const done = await browser.open(new URL(formAction(page.html, 'abort'), page.url).href, {
        method: 'POST',
      });
      expect(done.back?.searchParams.get('error')).toBe('access_denied');
      const res = await returnToShop(done.back, flow);
      expect(res.headers.location).toBe(GOOGLE_FAILED);
      expect(sessionCookie(res)).toBeUndefined();
    });

    it.each([
      ['a forged state', (back: URL, flow: string) => [withParam(back, 'state', 'forged'), flow] as const],
      ['no sign-in cookie', (back: URL) => [back, undefined] as const],
      ['a forged sign-in cookie', (back: URL) => [back, 'forged-cookie-value'] as const],
      ['a replayed code', (back: URL, flow: string) => [back, flow] as const],
    ])('answers /login?error=google for %s', async (name, tamper) => {
      const { flow, browser, page } = await leaveForIssuer();
      const done = await browser.open(new URL(formAction(page.html, 'login'), page.url).href, {
        method: 'POST',
        form: { nombre: 'Ataque', apellido: 'Prueba', correo: 'ataque@example.com' },
      });
      if (!done.back) throw new Error('the issuer did not come back');
      if (name === 'a replayed code') {
        expect((await returnToShop(done.back, flow)).headers.location).toBe('/account?login=google');
      }
      const [back, cookieValue] = tamper(done.back, flow);
      const before = await t.db.select().from(sesion);
      const res = await returnToShop(back, cookieValue);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(GOOGLE_FAILED);
      expect(sessionCookie(res)).toBeUndefined();
      expect(await t.db.select().from(sesion)).toHaveLength(before.length);
    });

    it('never logs a failed sign-in as a server error', () => {
      expect(t.logs.filter((line) => line.level >= 50)).toEqual([]);
    });
  });
});

const withParam = (url: URL, name: string, value: string) => {
  const copy = new URL(url);
  copy.searchParams.set(name, value);
  return copy;
};

describe('sign in with Google when the issuer is unreachable', () => {
  it('starts anyway and sends the shopper back to /login?error=google', async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    // Nothing listens on port 9 (discard) of loopback: discovery fails at once.
    const oidc: OidcClientConfig = {
      issuer: new URL('http://127.0.0.1:9'),
      clientId: 'shop',
      clientSecret: 'secret',
      local: { close: async () => {} },
    };
    const app = Fastify({ logger: false });
    // The app's zod schemas, as buildApp() sets them.
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(cookie);
    await app.register(googleRoutes, {
      prefix: '/api',
      db: {} as Db,
      config,
      oidc,
      storage: localStorage(config.uploadsDir),
      shop: shopIdentity(config),
    });
    const res = await app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(GOOGLE_FAILED);
    await app.close();
  });

  it('uses accounts.google.com without contacting it when Google credentials are set', async () => {
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'shop.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 's',
    });
    const oidc = await resolveOidc(config);
    expect(oidc).toEqual({
      issuer: new URL('https://accounts.google.com'),
      clientId: 'shop.apps.googleusercontent.com',
      clientSecret: 's',
    });
  });
});
