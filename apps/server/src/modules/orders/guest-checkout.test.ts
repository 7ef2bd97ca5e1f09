import { randomUUID } from 'node:crypto';
import { GUEST_MESSAGES, ORDER_LOOKUP_MESSAGES } from '@vitrina/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, correo, venta } from '../../db/schema';
import { Agent, CUSTOMER_PASSWORD, customerRegistration, newCustomer } from '../../test/agent';
import type { TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { GUEST_TRANSFER_INSTRUCTIONS, guestTestShop } from '../../test/guest-shop';
import { TEST_ADDRESS } from '../../test/shipping-address';

describe.each(TEST_DATABASE_KINDS)('guest checkout on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;
  let productId: number;
  let counter = 0;

  beforeAll(async () => {
    ({ t, admin, productId } = await guestTestShop(kind, 30));
  });
  afterAll(() => t.close());

  const guestEmail = () => `invitada${++counter}@example.com`;
  const guestBuy = (visitor: Agent, email: string, sale: Record<string, unknown> = {}) =>
    visitor.buy([{ id_producto: productId, cantidad: 1 }], {
      invitado: { email, nombre: 'Ana Invitada' },
      ...sale,
    });
  const lastMail = async (to: string, tipo: string) =>
    (
      await t.db
        .select()
        .from(correo)
        .where(and(eq(correo.destinatario, to), eq(correo.tipo, tipo)))
        .orderBy(desc(correo.id))
        .limit(1)
    )[0];
  /** The `acceso` token of the order page link an e-mail carries. */
  const linkIn = (text: string, id: number) =>
    new RegExp(`/pedido/${id}\\?acceso=([\\w-]+)`).exec(text)?.[1] as string;

  it('lets a visitor buy with a card, mails the guest a signed link that opens the order, and refuses a tampered one', async () => {
    const email = guestEmail();
    const visitor = new Agent(t.app);
    const res = await guestBuy(visitor, `  ${email.toUpperCase()} `);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({ estado: 'pagada', id_usuario: null });
    expect(order.acceso).toMatch(/^[\w-]{43}$/);
    const [row] = await t.db.select().from(venta).where(eq(venta.id_venta, order.id_venta));
    expect(row).toMatchObject({ id_usuario: null, email_invitado: email, nombre_invitado: 'Ana Invitada' });

    const mail = await lastMail(email, 'pedido_confirmado');
    expect(mail?.texto).toContain('Ana Invitada');
    const token = linkIn(mail?.texto ?? '', order.id_venta);
    expect(token).toBe(order.acceso);

    const page = await new Agent(t.app).get(`/api/pedidos/${order.id_venta}?acceso=${token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ id_venta: order.id_venta, numero_pedido: order.numero_pedido });
    expect(page.json().invitado).toEqual({ email, nombre: 'Ana Invitada' });

    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [
      `/api/pedidos/${order.id_venta}?acceso=${flipped}`,
      `/api/pedidos/${order.id_venta + 1}?acceso=${token}`,
      `/api/pedidos/${order.id_venta}?acceso=`,
    ]) {
      const refused = await new Agent(t.app).get(url);
      expect(refused.statusCode, url).toBe(url.endsWith('=') ? 400 : 404);
      expect(refused.json().message).toBe(GUEST_MESSAGES.linkInvalid);
    }

    // The shop sees who bought.
    const shopView = await admin.get(`/api/venta/${order.id_venta}`);
    expect(shopView.json().invitado).toEqual({ email, nombre: 'Ana Invitada' });
  });

  it('lets a guest ask to cancel through the link, and nobody without it', async () => {
    const email = guestEmail();
    const order = (await guestBuy(new Agent(t.app), email)).json();
    const ask = (acceso: string) =>
      new Agent(t.app).post(`/api/pedidos/${order.id_venta}/solicitudes?acceso=${acceso}`, {
        tipo: 'cancelacion',
        motivo: 'Me equivoqué de talla',
      });
    const forged = await ask(`${order.acceso.slice(0, -2)}xx`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe(GUEST_MESSAGES.linkInvalid);
    const asked = await ask(order.acceso);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ tipo: 'cancelacion', estado: 'pendiente' });
    const listed = await new Agent(t.app).get(
      `/api/pedidos/${order.id_venta}/solicitudes?acceso=${order.acceso}`,
    );
    expect(listed.json()).toEqual([expect.objectContaining({ motivo: 'Me equivoqué de talla' })]);
    // The shop hears of it like any customer's request.
    expect(await lastMail(t.config.supportEmail, 'solicitud_pedido')).toBeDefined();
  });

  it('answers a retried guest purchase with its first order, charging once', async () => {
    const visitor = new Agent(t.app);
    const card = await visitor.post('/api/pagos/sandbox/metodos', {
      numero: '4242 4242 4242 4242',
      expiracion: '12/39',
      cvc: '123',
      nombre: 'Ana Invitada',
    });
    const body = {
      detalle_venta: [{ id_producto: productId, cantidad: 1 }],
      id_pago: card.json().id_pago,
      direccion_envio: TEST_ADDRESS,
      invitado: { email: guestEmail(), nombre: 'Ana Invitada' },
    };
    const key = { 'idempotency-key': randomUUID() };
    const first = await visitor.request('POST', '/api/venta', body, key);
    const again = await visitor.request('POST', '/api/venta', body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id_venta).toBe(first.json().id_venta);
  });

  it('lets a visitor buy by transfer: the order waits for its money and the guest gets the instructions', async () => {
    const email = guestEmail();
    const res = await guestBuy(new Agent(t.app), email, { metodo_pago: 'transferencia', id_pago: undefined });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      estado: 'pendiente_pago',
      instrucciones: GUEST_TRANSFER_INSTRUCTIONS,
    });
    const due = await lastMail(email, 'pedido_por_pagar');
    expect(linkIn(due?.texto ?? '', res.json().id_venta)).toBe(res.json().acceso);
    // The owner confirms the transfer: the guest hears of it.
    const paid = await admin.put(`/api/venta/${res.json().id_venta}/estado`, { estado: 'pagada' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await lastMail(email, 'pedido_confirmado')).toBeDefined();
  });

  it("asks a visitor to sign in with SPEC's message once the owner switches guest checkout off (audited)", async () => {
    expect((await new Agent(t.app).get('/api/ajustes/invitados')).json()).toEqual({ compra_invitado: true });
    const off = await admin.put('/api/ajustes/invitados', { compra_invitado: false });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const [entry] = await t.db.select().from(auditoria).orderBy(desc(auditoria.id)).limit(1);
      expect(entry).toMatchObject({
        accion: 'ajustes.editados',
        antes: { compra_invitado: true },
        despues: { compra_invitado: false },
      });
      const refused = await guestBuy(new Agent(t.app), guestEmail());
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe('Debe de iniciar sesion para comprar');
      // A customer still buys.
      const { agent } = await newCustomer(t.app, guestEmail());
      expect((await agent.buy([{ id_producto: productId, cantidad: 1 }])).statusCode).toBe(201);
    } finally {
      await admin.put('/api/ajustes/invitados', { compra_invitado: true });
    }
    const customer = new Agent(t.app);
    expect((await customer.put('/api/ajustes/invitados', { compra_invitado: false })).statusCode).toBe(401);
  });

  it('refuses a visitor without a valid e-mail and name, and the shop accounts, with Spanish messages', async () => {
    const visitor = new Agent(t.app);
    const missing = await visitor.buy([{ id_producto: productId, cantidad: 1 }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(GUEST_MESSAGES.missingGuest);
    for (const invitado of [
      { email: 'no es un correo', nombre: 'Ana' },
      { email: 'a@example.com', nombre: '<script>' },
      'texto',
      { email: ['x'], nombre: { $ne: 1 } },
    ]) {
      const bad = await visitor.buy([{ id_producto: productId, cantidad: 1 }], { invitado });
      expect(bad.statusCode, JSON.stringify(invitado)).toBe(400);
      expect(bad.json().message).toMatch(/[a-záéíóúñ]/i);
    }
    // The owner cannot buy, not even by calling themselves a guest.
    const asAdmin = await admin.request(
      'POST',
      '/api/venta',
      {
        detalle_venta: [{ id_producto: productId, cantidad: 1 }],
        metodo_pago: 'transferencia',
        direccion_envio: TEST_ADDRESS,
        invitado: { email: guestEmail(), nombre: 'Ana Invitada' },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().message).toBe('Los administradores no pueden comprar.');
  });

  it("finds a guest's order on 'Consultar pedido' by number and e-mail, with its link's token", async () => {
    const email = guestEmail();
    const order = (await guestBuy(new Agent(t.app), email)).json();
    const found = await new Agent(t.app).post('/api/pedidos/consulta', {
      numero_pedido: order.numero_pedido,
      email: email.toUpperCase(),
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ id_venta: order.id_venta, acceso: order.acceso });
    const other = await new Agent(t.app).post('/api/pedidos/consulta', {
      numero_pedido: order.numero_pedido,
      email: 'otra@example.com',
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(ORDER_LOOKUP_MESSAGES.notFound);
  });

  it('moves the guest orders of an e-mail to the account of that e-mail only through the link mailed to it', async () => {
    const email = guestEmail();
    const first = (await guestBuy(new Agent(t.app), email)).json();
    const second = (await guestBuy(new Agent(t.app), email)).json();

    const agent = new Agent(t.app);
    expect((await agent.post('/api/usuario', customerRegistration(email))).statusCode).toBe(201);
    await agent.signIn(email, CUSTOMER_PASSWORD);
    expect((await agent.get('/api/venta')).json().items).toHaveLength(0);

    const asked = await agent.post('/api/pedidos/reclamar');
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(GUEST_MESSAGES.claimSent);
    const mail = await lastMail(email, 'compras_sin_cuenta');
    const token = /reclamar=([\w-]+)/.exec(mail?.texto ?? '')?.[1] as string;
    expect(token).toBeTruthy();

    // Another account cannot use it, nor can a made-up token.
    const { agent: other } = await newCustomer(t.app, guestEmail());
    const stolen = await other.post('/api/pedidos/reclamar/confirmar', { token });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(GUEST_MESSAGES.claimInvalid);
    expect((await agent.post('/api/pedidos/reclamar/confirmar', { token: 'inventado' })).statusCode).toBe(
      400,
    );

    const claimed = await agent.post('/api/pedidos/reclamar/confirmar', { token });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toEqual({ reclamados: 2, message: GUEST_MESSAGES.claimed(2) });
    const mine = (await agent.get('/api/venta')).json().items.map((o: { id_venta: number }) => o.id_venta);
    expect(mine.sort()).toEqual([first.id_venta, second.id_venta].sort());
    // The e-mail's link still opens the order: it is signed for the buyer's e-mail, now the account's.
    expect(
      (await new Agent(t.app).get(`/api/pedidos/${first.id_venta}?acceso=${first.acceso}`)).statusCode,
    ).toBe(200);
    // Used again, it moves nothing more; asking again with nothing left mails nothing.
    expect((await agent.post('/api/pedidos/reclamar/confirmar', { token })).json().reclamados).toBe(0);
    const before = await t.db.select().from(correo).where(eq(correo.tipo, 'compras_sin_cuenta'));
    expect((await agent.post('/api/pedidos/reclamar')).statusCode).toBe(202);
    expect(await t.db.select().from(correo).where(eq(correo.tipo, 'compras_sin_cuenta'))).toHaveLength(
      before.length,
    );
  });

  it("counts a code's uses per customer by e-mail, across guest orders and the account", async () => {
    const code = await admin.post('/api/cupones', {
      codigo: 'INVITADA1',
      tipo: 'porcentaje',
      valor: 10,
      usos_por_cliente: 1,
    });
    expect(code.statusCode, code.body).toBe(201);
    const email = guestEmail();
    const used = await guestBuy(new Agent(t.app), email, { cupon: 'INVITADA1' });
    expect(used.statusCode, used.body).toBe(201);
    expect(used.json().promociones).toEqual([expect.objectContaining({ codigo: 'INVITADA1' })]);
    const again = await guestBuy(new Agent(t.app), email, { cupon: 'INVITADA1' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('Ya usaste este código.');
    // The account of that e-mail is the same customer.
    const { agent } = await newCustomer(t.app, email);
    const quote = await agent.post('/api/carrito/cotizar', {
      detalle_venta: [{ id_producto: productId, cantidad: 1 }],
      cupon: 'INVITADA1',
    });
    expect(quote.json().cupon).toEqual({ aplicado: false, motivo: 'Ya usaste este código.' });
  });
});
