import { randomUUID } from 'node:crypto';
import { GUEST_CART_MESSAGES, GUEST_MESSAGES } from '@vitrina/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrito, carritoRecordatorio, correo, type producto } from '../../db/schema';
import { Agent, CUSTOMER_PASSWORD, customerRegistration, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { stockedProducts } from '../../test/products';
import { TEST_ADDRESS } from '../../test/shipping-address';
import { shopIdentity } from '../mail';
import { sendCartReminders } from './abandoned-carts';

type ProductRow = typeof producto.$inferSelect;
const HOUR = 3_600_000;
const COOKIE = 'carrito_invitado';
let counter = 0;
/** A browser of its own, at an address of its own: the limits per address count each apart. */
let browsers = 0;

describe.each(TEST_DATABASE_KINDS)('guest carts on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;
  let products: ProductRow[];

  beforeAll(async () => {
    t = await seededTestApp(kind);
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    products = (await stockedProducts(t.db)).slice(0, 3);
    expect(products).toHaveLength(3);
  });
  afterAll(() => t.close());

  const email = (name: string) => `${name}${++counter}@example.com`;
  const line = (p: ProductRow, cantidad: number) => ({ id_producto: p.id_producto, cantidad });
  const saved = (p: ProductRow, cantidad: number) => ({
    id_producto: p.id_producto,
    id_variante: null,
    cantidad,
  });
  const newBrowser = () => new Agent(t.app, `10.0.${Math.floor(++browsers / 250)}.${(browsers % 250) + 1}`);
  /** A visitor's browser that typed `address` at checkout with `lines` in the cart. */
  async function guestWithCart(address: string, lines: Array<ReturnType<typeof line>>, nombre?: string) {
    const browser = newBrowser();
    const res = await browser.put('/api/carrito/invitado', { email: address, nombre, lineas: lines });
    expect(res.statusCode, res.body).toBe(200);
    return browser;
  }
  const cartsOf = (address: string) =>
    t.db.select().from(carrito).where(eq(carrito.email_invitado, address)).orderBy(asc(carrito.id));
  const reminders = (to: string) =>
    t.db
      .select()
      .from(correo)
      .where(and(eq(correo.destinatario, to), eq(correo.tipo, 'carrito_abandonado')))
      .orderBy(desc(correo.id));
  /** The reminders due `hours` from now, as any process's loop would send them. */
  const remind = (hours = 5) =>
    sendCartReminders(
      { db: t.db, shop: shopIdentity(t.config) },
      { afterMs: 4 * HOUR, batchSize: 50, now: new Date(Date.now() + hours * HOUR) },
    );
  /** The link back of the newest reminder to `to`: the cart and its token. */
  async function linkBack(to: string) {
    const [mail] = await reminders(to);
    const url = /http\S+\/carrito\?carrito=(\d+)&acceso=([\w-]+)/.exec(mail?.texto ?? '');
    expect(url, mail?.texto).not.toBeNull();
    return { carrito: Number(url?.[1]), acceso: url?.[2] as string };
  }

  it('saves the cart with the e-mail typed at checkout, by the cart’s limits, named by a cookie of that browser', async () => {
    const [a, b, c] = products as [ProductRow, ProductRow, ProductRow];
    const address = email('ana.gil');
    const browser = newBrowser();
    const first = await browser.put('/api/carrito/invitado', {
      email: `  ${address.toUpperCase()} `,
      nombre: 'Ana',
      lineas: [line(a, 30), line(b, 25), line(c, 10)],
    });
    expect(first.statusCode, first.body).toBe(200);
    // 25 units of one product, 50 in the cart (SPEC).
    expect(first.json().lineas).toEqual([saved(a, 25), saved(b, 25)]);
    const cookie = first.cookies.find((cookie) => cookie.name === COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api', sameSite: 'Strict' });

    // The same browser changes its cart: the same saved cart follows it.
    const changed = await browser.put('/api/carrito/invitado', { email: address, lineas: [line(c, 2)] });
    expect(changed.json().lineas).toEqual([saved(c, 2)]);
    const [row, ...others] = await cartsOf(address);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({ id_usuario: null, nombre_invitado: 'Ana', lineas: [saved(c, 2)] });

    // Another browser with the same e-mail has a cart of its own.
    await guestWithCart(address, [line(a, 1)]);
    expect(await cartsOf(address)).toHaveLength(2);

    // Another e-mail in the same browser starts another cart and empties the first.
    const other = email('ana.trabajo');
    expect(
      (await browser.put('/api/carrito/invitado', { email: other, lineas: [line(c, 2)] })).statusCode,
    ).toBe(200);
    expect((await cartsOf(address))[0]?.lineas).toEqual([]);
    expect((await cartsOf(other))[0]?.lineas).toEqual([saved(c, 2)]);

    // An empty cart that was never saved starts nothing.
    const nothing = await newBrowser().put('/api/carrito/invitado', { email: email('nada'), lineas: [] });
    expect(nothing.json()).toEqual({ lineas: [], actualizado: null });
    expect(nothing.cookies.find((cookie) => cookie.name === COOKIE)).toBeUndefined();
  });

  it('refuses bad input in Spanish, signed-in shoppers, the shop’s accounts and a shop without guest checkout', async () => {
    const [a] = products as [ProductRow];
    const visitor = newBrowser();
    for (const [body, message] of [
      [{ email: 'no es un correo', lineas: [line(a, 1)] }, 'Por favor ingresa un email válido'],
      [{ email: email('x'), nombre: 'R2D2', lineas: [line(a, 1)] }, 'Los números ó símbolos son invalidos'],
      [{ email: email('x'), lineas: [{ id_producto: a.id_producto, cantidad: 0 }] }, 'La cantidad debe ser'],
      [{ email: email('x'), lineas: 'nada' }, 'Las líneas del carrito deben ser una lista'],
      [{ lineas: [line(a, 1)] }, 'Campo Requerido'],
    ] as const) {
      const res = await visitor.put('/api/carrito/invitado', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const { agent: customer } = await newCustomer(t.app, email('cliente'));
    const signedIn = await customer.put('/api/carrito/invitado', { email: email('x'), lineas: [line(a, 1)] });
    expect(signedIn.statusCode).toBe(403);
    expect(signedIn.json().message).toBe(GUEST_CART_MESSAGES.signedIn);
    expect((await admin.put('/api/carrito/invitado', { email: email('x'), lineas: [] })).statusCode).toBe(
      403,
    );

    // A cookie the shop did not sign names no cart: the save starts a new one.
    const forged = newBrowser();
    forged.cookies.set(COOKIE, '1.firma-inventada');
    const address = email('forjado');
    expect(
      (await forged.put('/api/carrito/invitado', { email: address, lineas: [line(a, 1)] })).statusCode,
    ).toBe(200);
    expect(await cartsOf(address)).toHaveLength(1);

    for (const [body, status] of [
      [{ carrito: 'uno', acceso: 'x', lineas: [] }, 400],
      [{ carrito: 1, acceso: 'no/vale', lineas: [] }, 400],
      [{ carrito: 2_147_483_648, acceso: 'x', lineas: [] }, 400],
      [{ carrito: 1, acceso: 'firma-inventada', lineas: [] }, 404],
      [{ carrito: 2_147_483_647, acceso: 'firma-inventada', lineas: [] }, 404],
    ] as const) {
      const res = await visitor.post('/api/carrito/invitado/recuperar', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(GUEST_CART_MESSAGES.linkInvalid);
    }

    await admin.put('/api/ajustes/invitados', { compra_invitado: false });
    try {
      const off = await visitor.put('/api/carrito/invitado', { email: email('x'), lineas: [line(a, 1)] });
      expect(off.statusCode).toBe(401);
      expect(off.json().message).toBe(GUEST_MESSAGES.loginRequired);
    } finally {
      await admin.put('/api/ajustes/invitados', { compra_invitado: true });
    }
  });

  it('sends exactly one reminder with the items, a link back and an unsubscribe link, even with two processes looking at once', async () => {
    const [a, b] = products as [ProductRow, ProductRow];
    const address = email('marta');
    const browser = await guestWithCart(address, [line(a, 2), line(b, 1)], 'Marta');
    expect(await remind(1)).toBe(0);
    const [first, second] = await Promise.all([remind(), remind()]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    await remind(10);
    const sent = await reminders(address);
    expect(sent).toHaveLength(1);
    const [row] = await cartsOf(address);
    expect(sent[0]?.texto).toContain('Hola, Marta:');
    expect(sent[0]?.texto).toContain(`${a.nombre}: 2 ×`);
    expect(sent[0]?.texto).toContain(`${b.nombre}: 1 ×`);
    expect(sent[0]?.texto).toMatch(
      new RegExp(`${t.config.publicUrl}/carrito\\?carrito=${row?.id}&acceso=[\\w-]{43}`),
    );
    expect(sent[0]?.texto).toContain(`${t.config.publicUrl}/api/carrito/baja/${row?.token_baja}`);
    // A change of the same cart does not send a second one.
    await browser.put('/api/carrito/invitado', { email: address, lineas: [line(a, 3)] });
    await remind(10);
    expect(await reminders(address)).toHaveLength(1);
  });

  it('brings the cart back in any browser by the link, and counts the guest’s order from it as recovered', async () => {
    const [a, b, c] = products as [ProductRow, ProductRow, ProductRow];
    const before = (await admin.get('/api/admin/carritos')).json();
    const address = email('lucia');
    await guestWithCart(address, [line(a, 2), line(b, 1)], 'Lucía');
    await remind();
    const link = await linkBack(address);

    // A link signed for another cart, or tampered with, opens nothing.
    const laptop = newBrowser();
    for (const wrong of [
      { ...link, carrito: link.carrito + 1 },
      { ...link, acceso: `${link.acceso.slice(0, -1)}${link.acceso.endsWith('A') ? 'B' : 'A'}` },
    ]) {
      const res = await laptop.post('/api/carrito/invitado/recuperar', { ...wrong, lineas: [] });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(GUEST_CART_MESSAGES.linkInvalid);
    }

    // Another browser with a product of its own: the saved cart joins it, and this browser keeps it.
    const back = await laptop.post('/api/carrito/invitado/recuperar', { ...link, lineas: [line(c, 1)] });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      email: address,
      nombre: 'Lucía',
      lineas: [saved(a, 2), saved(b, 1), saved(c, 1)],
    });
    expect(laptop.cookies.has(COOKIE)).toBe(true);

    const sale = await laptop.buy([line(a, 2), line(b, 1), line(c, 1)], {
      invitado: { email: address, nombre: 'Lucía' },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const [row] = await cartsOf(address);
    expect(row).toMatchObject({ lineas: [], desde: null, recordado: null });

    const after = (await admin.get('/api/admin/carritos')).json();
    expect(after.recuperados).toBe(before.recuperados + 1);
    const list = (await admin.get('/api/admin/carritos/olvidados?pageSize=100')).json();
    expect(list.items).toContainEqual({
      id_carrito: row?.id,
      id_usuario: null,
      nombre: 'Lucía',
      email: address,
      unidades: 3,
      valor: sale.json().valor_total_venta,
      actualizado: expect.any(String),
      recordado: expect.any(String),
      sin_recordatorios: false,
      id_venta: sale.json().id_venta,
      numero_pedido: sale.json().numero_pedido,
    });
  });

  it('keeps the cart while a guest’s card waits for its confirmation step, and empties it once paid', async () => {
    const [a] = products as [ProductRow];
    const address = email('paso');
    const browser = await guestWithCart(address, [line(a, 1)]);
    await remind();
    const card = await browser.post('/api/pagos/sandbox/metodos', {
      numero: '4000 0025 0000 3155',
      expiracion: '12/39',
      cvc: '123',
      nombre: 'Sara Paso',
    });
    const pending = await browser.request(
      'POST',
      '/api/venta',
      {
        detalle_venta: [line(a, 1)],
        id_pago: card.json().id_pago,
        direccion_envio: TEST_ADDRESS,
        invitado: { email: address, nombre: 'Sara' },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(pending.statusCode, pending.body).toBe(202);
    const { id_venta, acceso, requiere_accion } = pending.json();
    expect((await cartsOf(address))[0]?.lineas).toEqual([saved(a, 1)]);
    await browser.post('/api/pagos/sandbox/confirmar', {
      client_secret: requiere_accion.client_secret,
      aprobar: true,
    });
    const paid = await browser.post(`/api/pedidos/${id_venta}/confirmar?acceso=${acceso}`);
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = await cartsOf(address);
    expect(row?.lineas).toEqual([]);
    const [reminder] = await t.db
      .select()
      .from(carritoRecordatorio)
      .where(eq(carritoRecordatorio.id_carrito, row?.id as number));
    expect(reminder?.id_venta).toBe(id_venta);
  });

  it('shows the owner a guest’s resting cart with its e-mail, valued as its reminder quotes it', async () => {
    const [a] = products as [ProductRow];
    const address = email('sin.nombre');
    await guestWithCart(address, [line(a, 2)]);
    const [row] = await cartsOf(address);
    await t.db
      .update(carrito)
      .set({ actualizado: new Date(Date.now() - 5 * HOUR) })
      .where(eq(carrito.id, row?.id as number));
    const list = (await admin.get('/api/admin/carritos/olvidados?pageSize=100')).json();
    expect(list.items).toContainEqual(
      expect.objectContaining({
        id_carrito: row?.id,
        id_usuario: null,
        nombre: '',
        email: address,
        unidades: 2,
      }),
    );
    const report = (await admin.get('/api/admin/carritos')).json();
    expect(report.carritos).toContainEqual(
      expect.objectContaining({ id_carrito: row?.id, id_usuario: null, email: address, recordado: null }),
    );
  });

  it('never reminds an e-mail that said no, in any of its carts or in its account’s switch, nor twice a day', async () => {
    const [a] = products as [ProductRow];
    // A guest unsubscribes from a reminder: that e-mail's next cart, in another browser, gets none.
    const address = email('no.gracias');
    await guestWithCart(address, [line(a, 1)]);
    await remind();
    const [row] = await cartsOf(address);
    const page = await newBrowser().get(`/api/carrito/baja/${row?.token_baja}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('No te enviaremos más recordatorios');
    await guestWithCart(address, [line(a, 2)]);
    await remind(30);
    expect(await reminders(address)).toHaveLength(1);

    // The e-mail of an account that turned the reminders off, typed as a guest's.
    const customer = await newCustomer(t.app, email('no.quiere'));
    await customer.agent.put('/api/carrito/recordatorios', { recordatorios: false });
    await guestWithCart(customer.user.email, [line(a, 1)]);
    // The e-mail of an account that did not: reminded as a guest, with the guest's link, not the account's.
    const other = await newCustomer(t.app, email('cuenta'));
    await guestWithCart(other.user.email, [line(a, 1)]);
    // A second cart of one guest e-mail the same day.
    const twice = email('dos');
    await guestWithCart(twice, [line(a, 1)]);
    await guestWithCart(twice, [line(a, 2)]);
    await remind();
    expect(await reminders(customer.user.email)).toHaveLength(0);
    expect(await reminders(other.user.email)).toHaveLength(1);
    await linkBack(other.user.email);
    expect(await reminders(twice)).toHaveLength(1);
  });

  it('a guest who signs in brings the cart to the account: the guest cart is emptied and forgotten', async () => {
    const [a] = products as [ProductRow];
    const address = email('se.registra');
    const browser = await guestWithCart(address, [line(a, 2)]);
    expect((await browser.post('/api/usuario', customerRegistration(address))).statusCode).toBe(201);
    await browser.signIn(address, CUSTOMER_PASSWORD);
    const merged = await browser.post('/api/carrito/fusionar', { lineas: [line(a, 2)] });
    expect(merged.json().lineas).toEqual([saved(a, 2)]);
    expect(browser.cookies.has(COOKIE)).toBe(false);
    expect((await cartsOf(address))[0]?.lineas).toEqual([]);
    await remind();
    // The account's reminder only, with the account's link.
    const sent = await reminders(address);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.texto).toContain(`${t.config.publicUrl}/carrito\n`);

    // A signed-in shopper who opens a guest's link: the lines go to the account's cart.
    const guest = email('enlace');
    await guestWithCart(guest, [line(a, 1)]);
    await remind();
    const { agent } = await newCustomer(t.app, email('con.cuenta'));
    const back = await agent.post('/api/carrito/invitado/recuperar', {
      ...(await linkBack(guest)),
      lineas: [],
    });
    expect(back.json()).toMatchObject({ lineas: [saved(a, 1)], email: guest });
    expect((await cartsOf(guest))[0]?.lineas).toEqual([]);
    expect(agent.cookies.has(COOKIE)).toBe(false);
  });

  it('a reminded guest who signs in, or opens the link signed in, is not reminded again and the order counts as recovered', async () => {
    const [a, b] = products as [ProductRow, ProductRow];
    const before = (await admin.get('/api/admin/carritos')).json();

    // Reminded as a guest, then signs up and in with the cart in the browser.
    const address = email('recordada');
    const browser = await guestWithCart(address, [line(a, 1)]);
    await remind();
    expect((await browser.post('/api/usuario', customerRegistration(address))).statusCode).toBe(201);
    await browser.signIn(address, CUSTOMER_PASSWORD);
    expect((await browser.post('/api/carrito/fusionar', { lineas: [line(a, 1)] })).statusCode).toBe(200);
    await remind();
    expect(await reminders(address)).toHaveLength(1);
    expect((await browser.buy([line(a, 1)])).statusCode).toBe(201);

    // Opens the guest's reminder signed in to an account: the lines and the reminder go to its cart.
    const guest = email('enlace.recordado');
    await guestWithCart(guest, [line(b, 2)]);
    await remind();
    const { agent, user } = await newCustomer(t.app, email('otra.cuenta'));
    const back = await agent.post('/api/carrito/invitado/recuperar', {
      ...(await linkBack(guest)),
      lineas: [],
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await agent.get('/api/carrito')).json().lineas).toEqual([saved(b, 2)]);
    await remind();
    expect(await reminders(user.email)).toHaveLength(0);
    expect((await agent.buy([line(b, 2)])).statusCode).toBe(201);

    const after = (await admin.get('/api/admin/carritos')).json();
    expect(after.recuperados).toBe(before.recuperados + 2);
  });

  it('starts at most 5 guest carts an hour with one e-mail, 20 from one address (429 in Spanish)', async () => {
    const [a] = products as [ProductRow];
    const address = email('muchos');
    for (let i = 0; i < 5; i++) await guestWithCart(address, [line(a, 1)]);
    const sixth = await newBrowser().put('/api/carrito/invitado', { email: address, lineas: [line(a, 1)] });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(GUEST_CART_MESSAGES.tooMany);
    expect(await cartsOf(address)).toHaveLength(5);

    // One address (a script) typing a stranger's e-mail for every cart.
    const script = newBrowser();
    let kept = '';
    for (let i = 0; i < 20; i++) {
      kept = email('ajeno');
      const res = await script.put('/api/carrito/invitado', { email: kept, lineas: [line(a, 1)] });
      expect(res.statusCode, res.body).toBe(200);
    }
    const last = email('ajeno');
    const refused = await script.put('/api/carrito/invitado', { email: last, lineas: [line(a, 1)] });
    expect(refused.statusCode).toBe(429);
    expect(await cartsOf(last)).toHaveLength(0);
    // The cart it has still follows its changes: only new carts count.
    const changed = await script.put('/api/carrito/invitado', { email: kept, lineas: [line(a, 2)] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await cartsOf(kept))[0]?.lineas).toEqual([saved(a, 2)]);
  });
});
