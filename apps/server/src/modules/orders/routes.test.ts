import { randomUUID } from 'node:crypto';
import { formatOrderNumber, paidCents, REFUND_MESSAGES, toCents } from '@vitrina/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditoria,
  cargoSandbox,
  correo,
  producto,
  reembolso,
  reembolsoSandbox,
  venta,
} from '../../db/schema';
import type { PaymentProvider } from '../../payments/provider';
import { sandboxProvider } from '../../payments/sandbox';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { stockedProducts } from '../../test/products';
import { TEST_ADDRESS } from '../../test/shipping-address';
import { TEST_SHOP } from '../../test/shop';
import { refundOrder, settlePendingRefunds } from './refund-order';

const CARD = { numero: '4242 4242 4242 4242', expiracion: '12/39', cvc: '314', nombre: 'Lucía Hernández' };
type ProductRow = typeof producto.$inferSelect;
type Json = Record<string, unknown>;

let counter = 0;

describe.each(TEST_DATABASE_KINDS)('orders API on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;
  /** Two active products with plenty of stock, reserved for these tests' purchases. */
  let first: ProductRow;
  let second: ProductRow;

  beforeAll(async () => {
    t = await seededTestApp(kind);
    const rows = await stockedProducts(t.db);
    [first, second] = rows.slice(-2) as [ProductRow, ProductRow];
    await t.db
      .update(producto)
      .set({ stock: 10_000 })
      .where(sql`${producto.id_producto} IN (${first.id_producto}, ${second.id_producto})`);
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
  });
  afterAll(() => t.close());

  async function customer() {
    const { agent, user } = await newCustomer(t.app, `pedidos${++counter}@example.com`);
    const card = await agent.post('/api/pagos/sandbox/metodos', CARD);
    return { a: agent, user, idPago: card.json().id_pago as string };
  }

  const buy = (a: Agent, idPago: string, body: Json = {}) =>
    a.request(
      'POST',
      '/api/venta',
      {
        detalle_venta: [
          { id_producto: first.id_producto, cantidad: 2 },
          { id_producto: second.id_producto, cantidad: 1 },
        ],
        id_pago: idPago,
        direccion_envio: TEST_ADDRESS,
        ...body,
      },
      { 'idempotency-key': randomUUID() },
    );

  /** A paid order of 2 × first + 1 × second; its id. */
  async function paidOrder() {
    const c = await customer();
    const res = await buy(c.a, c.idPago);
    expect(res.statusCode, res.body).toBe(201);
    return { ...c, id: res.json().id_venta as number };
  }

  const setState = (id: number, body: Json) => admin.put(`/api/venta/${id}/estado`, body);
  const refund = (id: number, body: Json = {}, key = randomUUID()) =>
    admin.request('POST', `/api/venta/${id}/reembolso`, body, { 'idempotency-key': key });
  const stockOf = async (id: number) =>
    (await t.db.select({ s: producto.stock }).from(producto).where(eq(producto.id_producto, id)))[0]?.s ?? 0;
  const subtotal = () => paidCents(first) * 2 + paidCents(second);
  /** The order e-mails queued for an address, oldest first. */
  const mailsOf = async (email: string) =>
    (await t.db.select().from(correo).where(eq(correo.destinatario, email)).orderBy(asc(correo.id)))
      .map((m) => m.tipo)
      .filter((tipo) => tipo.startsWith('pedido_'));

  describe('checkout with a shipping address', () => {
    it.each([
      ['nombre', { nombre: '' }, 'Escribe el nombre de quien recibe el pedido'],
      ['direccion', { direccion: 'Calle' }, 'La dirección debe tener al menos 15 caracteres'],
      [
        'direccion',
        { direccion: 'Aun no ha sido asiganada' },
        'Escribe la calle y el número (la dirección debe tener números y letras)',
      ],
      ['telefono', { telefono: '55-1234-5678' }, 'El teléfono debe tener solo números'],
      ['telefono', { telefono: '5500000000' }, 'Escribe un teléfono de contacto real'],
    ])('refuses a bad %s with its Spanish message and takes nothing', async (field, change, message) => {
      const c = await customer();
      const before = await stockOf(first.id_producto);
      const res = await buy(c.a, c.idPago, { direccion_envio: { ...TEST_ADDRESS, ...change } });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[`direccion_envio.${field}`] ?? res.json().message).toBe(message);
      expect(await stockOf(first.id_producto)).toBe(before);
    });

    it("keeps the address and phone in the buyer's profile only when asked", async () => {
      const c = await customer();
      const elsewhere = { ...TEST_ADDRESS, direccion: 'Calle de Alcalá 45, Madrid', telefono: '5587654321' };
      expect((await buy(c.a, c.idPago, { direccion_envio: elsewhere })).statusCode).toBe(201);
      const before = (await c.a.get('/api/usuario/me')).json();
      expect(before.direccion).not.toBe(elsewhere.direccion);
      expect(
        (await buy(c.a, c.idPago, { direccion_envio: elsewhere, guardar_direccion: true })).statusCode,
      ).toBe(201);
      expect((await c.a.get('/api/usuario/me')).json()).toMatchObject({
        direccion: elsewhere.direccion,
        telefono: elsewhere.telefono,
      });
    });

    it('refuses a checkout without an address', async () => {
      const c = await customer();
      const res = await buy(c.a, c.idPago, { direccion_envio: undefined });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Falta la dirección de envío');
    });

    it('keeps the address of the order when the profile changes later', async () => {
      const { a, id } = await paidOrder();
      expect(
        (await a.put('/api/usuario', { direccion: 'Avenida Reforma 500, CDMX', telefono: '5599887766' }))
          .statusCode,
      ).toBe(200);
      const order = (await a.get(`/api/venta/${id}`)).json();
      expect(order.direccion_envio).toEqual(TEST_ADDRESS);
    });
  });

  describe('shipping', () => {
    afterAll(async () => {
      await admin.put('/api/ajustes', { envio_tarifa: 0, envio_gratis_desde: null });
    });

    it('is free by default, so the total is the lines', async () => {
      expect((await new Agent(t.app).get('/api/ajustes')).json()).toEqual({
        envio_tarifa: 0,
        envio_gratis_desde: null,
      });
      const c = await customer();
      const sale = (await buy(c.a, c.idPago)).json();
      expect(sale.costo_envio).toBe(0);
      expect(toCents(sale.valor_total_venta)).toBe(subtotal());
    });

    it('charges the rate below the threshold and nothing at or above it, computed by the server', async () => {
      const threshold = subtotal() / 100;
      const saved = await admin.put('/api/ajustes', {
        envio_tarifa: 7.5,
        envio_gratis_desde: threshold + 0.01,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ envio_tarifa: 7.5, envio_gratis_desde: threshold + 0.01 });

      const below = await customer();
      const sale = await buy(below.a, below.idPago, { valor_total_venta: subtotal() + 750 });
      expect(sale.statusCode, sale.body).toBe(201);
      expect(sale.json()).toMatchObject({ costo_envio: 7.5, valor_total_venta: (subtotal() + 750) / 100 });
      const order = (await below.a.get(`/api/venta/${sale.json().id_venta}`)).json();
      expect(order).toMatchObject({ subtotal: subtotal() / 100, costo_envio: 7.5 });
      const [charge] = await t.db
        .select()
        .from(cargoSandbox)
        .where(eq(cargoSandbox.id_venta, sale.json().id_venta));
      expect(charge?.monto_centavos).toBe(subtotal() + 750);

      // The cart showed the lines only: the server's total differs, so nothing is charged.
      const stale = await buy(below.a, below.idPago, { valor_total_venta: subtotal() });
      expect(stale.statusCode).toBe(409);

      await admin.put('/api/ajustes', { envio_tarifa: 7.5, envio_gratis_desde: threshold });
      const at = await customer();
      expect((await buy(at.a, at.idPago)).json().costo_envio).toBe(0);
      await admin.put('/api/ajustes', { envio_tarifa: 7.5, envio_gratis_desde: threshold - 0.01 });
      const above = await customer();
      expect((await buy(above.a, above.idPago)).json().costo_envio).toBe(0);
    });

    it('refuses bad settings in Spanish and lets only an admin change them', async () => {
      const bad = await admin.put('/api/ajustes', { envio_tarifa: -1, envio_gratis_desde: null });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('La tarifa de envío no puede ser negativa');
      const cents = await admin.put('/api/ajustes', { envio_tarifa: 1.005, envio_gratis_desde: null });
      expect(cents.statusCode).toBe(400);
      const { a } = await customer();
      expect((await a.put('/api/ajustes', { envio_tarifa: 1, envio_gratis_desde: null })).statusCode).toBe(
        403,
      );
      expect(
        (await new Agent(t.app).put('/api/ajustes', { envio_tarifa: 1, envio_gratis_desde: null }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('order numbers and GET /api/venta/:id', () => {
    it('numbers paid orders V-000123 in sequence and shows them to their buyer and the admin only', async () => {
      const one = await paidOrder();
      const two = await paidOrder();
      const a = (await one.a.get(`/api/venta/${one.id}`)).json();
      const b = (await two.a.get(`/api/venta/${two.id}`)).json();
      expect(a.numero_pedido).toMatch(/^V-\d{6}$/);
      expect(Number(b.numero_pedido.slice(2))).toBe(Number(a.numero_pedido.slice(2)) + 1);
      expect(a).toMatchObject({
        estado: 'pagada',
        pago_marca: 'visa',
        pago_ultimos4: '4242',
        monto_reembolsado: 0,
        transportista: null,
        guia: null,
      });
      expect(a.historial).toEqual([{ estado: 'pagada', fecha: expect.any(String) }]);
      expect(a.Usuario).toBeUndefined();
      expect(a.detalle_venta[0]).toMatchObject({ cantidad: 2, cantidad_reembolsada: 0, comentado: false });

      expect((await two.a.get(`/api/venta/${one.id}`)).statusCode).toBe(404);
      expect((await new Agent(t.app).get(`/api/venta/${one.id}`)).statusCode).toBe(401);
      const seen = (await admin.get(`/api/venta/${one.id}`)).json();
      expect(seen.Usuario.email).toBe(one.user.email);
      expect(seen.historial).toEqual([{ estado: 'pagada', fecha: expect.any(String), usuario: null }]);
      expect((await admin.get('/api/venta/99999999')).statusCode).toBe(404);
      expect(formatOrderNumber(7)).toBe('V-000007');
    });

    it('lists orders with their number and state, filtered by state and found by number or e-mail', async () => {
      const o = await paidOrder();
      await setState(o.id, { estado: 'preparando' });
      const mine = (await o.a.get('/api/venta')).json();
      expect(mine.items[0]).toMatchObject({
        id_venta: o.id,
        estado: 'preparando',
        numero_pedido: expect.stringMatching(/^V-/),
      });
      const numero: string = mine.items[0].numero_pedido;
      const preparing = (await admin.get('/api/venta?estado=preparando&pageSize=50')).json();
      expect(preparing.items.map((s: Json) => s.id_venta)).toContain(o.id);
      expect(preparing.items.every((s: Json) => s.estado === 'preparando')).toBe(true);
      for (const q of [numero, String(Number(numero.slice(2)))]) {
        const found = (await admin.get(`/api/venta?q=${encodeURIComponent(q)}`)).json();
        expect(found.items.map((s: Json) => s.id_venta)).toContain(o.id);
      }
      const byEmail = (
        await admin.get(`/api/venta?q=${encodeURIComponent(o.user.email.toUpperCase())}`)
      ).json();
      expect(byEmail.items.map((s: Json) => s.id_venta)).toEqual([o.id]);
      expect((await admin.get('/api/venta?q=%25')).statusCode).toBe(200);
    });
  });

  describe('PUT /api/venta/:id/estado', () => {
    it('moves an order through preparing, shipped with tracking and delivered, with history, audit and e-mail', async () => {
      const o = await paidOrder();
      const skip = await setState(o.id, { estado: 'entregada' });
      expect(skip.statusCode).toBe(409);
      expect(skip.json().message).toContain('no se puede marcar como «Entregado»');

      expect((await setState(o.id, { estado: 'preparando' })).statusCode).toBe(200);
      const shipped = await setState(o.id, {
        estado: 'enviada',
        transportista: 'Estafeta',
        guia: 'EST123456',
      });
      expect(shipped.statusCode, shipped.body).toBe(200);
      expect(shipped.json()).toMatchObject({
        estado: 'enviada',
        transportista: 'Estafeta',
        guia: 'EST123456',
      });
      const cancel = await setState(o.id, { estado: 'cancelada' });
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json().message).toBe(
        'El pedido ya se envió y no se puede cancelar. Si el cliente lo devuelve, reembólsalo.',
      );
      const done = (await setState(o.id, { estado: 'entregada' })).json();
      expect(done.historial.map((h: Json) => h.estado)).toEqual([
        'pagada',
        'preparando',
        'enviada',
        'entregada',
      ]);
      expect(done.historial[1].usuario.email).toBe(t.config.admin.email);
      const trail = await t.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidad, 'pedido'), eq(auditoria.id_entidad, o.id)))
        .orderBy(asc(auditoria.id));
      expect(trail.map((e) => [e.antes, e.despues])).toEqual([
        [{ estado: 'pagada' }, { estado: 'preparando' }],
        [{ estado: 'preparando' }, { estado: 'enviada', transportista: 'Estafeta', guia: 'EST123456' }],
        [{ estado: 'enviada' }, { estado: 'entregada' }],
      ]);
      expect(await mailsOf(o.user.email)).toEqual([
        'pedido_confirmado',
        'pedido_enviado',
        'pedido_entregado',
      ]);
      const [shippedMail] = await t.db
        .select()
        .from(correo)
        .where(and(eq(correo.destinatario, o.user.email), eq(correo.tipo, 'pedido_enviado')));
      expect(shippedMail?.texto).toContain('EST123456');
    });

    it('is for admins only and refuses unknown states in Spanish', async () => {
      const o = await paidOrder();
      expect((await o.a.put(`/api/venta/${o.id}/estado`, { estado: 'preparando' })).statusCode).toBe(403);
      const bad = await setState(o.id, { estado: 'reembolsada' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('El estado debe ser uno de');
      expect((await setState(99999999, { estado: 'preparando' })).statusCode).toBe(404);
    });

    it('cancelling returns every unit to stock and refunds the whole payment through the provider', async () => {
      const o = await paidOrder();
      const before = { f: await stockOf(first.id_producto), s: await stockOf(second.id_producto) };
      const res = await setState(o.id, { estado: 'cancelada' });
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json();
      expect(order).toMatchObject({ estado: 'cancelada', monto_reembolsado: order.valor_total_venta });
      expect(await stockOf(first.id_producto)).toBe(before.f + 2);
      expect(await stockOf(second.id_producto)).toBe(before.s + 1);
      const [sale] = await t.db.select().from(venta).where(eq(venta.id_venta, o.id));
      const refunds = await t.db
        .select()
        .from(reembolsoSandbox)
        .where(eq(reembolsoSandbox.referencia_cargo, sale?.pago_referencia ?? ''));
      expect(refunds.map((r) => r.monto_centavos)).toEqual([toCents(order.valor_total_venta)]);
      expect(await mailsOf(o.user.email)).toEqual(['pedido_confirmado', 'pedido_cancelado']);
      expect((await setState(o.id, { estado: 'cancelada' })).statusCode).toBe(409);
      expect((await refund(o.id)).statusCode).toBe(409);
    });
  });

  describe('POST /api/venta/:id/reembolso', () => {
    it('refunds some units of a line, returns them to stock before shipping, and refuses more than paid', async () => {
      const o = await paidOrder();
      const order = (await admin.get(`/api/venta/${o.id}`)).json();
      const line = order.detalle_venta.find((l: Json) => l.id_producto === first.id_producto);
      const before = await stockOf(first.id_producto);
      const res = await refund(o.id, { lineas: [{ id_detalle_venta: line.id_detalle_venta, cantidad: 1 }] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ estado: 'pagada', monto_reembolsado: paidCents(first) / 100 });
      expect(
        res.json().detalle_venta.find((l: Json) => l.id_detalle_venta === line.id_detalle_venta)
          .cantidad_reembolsada,
      ).toBe(1);
      expect(await stockOf(first.id_producto)).toBe(before + 1);

      const tooMany = await refund(o.id, {
        lineas: [{ id_detalle_venta: line.id_detalle_venta, cantidad: 2 }],
      });
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json().message).toBe(REFUND_MESSAGES.tooMany(first.nombre, 1));
      const foreign = await refund(o.id, { lineas: [{ id_detalle_venta: 1, cantidad: 1 }] });
      expect(foreign.statusCode).toBe(409);
      expect(await mailsOf(o.user.email)).toEqual(['pedido_confirmado', 'pedido_reembolsado']);
    });

    it('never refunds twice for one key, even for two identical requests at once', async () => {
      const o = await paidOrder();
      const key = randomUUID();
      const answers = await Promise.all([refund(o.id, {}, key), refund(o.id, {}, key)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      const again = await refund(o.id, {}, key);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        estado: 'reembolsada',
        monto_reembolsado: again.json().valor_total_venta,
      });
      expect(await t.db.select().from(reembolso).where(eq(reembolso.id_venta, o.id))).toHaveLength(1);
      const [sale] = await t.db.select().from(venta).where(eq(venta.id_venta, o.id));
      const refunds = await t.db
        .select()
        .from(reembolsoSandbox)
        .where(eq(reembolsoSandbox.referencia_cargo, sale?.pago_referencia ?? ''));
      expect(refunds).toHaveLength(1);
      const otherBody = await refund(o.id, { lineas: [{ id_detalle_venta: 1, cantidad: 1 }] }, key);
      expect(otherBody.statusCode).toBe(422);
      const more = await refund(o.id);
      expect(more.statusCode).toBe(409);
      expect(more.json().message).toBe(REFUND_MESSAGES.notRefundable);
    });

    it('keeps shipped units off the shelf and turns a whole refund into reembolsada', async () => {
      const o = await paidOrder();
      await setState(o.id, { estado: 'preparando' });
      await setState(o.id, { estado: 'enviada' });
      const before = await stockOf(first.id_producto);
      const res = await refund(o.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().estado).toBe('reembolsada');
      expect(res.json().detalle_venta.every((l: Json) => l.cantidad_reembolsada === l.cantidad)).toBe(true);
      expect(await stockOf(first.id_producto)).toBe(before);
      expect(res.json().historial.map((h: Json) => h.estado)).toEqual([
        'pagada',
        'preparando',
        'enviada',
        'reembolsada',
      ]);
    });

    it('needs an Idempotency-Key and an admin', async () => {
      const o = await paidOrder();
      const noKey = await admin.post(`/api/venta/${o.id}/reembolso`, {});
      expect(noKey.statusCode).toBe(400);
      expect(noKey.json().message).toContain('Falta la clave de idempotencia del reembolso');
      expect(
        (await o.a.request('POST', `/api/venta/${o.id}/reembolso`, {}, { 'idempotency-key': randomUUID() }))
          .statusCode,
      ).toBe(403);
    });

    it('settles at start-up a refund whose answer was lost after the provider made it', async () => {
      const o = await paidOrder();
      const sandbox = sandboxProvider(t.db);
      const lostAnswer: PaymentProvider = {
        ...sandbox,
        refund: async (request) => {
          await sandbox.refund(request);
          throw new Error('socket hang up');
        },
      };
      await expect(
        refundOrder({
          db: t.db,
          payments: lostAnswer,
          shop: TEST_SHOP,
          adminId: 1,
          orderId: o.id,
          idempotencyKey: randomUUID(),
          input: {},
        }),
      ).rejects.toMatchObject({ statusCode: 502 });
      const [pending] = await t.db.select().from(reembolso).where(eq(reembolso.id_venta, o.id));
      expect(pending?.estado).toBe('pendiente');
      expect((await admin.get(`/api/venta/${o.id}`)).json()).toMatchObject({
        estado: 'pagada',
        monto_reembolsado: 0,
      });

      const summary = await settlePendingRefunds({ db: t.db, payments: sandbox, shop: TEST_SHOP });
      expect(summary.errors).toBe(0);
      const order = (await admin.get(`/api/venta/${o.id}`)).json();
      expect(order).toMatchObject({ estado: 'reembolsada', monto_reembolsado: order.valor_total_venta });
      const [sale] = await t.db.select().from(venta).where(eq(venta.id_venta, o.id));
      const refunds = await t.db
        .select()
        .from(reembolsoSandbox)
        .where(eq(reembolsoSandbox.referencia_cargo, sale?.pago_referencia ?? ''));
      expect(refunds.map((r) => r.monto_centavos)).toEqual([toCents(order.valor_total_venta)]);
      // A second settle finds nothing left to do.
      expect((await settlePendingRefunds({ db: t.db, payments: sandbox, shop: TEST_SHOP })).pending).toBe(0);
    });
  });

  it("tells the shop of each paid order at its contact address, with what to pack and the order's admin page", async () => {
    const o = await paidOrder();
    const [sale] = await t.db.select().from(venta).where(eq(venta.id_venta, o.id));
    const numero = formatOrderNumber(sale?.numero_pedido ?? 0);
    const notices = await t.db
      .select()
      .from(correo)
      .where(and(eq(correo.destinatario, t.config.supportEmail), eq(correo.tipo, 'pedido_nuevo')));
    const notice = notices.find((m) => m.asunto.startsWith(`Pedido nuevo ${numero}:`));
    expect(notice?.texto).toContain(`2 × ${first.nombre}`);
    expect(notice?.texto).toContain(`1 × ${second.nombre}`);
    expect(notice?.texto).toContain(TEST_ADDRESS.direccion);
    expect(notice?.texto).toContain(`${t.config.publicUrl}/admin/pedidos/${o.id}`);
    expect(notice?.texto).not.toContain('Ver mi pedido');
    // A declined card pays nothing and tells the shop nothing.
    const before = notices.length;
    const c = await customer();
    const declined = await c.a.post('/api/pagos/sandbox/metodos', { ...CARD, numero: '4000 0000 0000 0002' });
    expect((await buy(c.a, declined.json().id_pago)).statusCode).toBe(402);
    const after = await t.db
      .select()
      .from(correo)
      .where(and(eq(correo.destinatario, t.config.supportEmail), eq(correo.tipo, 'pedido_nuevo')));
    expect(after).toHaveLength(before);
  });

  it("sums up one customer's orders for the admin and lists only theirs", async () => {
    const o = await paidOrder();
    const again = await buy(o.a, o.idPago);
    expect(again.statusCode).toBe(201);
    const order = (await admin.get(`/api/venta/${o.id}`)).json();
    const line = order.detalle_venta.find((l: Json) => l.id_producto === first.id_producto);
    const refunded = await refund(o.id, {
      lineas: [{ id_detalle_venta: line.id_detalle_venta, cantidad: 1 }],
    });
    expect(refunded.statusCode).toBe(200);
    // Another customer's order is not theirs.
    await paidOrder();

    const summary = await admin.get(`/api/venta/clientes/${o.user.id_usuario}`);
    expect(summary.statusCode).toBe(200);
    const total = toCents(order.valor_total_venta) * 2 - paidCents(first);
    expect(summary.json()).toMatchObject({ pedidos: 2 });
    expect(toCents(summary.json().total_gastado)).toBe(total);
    expect(Date.parse(summary.json().ultimo_pedido)).toBe(Date.parse(again.json().fecha));

    const listed = (await admin.get(`/api/venta?cliente=${o.user.id_usuario}`)).json();
    expect(listed.total).toBe(2);
    expect(listed.items.every((i: Json) => i.id_usuario === o.user.id_usuario)).toBe(true);

    expect((await admin.get('/api/venta/clientes/999999')).json()).toEqual({
      pedidos: 0,
      total_gastado: 0,
      ultimo_pedido: null,
    });
    expect((await o.a.get(`/api/venta/clientes/${o.user.id_usuario}`)).statusCode).toBe(403);
    // A customer's own history ignores the filter: it is always theirs.
    const own = (await o.a.get('/api/venta?cliente=1')).json();
    expect(own.items.every((i: Json) => i.id_usuario === o.user.id_usuario)).toBe(true);
  });

  it('counts the paid orders waiting to be prepared on the dashboard', async () => {
    const count = async () => (await admin.get('/api/admin/resumen')).json().pedidos_por_preparar as number;
    const before = await count();
    const o = await paidOrder();
    expect(await count()).toBe(before + 1);
    await setState(o.id, { estado: 'preparando' });
    expect(await count()).toBe(before);
  });
});
