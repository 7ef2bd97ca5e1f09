import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, intentoLogin, sesion, usuario } from '../../db/schema';
import { DEMO_CUSTOMER } from '../../seed/demo-accounts';
import { Agent } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { SESSION_COOKIE } from '../sessions';
import { hashPassword } from './password-hash';

const CUSTOMER = { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password };

let counter = 0;
/** A valid registration with a unique e-mail. */
const registration = (overrides: Record<string, unknown> = {}) => ({
  primer_nombre: 'Mariana',
  primer_apellido: 'López',
  direccion: 'Av. Insurgentes Sur 1234, CDMX',
  telefono: '5511223344',
  email: `mariana${++counter}@example.com`,
  password: 'secreto123',
  passwordconfirm: 'secreto123',
  ...overrides,
});

/** Failures that lock an account in these tests (the shop's policy says 10). */
const ACCOUNT_LOCK_AFTER = 3;

/** Ways of typing an e-mail that are the same account: whitespace around it, a tab, capitals. */
const variantsOf = (email: string) => [
  ` ${email}`,
  `${email} `,
  `\t${email}`,
  `${email}\n`,
  email.toUpperCase(),
];

describe.each(TEST_DATABASE_KINDS)('accounts API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await seededTestApp(
      kind,
      { TRUST_PROXY: 'true' },
      {
        throttle: {
          windowMs: 60_000,
          lockMs: 60_000,
          accountSlowAfter: 100,
          accountLockAfter: ACCOUNT_LOCK_AFTER,
          addressLockAfter: 20,
          delayStepMs: 0,
          maxDelayMs: 0,
        },
      },
    );
  });
  afterAll(() => t.close());

  const agent = () => new Agent(t.app);

  /** GET /api/usuario/me without a valid session: 200 with null, as any visitor gets. */
  async function expectSignedOut(a: Agent) {
    const res = await a.get('/api/usuario/me');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBeNull();
  }
  /** A new customer account, signed in. */
  async function newCustomer() {
    const body = registration();
    const a = agent();
    expect((await a.post('/api/usuario', body)).statusCode).toBe(201);
    const user = await a.signIn(body.email, body.password);
    return { a, user, body };
  }

  describe('POST /api/usuario (registration)', () => {
    it('creates the account and answers 201 without any password or hash', async () => {
      const body = registration({ email: 'Nueva.Cuenta@Example.com' });
      const res = await agent().post('/api/usuario', body);
      expect(res.statusCode).toBe(201);
      const user = res.json();
      expect(user).toMatchObject({
        email: 'nueva.cuenta@example.com',
        admin: false,
        estado: true,
        tiene_password: true,
      });
      expect(res.body).not.toMatch(/"password|password_hash|argon2/);
    });

    it.each([
      ['primer_nombre', { primer_nombre: 'Ana3' }, 'Los números ó símbolos son invalidos'],
      ['primer_apellido', { primer_apellido: '   ' }, 'No puede ser un espacio en blanco'],
      ['direccion', { direccion: 'Calle 5' }, 'Mínimo 15 caracteres'],
      ['telefono', { telefono: '55-1122-3344' }, 'Debe contener solo números'],
      ['email', { email: 'no-es-correo' }, 'Por favor ingresa un email válido'],
      ['password', { password: 'sinnumeros', passwordconfirm: 'sinnumeros' }, 'Ingresa al menos un número'],
      ['passwordconfirm', { passwordconfirm: 'otra12345' }, 'Las contraseñas no coinciden'],
      ['imagen', { imagen: 'https://evil.example.com/x.png' }, 'La imagen no es válida'],
    ])(
      'refuses an invalid %s with its Spanish message and creates nothing',
      async (field, overrides, message) => {
        const body = registration(overrides);
        const res = await agent().post('/api/usuario', body);
        expect(res.statusCode).toBe(400);
        expect(res.json().fields[field]).toBe(message);
        const rows = await t.db
          .select()
          .from(usuario)
          .where(eq(usuario.email, String(body.email).toLowerCase()));
        expect(rows).toHaveLength(0);
      },
    );

    it('refuses an e-mail already registered, whatever its case, on the email field', async () => {
      const res = await agent().post('/api/usuario', registration({ email: 'CLIENTE@Vitrina.Local' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'Conflict',
        fields: { email: 'Este correo ya está registrado' },
      });
    });

    it('ignores attempts to set admin, estado or the id', async () => {
      const body = registration({ admin: true, estado: false, id_usuario: 999_999 });
      const res = await agent().post('/api/usuario', body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ admin: false, estado: true });
      expect(res.json().id_usuario).not.toBe(999_999);
    });
  });

  describe('POST /api/usuario/login, GET /api/usuario/me, POST /api/usuario/logout', () => {
    it('signs in, sets an HttpOnly SameSite=Strict session cookie, and /me answers the user', async () => {
      const a = agent();
      const res = await a.post('/api/usuario/login', CUSTOMER);
      expect(res.statusCode).toBe(200);
      expect(res.json().session).toMatchObject({ email: CUSTOMER.email, login: 'database', admin: false });
      const cookie = (res.cookies as Array<Record<string, unknown>>).find((c) => c.name === SESSION_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
      const me = await a.get('/api/usuario/me');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ email: CUSTOMER.email, login: 'database' });
      expect(me.body).not.toMatch(/password_hash|argon2/);
    });

    it('stores only a hash of the session token', async () => {
      const a = agent();
      await a.signIn(CUSTOMER.email, CUSTOMER.password);
      const token = a.cookies.get(SESSION_COOKIE) as string;
      const rows = await t.db.select({ id: sesion.id }).from(sesion);
      expect(rows.some((r) => r.id === token)).toBe(false);
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
    });

    it('answers a wrong password and an unknown e-mail the same way', async () => {
      const wrong = await agent().post('/api/usuario/login', { email: 'nadie@example.com', password: 'x' });
      const unknown = await agent().post('/api/usuario/login', {
        email: `otro${counter}@example.com`,
        password: 'x',
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: 'Unauthorized', message: 'Correo o contraseñas invalidos' });
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('requires both fields', async () => {
      const res = await agent().post('/api/usuario/login', { email: '', password: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ email: 'Field required', password: 'Field required' });
    });

    it('answers /me to a visitor with 200 and null: being signed out is not an error', async () => {
      const res = await agent().get('/api/usuario/me');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toBe('null');
      // A cookie that names no session reads the same.
      const stale = await t.app.inject({
        url: '/api/usuario/me',
        headers: { cookie: `${SESSION_COOKIE}=nada` },
      });
      expect(stale.statusCode).toBe(200);
      expect(stale.json()).toBeNull();
    });

    it('logout ends the session on the server', async () => {
      const { a } = await newCustomer();
      const token = a.cookies.get(SESSION_COOKIE);
      expect((await a.post('/api/usuario/logout')).statusCode).toBe(204);
      expect(a.cookies.has(SESSION_COOKIE)).toBe(false);
      await expectSignedOut(a);
      // The old cookie, replayed, no longer works either.
      const replay = await t.app.inject({
        url: '/api/usuario/me',
        headers: { cookie: `${SESSION_COOKIE}=${token}` },
      });
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toBeNull();
    });

    it('browsing the public catalog signed in does not look the session up; account routes do', async () => {
      const { a, user } = await newCustomer();
      const tenMinutesAgo = new Date(Date.now() - 10 * 60 * 1000);
      await t.db
        .update(sesion)
        .set({ ultimo_uso: tenMinutesAgo })
        .where(eq(sesion.id_usuario, user.id_usuario));
      const lastUse = async () =>
        (
          await t.db.select().from(sesion).where(eq(sesion.id_usuario, user.id_usuario))
        )[0]?.ultimo_uso.getTime();
      expect((await a.get('/api/products')).statusCode).toBe(200);
      expect(await lastUse()).toBe(tenMinutesAgo.getTime());
      expect((await a.get('/api/usuario/me')).statusCode).toBe(200);
      expect(await lastUse()).toBeGreaterThan(tenMinutesAgo.getTime());
    });

    it('refuses a session idle for too long or past its absolute expiry', async () => {
      const idle = await newCustomer();
      await t.db
        .update(sesion)
        .set({ ultimo_uso: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
        .where(eq(sesion.id_usuario, idle.user.id_usuario));
      await expectSignedOut(idle.a);

      const old = await newCustomer();
      await t.db
        .update(sesion)
        .set({ expira: new Date(Date.now() - 1000) })
        .where(eq(sesion.id_usuario, old.user.id_usuario));
      await expectSignedOut(old.a);
    });
  });

  describe('CSRF', () => {
    it('hands out the XSRF-TOKEN cookie on a GET of the API or of a page', async () => {
      for (const url of ['/api/config', '/api/usuario/me', '/']) {
        const res = await t.app.inject({ url });
        const cookie = (res.cookies as Array<Record<string, unknown>>).find((c) => c.name === 'XSRF-TOKEN');
        expect(cookie, url).toMatchObject({ sameSite: 'Strict', path: '/' });
        expect(cookie?.httpOnly).toBeFalsy();
      }
    });

    it("sets no cookie on the catalog's answers, the same for every visitor, first asked or kept", async () => {
      for (const url of [
        '/api/categorias',
        '/api/products',
        '/api/products/1',
        '/api/products?name=camiseta',
      ]) {
        for (const time of ['first', 'kept']) {
          const res = await t.app.inject({ url });
          expect(res.statusCode, `${url} ${time}`).toBe(200);
          expect(res.headers['set-cookie'], `${url} ${time}`).toBeUndefined();
        }
      }
    });

    it('gives every visitor a token of its own, 256 random bits, past one refill of the random pool', async () => {
      const tokens = await Promise.all(
        Array.from({ length: 300 }, async () => {
          const res = await t.app.inject({ url: '/api/health' });
          return (res.cookies as Array<{ name: string; value: string }>).find((c) => c.name === 'XSRF-TOKEN')
            ?.value;
        }),
      );
      expect(new Set(tokens).size).toBe(300);
      for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('refuses a state-changing request without the header or with a wrong one, changing nothing', async () => {
      const body = registration();
      const a = agent();
      await a.get('/api/health');
      const missing = await a.request('POST', '/api/usuario', body, { 'x-xsrf-token': '' });
      expect(missing.statusCode).toBe(403);
      const wrong = await a.request('POST', '/api/usuario', body, { 'x-xsrf-token': 'forged' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().message).toMatch(/Recarga la página/);
      expect(await t.db.select().from(usuario).where(eq(usuario.email, body.email))).toHaveLength(0);
      const login = await t.app.inject({ method: 'POST', url: '/api/usuario/login', payload: CUSTOMER });
      expect(login.statusCode).toBe(403);
    });
  });

  describe('who may call what', () => {
    it.each([
      ['GET', '/api/usuario', undefined],
      ['PUT', '/api/usuario/delete', { id_usuario: 2, estado: true }],
    ] as const)(
      '%s %s: 401 for a visitor, 403 for a customer, 200 for an admin',
      async (method, url, body) => {
        expect((await agent().request(method, url, body)).statusCode).toBe(401);
        const customer = agent();
        await customer.signIn(CUSTOMER.email, CUSTOMER.password);
        const asCustomer = await customer.request(method, url, body);
        expect(asCustomer.statusCode).toBe(403);
        expect(asCustomer.json().error).toBe('Forbidden');
        const admin = agent();
        await admin.signIn(t.config.admin.email, t.config.admin.password);
        expect((await admin.request(method, url, body)).statusCode).toBe(200);
      },
    );

    it('lets a customer read only their own record; an admin reads any', async () => {
      const { a, user } = await newCustomer();
      const other = await t.db.select().from(usuario).where(eq(usuario.email, CUSTOMER.email));
      expect((await a.get(`/api/usuario/${user.id_usuario}`)).statusCode).toBe(200);
      expect((await a.get(`/api/usuario/${other[0]?.id_usuario}`)).statusCode).toBe(403);
      expect((await a.get(`/api/email?email=${encodeURIComponent(CUSTOMER.email)}`)).statusCode).toBe(403);
      const own = await a.get(`/api/email?email=${encodeURIComponent(user.email)}`);
      expect(own.json()).toHaveLength(1);
      const admin = agent();
      await admin.signIn(t.config.admin.email, t.config.admin.password);
      expect((await admin.get(`/api/usuario/${user.id_usuario}`)).json().email).toBe(user.email);
    });

    it('lets a customer change only their own profile, and never e-mail, admin or estado', async () => {
      const { a, user } = await newCustomer();
      const ok = await a.put('/api/usuario', { telefono: '5599887766', direccion: '' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        telefono: '5599887766',
        direccion: 'Av. Insurgentes Sur 1234, CDMX',
      });

      const other = await a.put('/api/usuario', {
        id_usuario: user.id_usuario + 1000,
        telefono: '5500001111',
      });
      expect(other.statusCode).toBe(403);
      for (const field of [{ admin: true }, { estado: false }, { email: 'x@example.com' }]) {
        const res = await a.put('/api/usuario', { telefono: '5500001111', ...field });
        expect(res.statusCode).toBe(400);
      }
      const [row] = await t.db.select().from(usuario).where(eq(usuario.id_usuario, user.id_usuario));
      expect(row).toMatchObject({ admin: false, estado: true, email: user.email, telefono: '5599887766' });

      const invalid = await a.put('/api/usuario', { telefono: '12' });
      expect(invalid.json().fields.telefono).toBe('Minimo 10 digitos');
      const nothing = await a.put('/api/usuario', { telefono: '' });
      expect(nothing.statusCode).toBe(400);
    });
  });

  describe('PUT /api/usuario/password', () => {
    it('refuses a wrong current password and keeps the old one', async () => {
      const { a, body } = await newCustomer();
      const res = await a.put('/api/usuario/password', {
        password_actual: 'incorrecta1',
        password: 'nueva12345',
        passwordconfirm: 'nueva12345',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ password_actual: 'La contraseña actual no es correcta' });
      await agent().signIn(body.email, body.password);
    });

    it('changes the password and ends every session of the user', async () => {
      const { a, body } = await newCustomer();
      const laptop = agent();
      await laptop.signIn(body.email, body.password);
      const res = await a.put('/api/usuario/password', {
        password_actual: body.password,
        password: 'nueva12345',
        passwordconfirm: 'nueva12345',
      });
      expect(res.statusCode).toBe(204);
      await expectSignedOut(a);
      await expectSignedOut(laptop);
      expect(
        (await agent().post('/api/usuario/login', { email: body.email, password: body.password })).statusCode,
      ).toBe(401);
      await agent().signIn(body.email, 'nueva12345');
    });
  });

  describe('banning', () => {
    it('ends the banned user’s sessions at once, refuses their sign-in with 403, and is audited', async () => {
      const { a, user, body } = await newCustomer();
      const admin = agent();
      const adminUser = await admin.signIn(t.config.admin.email, t.config.admin.password);
      const ban = await admin.put('/api/usuario/delete', { id_usuario: user.id_usuario, estado: false });
      expect(ban.statusCode).toBe(200);
      expect(ban.json().estado).toBe(false);
      await expectSignedOut(a);
      expect(await t.db.select().from(sesion).where(eq(sesion.id_usuario, user.id_usuario))).toHaveLength(0);

      const login = await agent().post('/api/usuario/login', { email: body.email, password: body.password });
      expect(login.statusCode).toBe(403);
      expect(login.json().error).toBe('User not enabled for login');
      expect(login.json().message).toContain('Tu cuenta ha sido desactivada');
      expect(login.json().message).toContain(t.config.supportEmail);

      const [audit] = await t.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidad, 'usuario'), eq(auditoria.id_entidad, user.id_usuario)));
      expect(audit).toMatchObject({
        accion: 'usuario.baneado',
        id_usuario: adminUser.id_usuario,
        antes: { estado: true },
        despues: { estado: false },
      });

      expect(
        (await admin.put('/api/usuario/delete', { id_usuario: user.id_usuario, estado: true })).statusCode,
      ).toBe(200);
      await agent().signIn(body.email, body.password);
    });

    it('refuses to ban an administrator', async () => {
      const admin = agent();
      const me = await admin.signIn(t.config.admin.email, t.config.admin.password);
      const res = await admin.put('/api/usuario/delete', { id_usuario: me.id_usuario, estado: false });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('brute force', () => {
    it('locks an account after repeated failures, even for the right password, with counters in the database', async () => {
      const body = registration();
      await agent().post('/api/usuario', body);
      for (let i = 0; i < 3; i++) {
        const res = await agent().post('/api/usuario/login', { email: body.email, password: 'mala12345' });
        expect(res.statusCode).toBe(401);
      }
      const locked = await agent().post('/api/usuario/login', { email: body.email, password: body.password });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(
        'Demasiados intentos fallidos. Espera 15 minutos e inténtalo de nuevo.',
      );
      // The lock of this test's policy lasts a minute: the client is told how much of it is left.
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(50);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(60);
      const [row] = await t.db
        .select()
        .from(intentoLogin)
        .where(eq(intentoLogin.clave, `email:${body.email}`));
      expect(row?.bloqueado_hasta?.getTime()).toBeGreaterThan(Date.now());
    });

    /** Signs in from its own address, so other tests' failures never lock this one's. */
    const loginFrom = (address: string) => (email: string, password: string) =>
      agent().request('POST', '/api/usuario/login', { email, password }, { 'x-forwarded-for': address });

    it('locks every spelling of a locked e-mail: spaces or a tab around it, capitals, a decomposed accent', async () => {
      const login = loginFrom('203.0.113.10');
      const victim = registration();
      expect((await agent().post('/api/usuario', victim)).statusCode).toBe(201);
      // An address with accents, as a Google account may have one: stored in NFC, here with a password.
      const accented = { email: `josé.víctima${counter}@ejemplo.mx`, password: 'secreto123' };
      await t.db.insert(usuario).values({
        primer_nombre: 'José',
        primer_apellido: 'Víctima',
        email: accented.email,
        direccion: 'Av. Insurgentes Sur 1234, CDMX',
        telefono: '5511223344',
        imagen: '',
        password_hash: await hashPassword(accented.password),
      });
      const decomposed = accented.email.normalize('NFD');
      expect(decomposed).not.toBe(accented.email);
      // Unlocked, any spelling signs in to the account.
      expect((await login(decomposed.toUpperCase(), accented.password)).statusCode).toBe(200);

      for (const { email } of [victim, accented]) {
        for (let i = 0; i < ACCOUNT_LOCK_AFTER; i++) {
          expect((await login(email, 'mala12345')).statusCode).toBe(401);
        }
      }
      const spellings = [
        ...[victim.email, ...variantsOf(victim.email)].map((email) => [email, victim.password]),
        ...[accented.email, decomposed, ...variantsOf(decomposed)].map((email) => [email, accented.password]),
      ];
      for (const [email = '', password = ''] of spellings) {
        const res = await login(email, password);
        expect(res.statusCode, JSON.stringify(email)).toBe(429);
        expect(res.json().message).toBe(
          'Demasiados intentos fallidos. Espera 15 minutos e inténtalo de nuevo.',
        );
      }
    });

    it('counts failures under any spelling of an e-mail on the one counter', async () => {
      const login = loginFrom('203.0.113.11');
      const body = registration();
      const name = body.email.split('@')[0] as string;
      expect((await agent().post('/api/usuario', body)).statusCode).toBe(201);
      for (const email of variantsOf(body.email).slice(0, ACCOUNT_LOCK_AFTER)) {
        expect((await login(email, 'mala12345')).statusCode, JSON.stringify(email)).toBe(401);
      }
      expect((await login(body.email, body.password)).statusCode).toBe(429);
      const keys = await t.db.select({ clave: intentoLogin.clave }).from(intentoLogin);
      expect(keys.filter((k) => k.clave.includes(name))).toEqual([{ clave: `email:${body.email}` }]);
    });

    it('keeps counting when the forwarded address is longer than any real one', async () => {
      const res = await loginFrom('a'.repeat(400))(`nadie${counter}@example.com`, 'mala12345');
      expect(res.statusCode).toBe(401);
    });

    it('locks an address whatever the caller writes before it in X-Forwarded-For', async () => {
      // nginx appends the address it sees; the caller may have sent anything before it.
      const headers = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}, 203.0.113.88` });
      const a = agent();
      for (let i = 0; i < 20; i++) {
        const res = await a.request(
          'POST',
          '/api/usuario/login',
          { email: `rotando${i}@example.com`, password: 'x' },
          headers(i),
        );
        expect(res.statusCode).toBe(401);
      }
      expect((await a.request('POST', '/api/usuario/login', CUSTOMER, headers(99))).statusCode).toBe(429);
    });

    it('locks an address that tries many accounts', async () => {
      const headers = { 'x-forwarded-for': '203.0.113.77' };
      const a = agent();
      for (let i = 0; i < 20; i++) {
        const res = await a.request(
          'POST',
          '/api/usuario/login',
          { email: `sonda${i}@example.com`, password: 'x' },
          headers,
        );
        expect(res.statusCode).toBe(401);
      }
      const blocked = await a.request('POST', '/api/usuario/login', CUSTOMER, headers);
      expect(blocked.statusCode).toBe(429);
      // Another address is not affected.
      expect((await agent().post('/api/usuario/login', CUSTOMER)).statusCode).toBe(200);
    });
  });
});
