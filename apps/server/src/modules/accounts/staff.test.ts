import { randomUUID } from 'node:crypto';
import { STAFF_MESSAGES } from '@vitrina/shared';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, correo, invitacionPersonal, producto, usuario } from '../../db/schema';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { TEST_ADDRESS } from '../../test/shipping-address';

/*
 * Staff with roles (issue 38, item 3): the owner invites by e-mail, the account with that e-mail accepts
 * signed in, the role opens its part of the admin; changing or revoking it ends the member's sessions.
 */

const CARD = { numero: '4242 4242 4242 4242', expiracion: '12/39', cvc: '314', nombre: 'Lucía Hernández' };
let counter = 0;

describe.each(TEST_DATABASE_KINDS)('staff with roles on %s', (kind) => {
  let t: TestApp;
  let owner: Agent;
  beforeAll(async () => {
    t = await seededTestApp(kind);
    owner = new Agent(t.app);
    await owner.signIn(t.config.admin.email, t.config.admin.password);
  });
  afterAll(() => t.close());

  /** The token of the latest invitation e-mailed to `email`. */
  async function linkOf(email: string) {
    const [mail] = await t.db
      .select()
      .from(correo)
      .where(and(eq(correo.destinatario, email), eq(correo.tipo, 'invitacion_personal')))
      .orderBy(desc(correo.id))
      .limit(1);
    const match = /\/personal\/aceptar#token=([A-Za-z0-9_-]+)/.exec(mail?.texto ?? '');
    if (!match?.[1]) throw new Error(`no invitation for ${email}`);
    return match[1];
  }
  const invite = (email: string, rol: string) => owner.post('/api/personal', { email, rol });
  const accept = (who: Agent, token: string) => who.post('/api/personal/aceptar', { token });

  /** A customer account invited with `rol` who accepted: the member's agent and account. */
  async function member(rol: 'encargado' | 'ventas') {
    const email = `equipo${++counter}@example.com`;
    const { agent, user } = await newCustomer(t.app, email);
    expect((await invite(email, rol)).statusCode).toBe(201);
    expect((await accept(agent, await linkOf(email))).statusCode).toBe(200);
    return { agent, user, email };
  }

  it('invites by e-mail with a single-use link that only the account with that e-mail can accept', async () => {
    const email = `invitada${++counter}@example.com`;
    const res = await invite(`  ${email.toUpperCase()} `, 'ventas');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, rol: 'ventas' });
    const token = await linkOf(email);
    // Only the hash is kept.
    const rows = await t.db.select().from(invitacionPersonal).where(eq(invitacionPersonal.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toContain(token);
    expect((await owner.get('/api/personal')).json().invitaciones).toEqual(
      expect.arrayContaining([expect.objectContaining({ email, rol: 'ventas' })]),
    );

    // Someone else signed in: refused, and the link still works for the right account.
    const { agent: other } = await newCustomer(t.app, `otra${++counter}@example.com`);
    const wrong = await accept(other, token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(STAFF_MESSAGES.wrongEmail(email));
    expect((await other.get('/api/usuario/me')).json().rol).toBeNull();
    // Not signed in: 401 (sign in or register first).
    expect((await accept(new Agent(t.app), token)).statusCode).toBe(401);

    // The invitee registers with that e-mail and accepts: the session now says the role.
    const { agent: invitee } = await newCustomer(t.app, email);
    const accepted = await accept(invitee, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ email, rol: 'ventas', admin: false });
    expect((await invitee.get('/api/usuario/me')).json().rol).toBe('ventas');
    const list = (await owner.get('/api/personal')).json();
    expect(list.personal).toEqual(
      expect.arrayContaining([expect.objectContaining({ email, rol: 'ventas' })]),
    );
    expect(list.invitaciones.map((i: { email: string }) => i.email)).not.toContain(email);

    // Used once: used up.
    const again = await accept(invitee, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(STAFF_MESSAGES.invalidInvitation);
  });

  it('refuses an expired, cancelled or replaced invitation, and invitations the owner cannot send', async () => {
    const email = `tarde${++counter}@example.com`;
    const { agent } = await newCustomer(t.app, email);
    await invite(email, 'encargado');
    const expired = await linkOf(email);
    await t.db
      .update(invitacionPersonal)
      .set({ expira: new Date(Date.now() - 1000) })
      .where(eq(invitacionPersonal.email, email));
    expect((await accept(agent, expired)).json().message).toBe(STAFF_MESSAGES.invalidInvitation);

    await invite(email, 'encargado');
    const replaced = await linkOf(email);
    await invite(email, 'ventas');
    const latest = await linkOf(email);
    expect((await accept(agent, replaced)).statusCode).toBe(400);
    const [pending] = (await owner.get('/api/personal'))
      .json()
      .invitaciones.filter((i: { email: string }) => i.email === email);
    expect(pending.rol).toBe('ventas');
    expect((await owner.request('DELETE', `/api/personal/invitaciones/${pending.id}`)).statusCode).toBe(204);
    expect((await accept(agent, latest)).statusCode).toBe(400);
    expect((await agent.get('/api/usuario/me')).json().rol).toBeNull();

    const self = await invite(t.config.admin.email, 'ventas');
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(STAFF_MESSAGES.ownerEmail);
    const bad = await owner.post('/api/personal', { email, rol: 'dueño' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('rol');
    const { email: staffEmail } = await member('ventas');
    expect((await invite(staffEmail, 'encargado')).statusCode).toBe(409);
  });

  it('opens to each role its part of the admin: Ventas ships orders, Encargado also runs the catalog', async () => {
    const [product] = await t.db
      .select()
      .from(producto)
      .where(and(eq(producto.estado, true), gt(producto.stock, 5)))
      .orderBy(asc(producto.id_producto))
      .limit(1);
    if (!product) throw new Error('no product');
    const { agent: buyer } = await newCustomer(t.app, `compra${++counter}@example.com`);
    const card = (await buyer.post('/api/pagos/sandbox/metodos', CARD)).json();
    const bought = await buyer.request(
      'POST',
      '/api/venta',
      {
        detalle_venta: [{ id_producto: product.id_producto, cantidad: 1 }],
        id_pago: card.id_pago,
        direccion_envio: TEST_ADDRESS,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(bought.statusCode, bought.body).toBe(201);
    const id = bought.json().id_venta as number;

    const ventas = await member('ventas');
    // The shop's orders, with who bought them, as the owner sees them.
    const list = (await ventas.agent.get('/api/venta?estado=todas')).json();
    expect(list.items.map((o: { id_venta: number }) => o.id_venta)).toContain(id);
    expect((await ventas.agent.get(`/api/venta/${id}`)).json().Usuario.email).toMatch(/^compra/);
    expect((await ventas.agent.put(`/api/venta/${id}/estado`, { estado: 'preparando' })).statusCode).toBe(
      200,
    );
    const cancel = await ventas.agent.put(`/api/venta/${id}/estado`, { estado: 'cancelada' });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().message).toBe(STAFF_MESSAGES.cancelOwnerOnly);
    const shipped = await ventas.agent.put(`/api/venta/${id}/estado`, {
      estado: 'enviada',
      transportista: 'Estafeta',
      guia: 'EST123',
    });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json().historial.at(-1).usuario.nombre).toMatch(/\(Ventas\)$/);
    const products = await ventas.agent.get('/api/products/admin');
    expect(products.statusCode).toBe(403);
    expect(products.json().message).toBe(STAFF_MESSAGES.forbidden);
    expect((await ventas.agent.put('/api/ajustes', { envio_tarifa: 0 })).statusCode).toBe(403);
    expect((await ventas.agent.get('/api/usuario')).statusCode).toBe(403);
    const buy = await ventas.agent.request('POST', '/api/venta', {}, { 'idempotency-key': randomUUID() });
    expect(buy.json().message).toBe(STAFF_MESSAGES.cannotBuy);

    const encargado = await member('encargado');
    expect((await encargado.agent.get('/api/products/admin')).statusCode).toBe(200);
    expect((await encargado.agent.get('/api/products/todascalificaciones')).statusCode).toBe(200);
    expect((await encargado.agent.get('/api/admin/auditoria')).statusCode).toBe(403);
    expect((await encargado.agent.post(`/api/venta/${id}/reembolso`, {})).statusCode).toBe(403);

    // The trail names who shipped, with the role.
    const trail = (await owner.get('/api/admin/auditoria?entidad=pedido')).json();
    const entry = trail.items.find(
      (e: { id_entidad: number; usuario: { email: string } }) =>
        e.id_entidad === id && e.usuario.email === ventas.email,
    );
    expect(entry?.usuario.nombre).toMatch(/\(Ventas\)$/);
  });

  it('ends the member’s sessions at once when the owner changes the role or revokes it', async () => {
    const { agent, user, email } = await member('encargado');
    const second = new Agent(t.app);
    await second.signIn(email, 'secreto123');
    expect((await agent.get('/api/products/admin')).statusCode).toBe(200);

    const changed = await owner.put(`/api/personal/${user.id_usuario}`, { rol: 'ventas' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id_usuario: user.id_usuario, rol: 'ventas' });
    for (const a of [agent, second]) {
      expect((await a.get('/api/usuario/me')).json()).toBeNull();
      expect((await a.get('/api/products/admin')).statusCode).toBe(401);
    }
    await agent.signIn(email, 'secreto123');
    expect((await agent.get('/api/usuario/me')).json().rol).toBe('ventas');
    expect((await agent.get('/api/products/admin')).statusCode).toBe(403);

    expect((await owner.request('DELETE', `/api/personal/${user.id_usuario}`)).statusCode).toBe(204);
    expect((await agent.get('/api/usuario/me')).json()).toBeNull();
    const [row] = await t.db.select().from(usuario).where(eq(usuario.id_usuario, user.id_usuario));
    expect(row?.rol).toBeNull();
    expect((await owner.request('DELETE', `/api/personal/${user.id_usuario}`)).statusCode).toBe(404);

    const entries = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'usuario.rol'), eq(auditoria.id_entidad, user.id_usuario)))
      .orderBy(asc(auditoria.id));
    expect(entries.map((e) => [e.antes, e.despues])).toEqual([
      [{ rol: null }, { rol: 'encargado' }],
      [{ rol: 'encargado' }, { rol: 'ventas' }],
      [{ rol: 'ventas' }, { rol: null }],
    ]);
  });
});
