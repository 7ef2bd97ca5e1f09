import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { dashboardSchema, formatMoney, mailboxMessageSchema, mailboxPageSchema } from '@vitrina/shared';
import { and, asc, eq, gt } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { correo, producto } from '../../db/schema';
import { Agent, CUSTOMER_PASSWORD, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { TEST_ADDRESS } from '../../test/shipping-address';
import { eventually, type SmtpServer, startSmtpServer } from '../../test/smtp';
import { resolveOidc } from '../google-sign-in';
import { nextDueInMs, retryDelayMs } from './delivery';
import { type OutgoingMail, queueMail } from './outbox';
import {
  type OrderMailData,
  orderCancelledMail,
  orderConfirmedMail,
  orderRefundedMail,
  orderShippedMail,
  passwordChangedMail,
  welcomeMail,
} from './templates';

/** Retries in milliseconds instead of minutes, so a test sees several attempts. */
const FAST = { retryBaseMs: 20, retryMaxMs: 40, maxAttempts: 3 };

const order: OrderMailData = {
  shopName: 'Vitrina',
  currency: 'USD',
  orderUrl: 'http://localhost:3000/pedido/42',
  customerName: 'Ana <b>Núñez</b>',
  numero_pedido: 'V-000042',
  lines: [
    { nombre: 'Taladro percutor 18 V', cantidad: 2, unitCents: 9900, totalCents: 19800 },
    { nombre: 'Brocas "pro" & más', cantidad: 1, unitCents: 1250, totalCents: 1250 },
  ],
  subtotalCents: 21050,
  shippingCents: 500,
  totalCents: 21550,
  address: { nombre: 'Ana Núñez', direccion: 'Av. Insurgentes Sur 1234, CDMX', telefono: '5511223344' },
  card: { brand: 'visa', last4: '4242' },
  carrier: 'Estafeta',
  tracking: 'EST123456789',
  refundedCents: 1250,
};
const account = { shopName: 'Vitrina', name: 'Ana', publicUrl: 'http://localhost:3000' };

async function queue(t: TestApp, ...mails: OutgoingMail[]) {
  await t.db.transaction(async (tx) => {
    for (const mail of mails) await queueMail(tx, mail);
  });
}

const rows = (t: TestApp) => t.db.select().from(correo).orderBy(asc(correo.id));

describe('retryDelayMs', () => {
  it('doubles from the base after each failed attempt, up to the cap, and takes at most half off at random', () => {
    const options = { retryBaseMs: 30_000, retryMaxMs: 3_600_000 };
    for (let attempt = 1; attempt <= 12; attempt++) {
      const full = Math.min(options.retryMaxMs, 30_000 * 2 ** (attempt - 1));
      const delays = Array.from({ length: 200 }, () => retryDelayMs(attempt, options));
      expect(Math.min(...delays)).toBeGreaterThanOrEqual(full / 2);
      expect(Math.max(...delays)).toBeLessThanOrEqual(full);
      // Jittered: a burst of failures does not retry in lockstep.
      expect(new Set(delays).size).toBeGreaterThan(100);
    }
  });
});

describe.each(TEST_DATABASE_KINDS)('mail delivery on %s', (kind) => {
  let smtp: SmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await seededTestApp(kind, { SMTP_URL: smtp.url, SHOP_NAME: 'Vitrina' }, { mailDelivery: FAST });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends every kind of message in Spanish, as HTML and plain text, to the SMTP server', async () => {
    const to = 'ana.nunez@example.com';
    await queue(
      t,
      orderConfirmedMail(to, order),
      orderShippedMail(to, order),
      orderCancelledMail(to, order),
      orderRefundedMail(to, order, { cents: 1250, shippingCents: 0 }),
      welcomeMail(to, account),
      passwordChangedMail(to, account),
    );
    const start = smtp.received.length;
    await eventually(() => smtp.received.length - start >= 6);
    const mails = smtp.received.slice(start);
    const bySubject = (text: string) => {
      const found = mails.find((m) => m.subject?.includes(text));
      if (!found) throw new Error(`no message with subject containing ${text}`);
      return found;
    };
    for (const mail of mails) {
      expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(to);
      expect(mail.from?.text).toContain('Vitrina');
      expect(mail.html).toContain('<html lang="es">');
      // Values from people are escaped: the name's markup is shown, never interpreted.
      expect(mail.html).not.toContain('<b>Núñez</b>');
    }

    const confirmed = bySubject('Confirmamos tu pedido V-000042');
    expect(confirmed.text).toContain('Gracias');
    expect(confirmed.text).toContain('Taladro percutor 18 V: 2 × $99.00 = $198.00');
    expect(confirmed.text).toContain('Subtotal: $210.50');
    expect(confirmed.text).toContain('Envío: $5.00');
    expect(confirmed.text).toContain('Total: $215.50');
    expect(confirmed.text).toContain('Av. Insurgentes Sur 1234, CDMX');
    expect(confirmed.text).toContain('Visa •••• 4242');
    expect(confirmed.text).toContain('¿Qué sigue?');
    expect(confirmed.text).toContain('http://localhost:3000/pedido/42');
    expect(confirmed.html).toContain('Brocas &#34;pro&#34; &#38; más');
    expect(confirmed.html).toContain('href="http://localhost:3000/pedido/42"');
    expect(confirmed.html).toContain('Ana &#60;b&#62;Núñez&#60;/b&#62;');

    const shipped = bySubject('va en camino');
    expect(shipped.text).toContain('Transportista: Estafeta');
    expect(shipped.text).toContain('Número de guía: EST123456789');
    expect(shipped.html).toContain('EST123456789');

    expect(bySubject('Cancelamos tu pedido V-000042').text).toContain('no lo enviaremos');
    const refunded = bySubject('Te reembolsamos $12.50 del pedido V-000042');
    expect(refunded.text).toContain('Reembolsamos $12.50');
    expect(bySubject('Te damos la bienvenida a Vitrina').text).toContain('Tu cuenta ya está lista');
    expect(bySubject('Cambiaste tu contraseña de Vitrina').text).toContain('Si no fuiste tú');

    // Marked once the server has accepted it, a moment after it arrives.
    const sent = await eventually(async () => {
      const last = (await rows(t)).slice(-6);
      return last.every((r) => r.estado === 'enviado') && last;
    });
    expect(sent.map((r) => r.intentos)).toEqual(Array(6).fill(1));
    expect(sent.every((r) => r.enviado instanceof Date)).toBe(true);
  });

  it("tells the buyer of an order it is confirmed and then shipped, from the shop's own checkout and admin", async () => {
    const [product] = await t.db
      .select()
      .from(producto)
      .where(and(eq(producto.estado, true), gt(producto.stock, 5)))
      .orderBy(producto.id_producto)
      .limit(1);
    if (!product) throw new Error('the seed has no product in stock');
    const email = `compra.${kind}@example.com`;
    const { agent } = await newCustomer(t.app, email);
    const card = await agent.post('/api/pagos/sandbox/metodos', {
      numero: '4242 4242 4242 4242',
      expiracion: '12/39',
      cvc: '123',
      nombre: 'Carla Ruiz',
    });
    expect(card.statusCode, card.body).toBe(201);
    const sale = await agent.request(
      'POST',
      '/api/venta',
      {
        detalle_venta: [{ id_producto: product.id_producto, cantidad: 2 }],
        id_pago: card.json().id_pago,
        direccion_envio: TEST_ADDRESS,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(sale.statusCode, sale.body).toBe(201);
    const { id_venta } = sale.json();
    const order = (await agent.get(`/api/venta/${id_venta}`)).json();
    const to = (m: ParsedMail) => (m.to && 'text' in m.to ? m.to.text : '');

    const confirmed = await eventually(() =>
      smtp.received.find((m) => to(m) === email && m.subject?.startsWith('Confirmamos tu pedido')),
    );
    expect(confirmed.subject).toBe(`Confirmamos tu pedido ${order.numero_pedido} en Vitrina`);
    expect(confirmed.text).toContain(`${product.nombre}: 2 × `);
    expect(confirmed.text).toContain(`Total: ${formatMoney(order.valor_total_venta, 'USD')}`);
    expect(confirmed.text).toContain(TEST_ADDRESS.direccion);
    expect(confirmed.text).toContain('Visa •••• 4242');
    expect(confirmed.text).toContain(`${t.config.publicUrl}/pedido/${id_venta}`);

    const admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    expect((await admin.put(`/api/venta/${id_venta}/estado`, { estado: 'preparando' })).statusCode).toBe(200);
    const shipped = await admin.put(`/api/venta/${id_venta}/estado`, {
      estado: 'enviada',
      transportista: 'Estafeta',
      guia: 'EST-998877',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const shippedMail = await eventually(() =>
      smtp.received.find((m) => to(m) === email && m.subject?.includes('va en camino')),
    );
    expect(shippedMail.subject).toBe(`Tu pedido ${order.numero_pedido} va en camino`);
    expect(shippedMail.text).toContain('Transportista: Estafeta');
    expect(shippedMail.text).toContain('Número de guía: EST-998877');
  });

  it('welcomes a new account and tells its owner when the password changes', async () => {
    const email = `hola.${kind}@example.com`;
    const { agent } = await newCustomer(t.app, email);
    const welcome = await eventually(() =>
      smtp.received.find(
        (m) => m.subject?.includes('bienvenida') && m.to && 'text' in m.to && m.to.text === email,
      ),
    );
    expect(welcome.text).toContain('Hola, Carla:');
    expect(welcome.text).toContain(`Ir a la tienda: ${t.config.publicUrl}/`);

    const res = await agent.put('/api/usuario/password', {
      password_actual: CUSTOMER_PASSWORD,
      password: 'otraClave123',
      passwordconfirm: 'otraClave123',
    });
    expect(res.statusCode).toBe(204);
    const changed = await eventually(() =>
      smtp.received.find(
        (m) => m.subject?.includes('contraseña') && m.to && 'text' in m.to && m.to.text === email,
      ),
    );
    expect(changed.text).toContain('La contraseña de tu cuenta se acaba de cambiar');
  });

  it('queues nothing when the password change is refused', async () => {
    const email = `igual.${kind}@example.com`;
    const { agent } = await newCustomer(t.app, email);
    const before = (await rows(t)).filter((r) => r.destinatario === email).length;
    const res = await agent.put('/api/usuario/password', {
      password_actual: 'no-es-esta',
      password: 'otraClave123',
      passwordconfirm: 'otraClave123',
    });
    expect(res.statusCode).toBe(400);
    expect((await rows(t)).filter((r) => r.destinatario === email)).toHaveLength(before);
  });

  it('sleeps while nothing is pending, and wakes when the next retry is due', async () => {
    // Checked inside a transaction undone at the end, so the running loop never sees these rows.
    const undo = new Error('undo');
    await t.db
      .transaction(async (tx) => {
        await tx.delete(correo);
        // An empty outbox has nothing due: the loop sleeps its idle check instead of asking again at once.
        expect(await nextDueInMs(tx)).toBeUndefined();
        const mail = welcomeMail('espera@example.com', account);
        const row = {
          destinatario: mail.to,
          tipo: mail.kind,
          asunto: mail.subject,
          html: mail.html,
          texto: mail.text,
        };
        await tx
          .insert(correo)
          .values({ ...row, estado: 'enviado', proximo_intento: new Date(Date.now() - 60_000) });
        expect(await nextDueInMs(tx)).toBeUndefined();
        await tx.insert(correo).values({ ...row, proximo_intento: new Date(Date.now() + 3_600_000) });
        const inAnHour = await nextDueInMs(tx);
        expect(inAnHour).toBeGreaterThan(3_590_000);
        expect(inAnHour).toBeLessThan(3_610_000);
        await tx.insert(correo).values({ ...row, proximo_intento: new Date(Date.now() - 60_000) });
        expect(await nextDueInMs(tx)).toBe(0);
        throw undo;
      })
      .catch((err: unknown) => {
        if (err !== undo) throw err;
      });
  });

  it('retries after the SMTP server refuses, and sends the message once it accepts', async () => {
    smtp.refuse('reintento@example.com', 2);
    await queue(t, welcomeMail('reintento@example.com', account));
    const [row] = await eventually(async () => {
      const found = (await rows(t)).filter((r) => r.destinatario === 'reintento@example.com');
      return found[0]?.estado === 'enviado' && found;
    });
    expect(row?.intentos).toBe(3);
    expect(
      smtp.received.filter((m) => m.to && 'text' in m.to && m.to.text === 'reintento@example.com'),
    ).toHaveLength(1);
  });

  it('gives up after the last attempt, keeps the reason and counts it on the dashboard', async () => {
    smtp.refuse('sin.suerte@example.com', FAST.maxAttempts);
    await queue(t, welcomeMail('sin.suerte@example.com', account));
    const row = await eventually(async () => {
      const [found] = (await rows(t)).filter((r) => r.destinatario === 'sin.suerte@example.com');
      return found?.estado === 'fallido' && found;
    });
    expect(row.intentos).toBe(FAST.maxAttempts);
    expect(row.ultimo_error).toContain('Servidor ocupado');
    expect(smtp.received.some((m) => m.to && 'text' in m.to && m.to.text === 'sin.suerte@example.com')).toBe(
      false,
    );

    const admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    const dashboard = dashboardSchema.parse((await admin.get('/api/admin/resumen')).json());
    expect(dashboard.correos_fallidos).toBe(1);
  });

  it('never sends a message whose transaction rolled back', async () => {
    await t.db
      .transaction(async (tx) => {
        await queueMail(tx, welcomeMail('deshecho@example.com', account));
        throw new Error('rollback');
      })
      .catch(() => {});
    await queue(t, welcomeMail('despues@example.com', account));
    await eventually(() =>
      smtp.received.some((m) => m.to && 'text' in m.to && m.to.text === 'despues@example.com'),
    );
    expect(smtp.received.some((m) => m.to && 'text' in m.to && m.to.text === 'deshecho@example.com')).toBe(
      false,
    );
    expect((await rows(t)).some((r) => r.destinatario === 'deshecho@example.com')).toBe(false);
  });
});

describe.each(TEST_DATABASE_KINDS)('the mailbox without SMTP_URL on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await seededTestApp(kind, {}, { mailDelivery: FAST });
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
  });
  afterAll(() => t?.close());

  it('writes each message as one .eml file in DATA_DIR/mail/', async () => {
    await queue(
      t,
      orderConfirmedMail('archivo@example.com', order),
      welcomeMail('archivo@example.com', account),
    );
    const files = await eventually(async () => {
      const names = await readdir(t.config.mail.mailDir).catch(() => []);
      return names.filter((n) => n.endsWith('.eml')).length >= 2 && names.sort();
    });
    expect(files.filter((n) => n.endsWith('.eml'))).toHaveLength(2);
    const parsed = await Promise.all(
      files.map(async (name) => simpleParser(await readFile(join(t.config.mail.mailDir, name)))),
    );
    const confirmed = parsed.find((m) => m.subject === 'Confirmamos tu pedido V-000042 en Vitrina');
    expect(confirmed?.text).toContain('Total: $215.50');
    expect(confirmed?.html).toContain('Taladro percutor 18 V');
    expect(confirmed?.replyTo?.text).toBe(t.config.supportEmail);
    await eventually(async () => (await rows(t)).every((r) => r.estado === 'enviado'));
  });

  it('makes DATA_DIR/mail/ again when it was removed while the shop runs, and loses no message', async () => {
    await rm(t.config.mail.mailDir, { recursive: true, force: true });
    await queue(t, welcomeMail('otra-vez@example.com', account));
    const files = await eventually(async () => {
      const names = await readdir(t.config.mail.mailDir).catch(() => []);
      const messages = names.filter((n) => n.endsWith('.eml'));
      return messages.length >= 1 && messages;
    });
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(await readFile(join(t.config.mail.mailDir, files[0] as string)));
    expect(parsed.to && 'text' in parsed.to && parsed.to.text).toBe('otra-vez@example.com');
    await eventually(async () => (await rows(t)).every((r) => r.estado === 'enviado'));
  });

  it('lists the messages newest first for the admin only, and shows one with its HTML and text', async () => {
    const visitor = await new Agent(t.app).get('/api/admin/correos');
    expect(visitor.statusCode).toBe(401);
    const { agent: customer } = await newCustomer(t.app, `buzon.${kind}@example.com`);
    expect((await customer.get('/api/admin/correos')).statusCode).toBe(403);
    const [anyRow] = await rows(t);
    expect((await customer.get(`/api/admin/correos/${anyRow?.id}`)).statusCode).toBe(403);

    const page = mailboxPageSchema.parse((await admin.get('/api/admin/correos')).json());
    const all = await rows(t);
    expect(page.total).toBe(all.length);
    expect(page.page).toBe(1);
    expect(page.items.map((i) => i.id)).toEqual(
      all
        .map((r) => r.id)
        .reverse()
        .slice(0, page.pageSize),
    );
    const welcome = page.items.find((i) => i.to === `buzon.${kind}@example.com`);
    expect(welcome).toMatchObject({ kind: 'bienvenida', subject: 'Te damos la bienvenida a Vitrina' });
    expect(page.items[0]).not.toHaveProperty('html');

    const detail = await admin.get(`/api/admin/correos/${welcome?.id}`);
    expect(detail.statusCode).toBe(200);
    const message = mailboxMessageSchema.parse(detail.json());
    expect(message.text).toContain('Tu cuenta ya está lista');
    expect(message.html).toContain('Te damos la bienvenida a Vitrina');
  });

  it('answers a missing message with 404 and bad ids or pages with 400, in Spanish', async () => {
    const missing = await admin.get('/api/admin/correos/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/no existe/);
    for (const url of ['/api/admin/correos/abc', '/api/admin/correos?page=0', '/api/admin/correos?page=x']) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(400);
    }
    const empty = mailboxPageSchema.parse((await admin.get('/api/admin/correos?page=500')).json());
    expect(empty.items).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two shop processes on one PostgreSQL', () => {
  let smtp: SmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await seededTestApp('postgres', { SMTP_URL: smtp.url }, { mailDelivery: FAST });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('deliver each of many messages exactly once', async () => {
    const url = t.database.url;
    if (!url) throw new Error('the PostgreSQL test database has no URL');
    const second = await openDatabase({ kind: 'postgres', url });
    const oidc = await resolveOidc(t.config);
    // The second process signs its messages differently, to see that both took part.
    const config = { ...t.config, mail: { ...t.config.mail, from: 'Segunda <segunda@example.com>' } };
    const other = await buildApp({
      config,
      database: second,
      oidc,
      logger: false,
      mailDelivery: FAST,
    });
    await other.ready();
    try {
      const count = 120;
      const start = smtp.received.length;
      // Queued in many small transactions, as many checkouts would, so both loops are woken again and again.
      for (let i = 0; i < count; i += 4) {
        await queue(
          t,
          ...Array.from({ length: 4 }, (_, j) => welcomeMail(`cliente${i + j}@example.com`, account)),
        );
      }
      await eventually(() => smtp.received.length - start >= count, 20_000);
      // A moment more: a duplicate would arrive now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const recipients = smtp.received.slice(start).map((m) => (m.to && 'text' in m.to ? m.to.text : ''));
      expect(recipients).toHaveLength(count);
      expect(new Set(recipients).size).toBe(count);
      const sent = await eventually(async () => {
        const rows = await t.db.select().from(correo).where(eq(correo.estado, 'enviado'));
        const ours = rows.filter((r) => r.destinatario.startsWith('cliente'));
        return ours.length === count && ours;
      });
      expect(sent.every((r) => r.intentos === 1)).toBe(true);
      const senders = new Set(smtp.received.slice(start).map((m) => m.from?.value[0]?.address));
      expect(senders).toEqual(new Set([t.config.supportEmail, 'segunda@example.com']));
    } finally {
      await other.close();
      await oidc.local?.close();
      await second.close();
    }
  });

  it('keeps delivering after every database connection is terminated, and the process stays up', async () => {
    const killer = new pg.Client({ connectionString: t.database.url });
    await killer.connect();
    try {
      const terminate = () =>
        killer.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
      await terminate();
      // The loop may be in the middle of a statement now; it logs, waits and tries again.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await terminate();
      // Queuing is the caller's write: it may meet a dead pooled connection once (503 in a request).
      await eventually(() =>
        queue(t, welcomeMail('tras.corte@example.com', account)).then(
          () => true,
          () => false,
        ),
      );
      await eventually(() =>
        smtp.received.some((m) => m.to && 'text' in m.to && m.to.text === 'tras.corte@example.com'),
      );
    } finally {
      await killer.end();
    }
  });
});
