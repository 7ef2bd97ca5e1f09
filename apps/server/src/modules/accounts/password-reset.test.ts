import { PASSWORD_RESET_MESSAGES } from '@vitrina/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correo, recuperacionPassword, usuario } from '../../db/schema';
import { Agent, CUSTOMER_PASSWORD, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';

/*
 * Password recovery (issue 37, part 1): the link by e-mail, single use, an hour; every session ends; the
 * answer is the same for every address; requests are limited per e-mail and per address.
 */

const NEW_PASSWORD = 'otraClave2026';
let counter = 0;

describe.each(TEST_DATABASE_KINDS)('password recovery on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await seededTestApp(kind, { TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  /** Each test asks from its own address, so the per-address limit of one never reaches another. */
  const from = () => ({ 'x-forwarded-for': `203.0.113.${++counter}` });
  const ask = (email: string, headers = from()) =>
    new Agent(t.app).request('POST', '/api/usuario/recuperar', { email }, headers);
  const reset = (token: string, password = NEW_PASSWORD) =>
    new Agent(t.app).post('/api/usuario/restablecer', { token, password, passwordconfirm: password });
  const mailsTo = (email: string, tipo: string) =>
    t.db
      .select()
      .from(correo)
      .where(and(eq(correo.destinatario, email), eq(correo.tipo, tipo)))
      .orderBy(asc(correo.id));
  /** The token of the latest reset link e-mailed to `email`. */
  async function linkOf(email: string) {
    const mails = await mailsTo(email, 'recuperar_contrasena');
    const match = /\/restablecer#token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.texto ?? '');
    if (!match?.[1]) throw new Error(`no reset link for ${email}`);
    return match[1];
  }

  it('e-mails a link that sets a new password once, ends every session and announces the change', async () => {
    const email = `olvido${++counter}@example.com`;
    const { agent: phone } = await newCustomer(t.app, email);
    const res = await ask(`  ${email.toUpperCase()} `);
    expect(res.statusCode).toBe(204);
    const token = await linkOf(email);
    const [mail] = await mailsTo(email, 'recuperar_contrasena');
    expect(mail?.asunto).toBe('Elige una contraseña nueva para Vitrina');
    expect(mail?.html).toContain(`/restablecer#token=${token}`);
    // Only the hash is kept.
    const rows = await t.db.select().from(recuperacionPassword);
    expect(rows.some((r) => r.token_hash.includes(token) || token.includes(r.token_hash))).toBe(false);

    expect((await reset(token)).statusCode).toBe(204);
    expect((await phone.get('/api/usuario/me')).json()).toBeNull();
    expect(await mailsTo(email, 'contrasena_cambiada')).toHaveLength(1);
    const old = await new Agent(t.app).post('/api/usuario/login', { email, password: CUSTOMER_PASSWORD });
    expect(old.statusCode).toBe(401);
    const signedIn = await new Agent(t.app).post('/api/usuario/login', { email, password: NEW_PASSWORD });
    expect(signedIn.statusCode).toBe(200);

    const again = await reset(token, 'terceraClave1');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
  });

  it('answers every address alike and sends nothing to an unknown or banned one', async () => {
    const unknown = `nadie${++counter}@example.com`;
    const res = await ask(unknown);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await mailsTo(unknown, 'recuperar_contrasena')).toEqual([]);

    const banned = `baneado${++counter}@example.com`;
    await newCustomer(t.app, banned);
    await t.db.update(usuario).set({ estado: false }).where(eq(usuario.email, banned));
    expect((await ask(banned)).statusCode).toBe(204);
    expect(await mailsTo(banned, 'recuperar_contrasena')).toEqual([]);
  });

  it('tells a Google account to continue with Google, with no link', async () => {
    const email = `google${++counter}@example.com`;
    await t.db.insert(usuario).values({
      primer_nombre: 'Gabriela',
      primer_apellido: 'Soto',
      email,
      direccion: 'Av. Insurgentes Sur 1234, CDMX',
      telefono: '5511223344',
      imagen: '',
      password_hash: null,
    });
    expect((await ask(email)).statusCode).toBe(204);
    const [mail] = await mailsTo(email, 'recuperar_contrasena');
    expect(mail?.texto).toContain('«Continuar con Google»');
    expect(mail?.texto).not.toContain('#token=');
  });

  it('refuses an expired, unknown or superseded link, and weak or unmatched passwords, changing nothing', async () => {
    const email = `vencido${++counter}@example.com`;
    await newCustomer(t.app, email);
    await ask(email);
    const first = await linkOf(email);
    await ask(email);
    const second = await linkOf(email);
    await t.db
      .update(recuperacionPassword)
      .set({ expira: new Date(Date.now() - 1000) })
      .where(eq(recuperacionPassword.token_hash, (await import('../sessions')).hashToken(second)));
    for (const token of [second, 'no-existe']) {
      const res = await reset(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
    }
    const weak = await reset(first, 'corta');
    expect(weak.statusCode).toBe(400);
    const unmatched = await new Agent(t.app).post('/api/usuario/restablecer', {
      token: first,
      password: NEW_PASSWORD,
      passwordconfirm: 'otraDistinta1',
    });
    expect(unmatched.statusCode).toBe(400);
    // The first link still works: nothing above spent it.
    expect((await reset(first)).statusCode).toBe(204);
    // Using it spent the other links of the account too.
    expect((await reset(second)).statusCode).toBe(400);
  });

  it('lets one of two uses of a link at once win', async () => {
    const email = `doble${++counter}@example.com`;
    await newCustomer(t.app, email);
    await ask(email);
    const token = await linkOf(email);
    const answers = await Promise.all([reset(token, 'primeraClave1'), reset(token, 'segundaClave2')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 400]);
  });

  it('limits requests per e-mail and per address, whether the e-mail has an account or not', async () => {
    const email = `insistente${++counter}@example.com`;
    for (let i = 0; i < 5; i++) expect((await ask(email)).statusCode).toBe(204);
    const sixth = await ask(email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(PASSWORD_RESET_MESSAGES.tooMany);

    const address = from();
    for (let i = 0; i < 20; i++)
      expect((await ask(`dist${counter}-${i}@example.com`, address)).statusCode).toBe(204);
    expect((await ask(`otra${counter}@example.com`, address)).statusCode).toBe(429);
  });
});
