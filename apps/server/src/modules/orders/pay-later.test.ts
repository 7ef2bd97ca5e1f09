import { randomUUID } from 'node:crypto';
import { includedTaxCents, paidCents, toCents } from '@vitrina/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ajustes,
  auditoria,
  correo,
  producto,
  reembolso,
  venta,
  ventaEstadoHistorial,
} from '../../db/schema';
import { sandboxProvider } from '../../payments/sandbox';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { stockedProducts } from '../../test/products';
import { TEST_ADDRESS } from '../../test/shipping-address';
import { TEST_SHOP } from '../../test/shop';
import { eventually } from '../../test/smtp';
import { countUnitsSold } from '../catalog';
import { expireUnpaidOrders } from './expire-unpaid-orders';
import { listAwaitingPayment, markPaidByProvider, recordLatePayment } from './pay-later';

type ProductRow = typeof producto.$inferSelect;
type Json = Record<string, unknown>;

const TRANSFER = 'Banco Azteca · Titular: Vitrina SA · CLABE 012180001234567897. Pon tu número de pedido.';

/** Every method, card first: transfer and cash on delivery enabled with these reservations. */
const methods = (overrides: Record<string, Json> = {}) => ({
  metodos: [
    { id: 'tarjeta', activo: true, descripcion: '', instrucciones: '', reserva_minutos: null },
    {
      id: 'transferencia',
      activo: true,
      descripcion: 'Desde tu banco',
      instrucciones: TRANSFER,
      reserva_minutos: 2880,
    },
    { id: 'contra_entrega', activo: true, descripcion: '', instrucciones: '', reserva_minutos: 10_080 },
    { id: 'mercadopago', activo: false, descripcion: '', instrucciones: '', reserva_minutos: 4320 },
  ].map((m) => ({ ...m, ...overrides[m.id] })),
});

let counter = 0;

describe.each(TEST_DATABASE_KINDS)('orders paid later on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;
  let product: ProductRow;
  const context = () => ({ db: t.db, payments: sandboxProvider(t.db), shop: TEST_SHOP });

  beforeAll(async () => {
    // The expiry loop looks often here, so a deadline that passed is seen within the test.
    t = await seededTestApp(kind, {}, { unpaidOrdersExpiry: { idleCheckMs: 100 } });
    const rows = await stockedProducts(t.db);
    product = rows.at(-3) as ProductRow;
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    // Each test counts the stock of its own orders: those of earlier tests are cancelled first.
    await expireUnpaidOrders(context(), { now: new Date(Date.now() + 365 * 86_400_000), batchSize: 1000 });
    await t.db.update(producto).set({ stock: 100 }).where(eq(producto.id_producto, product.id_producto));
    const res = await admin.put('/api/ajustes/pagos', methods());
    expect(res.statusCode, res.body).toBe(200);
    await admin.put('/api/ajustes/impuestos', { activo: false, nombre: 'IVA', tasa: 16 });
  });

  async function customer() {
    const { agent, user } = await newCustomer(t.app, `paga-despues${++counter}@example.com`);
    return { a: agent, user };
  }

  const buy = (a: Agent, body: Json = {}, key = randomUUID(), cantidad = 2) =>
    a.request(
      'POST',
      '/api/venta',
      {
        detalle_venta: [{ id_producto: product.id_producto, cantidad }],
        metodo_pago: 'transferencia',
        direccion_envio: TEST_ADDRESS,
        ...body,
      },
      { 'idempotency-key': key },
    );

  /** A transfer order of 2 units, and its buyer. */
  async function waitingOrder() {
    const c = await customer();
    const res = await buy(c.a);
    expect(res.statusCode, res.body).toBe(201);
    return { ...c, id: res.json().id_venta as number, body: res.json() };
  }

  const stock = async () =>
    (
      await t.db
        .select({ s: producto.stock })
        .from(producto)
        .where(eq(producto.id_producto, product.id_producto))
    )[0]?.s;
  const row = async (id: number) => (await t.db.select().from(venta).where(eq(venta.id_venta, id)))[0];
  /** The order messages queued for an address, oldest first (not the welcome). */
  const mails = async (to: string) =>
    (await t.db.select().from(correo).where(eq(correo.destinatario, to)).orderBy(asc(correo.id))).filter(
      (m) => m.tipo !== 'bienvenida',
    );
  const setState = (id: number, estado: string) => admin.put(`/api/venta/${id}/estado`, { estado });
  const total = () => paidCents(product) * 2;

  describe('payment settings', () => {
    it('offers only the card out of the box and the enabled methods, in the owner’s order, once set', async () => {
      await t.db.update(ajustes).set({ metodos_pago: null });
      const fresh = await t.app.inject({ method: 'GET', url: '/api/pagos/metodos' });
      expect(fresh.json()).toEqual([
        { id: 'tarjeta', nombre: 'Tarjeta de crédito o débito', descripcion: '' },
      ]);
      const reordered = methods();
      reordered.metodos.reverse();
      expect((await admin.put('/api/ajustes/pagos', reordered)).statusCode).toBe(200);
      const res = await t.app.inject({ method: 'GET', url: '/api/pagos/metodos' });
      expect(res.json()).toEqual([
        { id: 'contra_entrega', nombre: 'Pago al recibir', descripcion: '' },
        { id: 'transferencia', nombre: 'Transferencia bancaria', descripcion: 'Desde tu banco' },
        { id: 'tarjeta', nombre: 'Tarjeta de crédito o débito', descripcion: '' },
      ]);
      expect((await admin.get('/api/ajustes/pagos')).json()).toEqual(reordered);
    });

    it.each([
      [
        'a transfer without the account to pay into',
        methods({ transferencia: { instrucciones: '  ' } }),
        'metodos.1.instrucciones',
        'Escribe los datos para la transferencia (banco, titular y CLABE, CBU o IBAN)',
      ],
      [
        'no method enabled',
        methods({
          tarjeta: { activo: false },
          transferencia: { activo: false },
          contra_entrega: { activo: false },
        }),
        'metodos',
        'Activa al menos un medio de pago',
      ],
      [
        'a reservation of no time',
        methods({ contra_entrega: { reserva_minutos: 0 } }),
        'metodos.2.reserva_minutos',
        'La reserva debe ser un número entero de minutos entre 1 y 43200 (30 días)',
      ],
      [
        'a method paid later without a reservation',
        methods({ transferencia: { reserva_minutos: null } }),
        'metodos.1.reserva_minutos',
        'Indica cuánto tiempo se reserva el stock mientras llega el pago de «Transferencia bancaria»',
      ],
      [
        'a method missing',
        { metodos: methods().metodos.slice(1) },
        'metodos',
        'Incluye cada medio de pago una vez: tarjeta, mercadopago, transferencia, contra_entrega',
      ],
    ])(
      'refuses %s with its Spanish message and keeps what was saved',
      async (_case, body, field, message) => {
        const before = (await admin.get('/api/ajustes/pagos')).json();
        const res = await admin.put('/api/ajustes/pagos', body);
        expect(res.statusCode).toBe(400);
        expect(res.json().fields?.[field] ?? res.json().message).toBe(message);
        expect((await admin.get('/api/ajustes/pagos')).json()).toEqual(before);
      },
    );

    it('lets only an admin read or change them', async () => {
      const { a } = await customer();
      expect((await a.get('/api/ajustes/pagos')).statusCode).toBe(403);
      expect((await a.put('/api/ajustes/pagos', methods())).statusCode).toBe(403);
    });
  });

  describe('placing an order paid later', () => {
    it('refuses a method the owner has not enabled, in Spanish, and takes nothing', async () => {
      await admin.put('/api/ajustes/pagos', methods({ transferencia: { activo: false } }));
      const { a } = await customer();
      const res = await buy(a);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        '«Transferencia bancaria» no está disponible en esta tienda. Elige otro medio de pago.',
      );
      expect(await stock()).toBe(100);
      const mp = await buy(a, { metodo_pago: 'mercadopago' });
      expect(mp.statusCode).toBe(400);
    });

    it('reserves the stock and answers how to pay, how much and until when; the e-mail says the same', async () => {
      const { a, user } = await customer();
      const before = Date.now();
      const res = await buy(a);
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        estado: 'pendiente_pago',
        metodo_pago: 'transferencia',
        instrucciones: TRANSFER,
        valor_total_venta: total() / 100,
      });
      expect(body.numero_pedido).toMatch(/^V-\d{6}$/);
      const deadline = new Date(body.vence).getTime();
      expect(deadline).toBeGreaterThanOrEqual(before + 2880 * 60_000 - 5_000);
      expect(deadline).toBeLessThanOrEqual(Date.now() + 2880 * 60_000 + 5_000);
      expect(await stock()).toBe(98);
      const [mail] = await mails(user.email);
      expect(mail?.tipo).toBe('pedido_por_pagar');
      expect(mail?.texto).toContain(TRANSFER);
      expect(mail?.texto).toContain(`Total a pagar: $${(total() / 100).toFixed(2)}`);
      expect(mail?.asunto).toContain(body.numero_pedido);
      // The shopper's page of the order shows the same.
      const page = (await a.get(`/api/venta/${body.id_venta}`)).json();
      expect(page).toMatchObject({ estado: 'pendiente_pago', instrucciones: TRANSFER, vence: body.vence });
      // And the history lists it.
      const history = (await a.get('/api/venta')).json();
      expect(history.items.map((o: Json) => o.id_venta)).toContain(body.id_venta);
    });

    it('pays on delivery with the default instructions when the owner wrote none', async () => {
      const { a } = await customer();
      const res = await buy(a, { metodo_pago: 'contra_entrega' });
      expect(res.statusCode).toBe(201);
      expect(res.json().instrucciones).toBe('Paga el total en efectivo cuando recibas o recojas tu pedido.');
    });

    it('a retried request returns the same order and reserves once', async () => {
      const { a } = await customer();
      const key = randomUUID();
      const first = await buy(a, {}, key);
      const again = await buy(a, {}, key);
      expect(again.statusCode).toBe(201);
      expect(again.json().id_venta).toBe(first.json().id_venta);
      expect(again.json().instrucciones).toBe(TRANSFER);
      expect(await stock()).toBe(98);
      // The same key for a card purchase is another purchase.
      expect((await buy(a, { metodo_pago: 'tarjeta', id_pago: 'pm_x' }, key)).statusCode).toBe(422);
    });

    it('never oversells: the last units go to one of two shoppers at once', async () => {
      await t.db.update(producto).set({ stock: 3 }).where(eq(producto.id_producto, product.id_producto));
      const [one, two] = await Promise.all([customer(), customer()]);
      const answers = await Promise.all([buy(one.a), buy(two.a)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await stock()).toBe(1);
    });
  });

  describe('marking it paid', () => {
    it('the owner marks it paid once: history, audit trail and the paid order’s e-mails', async () => {
      const { id, user } = await waitingOrder();
      const res = await setState(id, 'pagada');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().estado).toBe('pagada');
      expect(res.json().historial.map((h: Json) => h.estado)).toEqual(['pendiente_pago', 'pagada']);
      const audit = await t.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.accion, 'pedido.estado'), eq(auditoria.id_entidad, id)));
      expect(audit).toMatchObject([{ antes: { estado: 'pendiente_pago' }, despues: { estado: 'pagada' } }]);
      expect((await mails(user.email)).map((m) => m.tipo)).toEqual(['pedido_por_pagar', 'pedido_confirmado']);
      expect((await mails(t.config.supportEmail)).at(-1)?.tipo).toBe('pedido_nuevo');
      // Twice is refused with a reason, and changes nothing.
      const again = await setState(id, 'pagada');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('El pedido ya está pagado. Recarga la página.');
      expect(await stock()).toBe(98);
      // It is an order like any paid one now: it can be prepared.
      expect((await setState(id, 'preparando')).statusCode).toBe(200);
    });

    it('refuses 409 to mark paid a card attempt or an order cancelled unpaid, and a customer 403', async () => {
      const { id, a } = await waitingOrder();
      expect((await a.put(`/api/venta/${id}/estado`, { estado: 'pagada' })).statusCode).toBe(403);
      expect((await setState(id, 'enviada')).statusCode).toBe(409);
      expect((await setState(id, 'cancelada')).json().estado).toBe('anulada');
      const late = await setState(id, 'pagada');
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toMatch(/^El pedido se canceló sin pago/);
    });

    it('the owner’s cancellation returns the stock and refunds nothing', async () => {
      const { id, user } = await waitingOrder();
      expect(await stock()).toBe(98);
      const res = await setState(id, 'cancelada');
      expect(res.json()).toMatchObject({ estado: 'anulada', monto_reembolsado: 0 });
      expect(await stock()).toBe(100);
      expect(await t.db.select().from(reembolso).where(eq(reembolso.id_venta, id))).toEqual([]);
      expect((await mails(user.email)).map((m) => m.tipo)).toEqual(['pedido_por_pagar', 'pedido_cancelado']);
    });

    it('a provider’s confirmation pays it once, however many processes report it at once', async () => {
      const { id, user } = await waitingOrder();
      const payment = { idVenta: id, reference: 'mp-123', amountCents: total() };
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, () => markPaidByProvider(context(), payment)),
      );
      expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
      expect(outcomes.filter((o) => o !== 'paid')).toEqual(Array(5).fill('unchanged'));
      expect(await row(id)).toMatchObject({ estado: 'pagada', pago_referencia: 'mp-123' });
      const paidStates = await t.db
        .select()
        .from(ventaEstadoHistorial)
        .where(and(eq(ventaEstadoHistorial.id_venta, id), eq(ventaEstadoHistorial.estado, 'pagada')));
      expect(paidStates).toHaveLength(1);
      expect((await mails(user.email)).filter((m) => m.tipo === 'pedido_confirmado')).toHaveLength(1);
      expect(await markPaidByProvider(context(), payment)).toBe('unchanged');
    });

    it('a confirmation for another amount does not pay the order', async () => {
      const { id } = await waitingOrder();
      const outcome = await markPaidByProvider(context(), { idVenta: id, reference: 'mp-1', amountCents: 1 });
      expect(outcome).toBe('amount_mismatch');
      expect((await row(id))?.estado).toBe('pendiente_pago');
    });

    it('lists the orders still waiting for a method, for the reconciliation', async () => {
      const { id } = await waitingOrder();
      const waiting = await listAwaitingPayment(t.db, 'transferencia');
      expect(waiting.map((o) => o.id_venta)).toContain(id);
      expect(waiting.every((o) => o.estado === 'pendiente_pago' && o.metodo_pago === 'transferencia')).toBe(
        true,
      );
      expect(
        (await listAwaitingPayment(t.db, 'transferencia', { afterId: id })).map((o) => o.id_venta),
      ).not.toContain(id);
    });
  });

  describe('the deadline', () => {
    it('cancels it unpaid, with the stock back in the same transaction and the shopper told', async () => {
      const { id, user } = await waitingOrder();
      expect(await stock()).toBe(98);
      const later = new Date(Date.now() + 2881 * 60_000);
      expect(await expireUnpaidOrders(context(), { now: later })).toBeGreaterThanOrEqual(1);
      expect((await row(id))?.estado).toBe('anulada');
      expect(await stock()).toBe(100);
      expect((await mails(user.email)).map((m) => m.tipo)).toEqual(['pedido_por_pagar', 'pedido_vencido']);
      // Expiring again changes nothing: the stock comes back once.
      await expireUnpaidOrders(context(), { now: later });
      expect(await stock()).toBe(100);
    });

    it('several processes expiring at once cancel each order once and return its stock once', async () => {
      const orders = await Promise.all([waitingOrder(), waitingOrder(), waitingOrder()]);
      expect(await stock()).toBe(94);
      const later = new Date(Date.now() + 2881 * 60_000);
      const counts = await Promise.all(
        Array.from({ length: 4 }, () => expireUnpaidOrders(context(), { now: later, batchSize: 2 })),
      );
      // What one round skipped (another held it) the next takes.
      await expireUnpaidOrders(context(), { now: later });
      expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(3);
      for (const { id } of orders) expect((await row(id))?.estado).toBe('anulada');
      expect(await stock()).toBe(100);
      const expired = await t.db
        .select()
        .from(ventaEstadoHistorial)
        .where(eq(ventaEstadoHistorial.estado, 'anulada'));
      for (const { id } of orders) expect(expired.filter((h) => h.id_venta === id)).toHaveLength(1);
    });

    it('the loop cancels an order as soon as its deadline passes', async () => {
      const { id } = await waitingOrder();
      await t.db.update(venta).set({ vence: sql`now() - interval '1 second'` }).where(eq(venta.id_venta, id));
      await eventually(async () => (await row(id))?.estado === 'anulada');
      expect(await stock()).toBe(100);
    });

    it('flags money that arrives after the cancellation for a refund, once, on the admin’s page', async () => {
      const { id, a } = await waitingOrder();
      await setState(id, 'cancelada');
      const payment = { idVenta: id, reference: 'mp-tarde', amountCents: total() };
      expect(await markPaidByProvider(context(), payment)).toBe('late_payment');
      expect(await recordLatePayment(context(), payment)).toBe('unchanged');
      expect((await row(id))?.estado).toBe('anulada');
      const page = (await admin.get(`/api/venta/${id}`)).json();
      expect(page.pago_tardio).toMatchObject({ monto: total() / 100, referencia: 'mp-tarde' });
      // The shopper's page does not carry it; the shop was told once.
      expect((await a.get(`/api/venta/${id}`)).json().pago_tardio).toBeUndefined();
      const shop = (await mails(TEST_SHOP.contactEmail)).filter((m) => m.tipo === 'pago_tardio');
      expect(shop.filter((m) => m.asunto.includes(page.numero_pedido))).toHaveLength(1);
    });
  });

  describe('cash on delivery (decision 084)', () => {
    it('travels unpaid, counts as no sale on its way, and is paid when delivered with the cash', async () => {
      const summary = async () => (await admin.get('/api/admin/resumen')).json().ventas.hoy;
      // What the product shows once the catalog's loop has counted the queued units.
      const sold = async () => {
        await countUnitsSold(t.db);
        return (
          await t.db
            .select({ n: producto.unidades_vendidas })
            .from(producto)
            .where(eq(producto.id_producto, product.id_producto))
        )[0]?.n;
      };
      const before = { summary: await summary(), sold: await sold() };
      const c = await customer();
      const placed = await buy(c.a, { metodo_pago: 'contra_entrega' });
      expect(placed.statusCode, placed.body).toBe(201);
      const id = placed.json().id_venta as number;

      // Prepared or delivered before it is shipped for collection: refused, saying what to do.
      const early = await setState(id, 'entregada');
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(
        'El pedido aún no se envía: usa «Enviar y cobrar al entregar», o márcalo como pagado si ya recibiste el dinero.',
      );
      const shipped = await admin.put(`/api/venta/${id}/estado`, {
        estado: 'por_cobrar',
        transportista: 'Estafeta',
        guia: 'EST123',
      });
      expect(shipped.statusCode, shipped.body).toBe(200);
      expect(shipped.json()).toMatchObject({
        estado: 'por_cobrar',
        transportista: 'Estafeta',
        guia: 'EST123',
      });
      expect((await mails(c.user.email)).map((m) => m.tipo)).toEqual(['pedido_por_pagar', 'pedido_enviado']);
      // On its way it is no sale, and no deadline cancels it: the parcel is on the truck.
      expect(await summary()).toEqual(before.summary);
      expect(await sold()).toBe(before.sold);
      await expireUnpaidOrders(context(), { now: new Date(Date.now() + 365 * 86_400_000) });
      expect((await row(id))?.estado).toBe('por_cobrar');
      expect(await stock()).toBe(98);
      const paidFirst = await setState(id, 'pagada');
      expect(paidFirst.statusCode).toBe(409);
      expect(paidFirst.json().message).toBe(
        'El pedido va en camino: se marca como pagado al confirmar su entrega con el cobro.',
      );

      const delivered = await setState(id, 'entregada');
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect(delivered.json().estado).toBe('entregada');
      expect(delivered.json().historial.map((h: Json) => h.estado)).toEqual([
        'pendiente_pago',
        'por_cobrar',
        'pagada',
        'entregada',
      ]);
      expect((await mails(c.user.email)).map((m) => m.tipo)).toEqual([
        'pedido_por_pagar',
        'pedido_enviado',
        'pedido_entregado',
      ]);
      const after = await summary();
      expect(after.ventas).toBe(before.summary.ventas + 1);
      expect(toCents(after.ingresos) - toCents(before.summary.ingresos)).toBe(total());
      expect(await sold()).toBe((before.sold ?? 0) + 2);
      expect((await setState(id, 'entregada')).statusCode).toBe(409);
    });

    it('comes back unpaid: cancelled without a refund, its units back on the shelf', async () => {
      const c = await customer();
      const id = (await buy(c.a, { metodo_pago: 'contra_entrega' })).json().id_venta as number;
      expect((await setState(id, 'por_cobrar')).statusCode).toBe(200);
      const res = await setState(id, 'cancelada');
      expect(res.json()).toMatchObject({ estado: 'anulada', monto_reembolsado: 0 });
      expect(await stock()).toBe(100);
      expect(await t.db.select().from(reembolso).where(eq(reembolso.id_venta, id))).toEqual([]);
    });

    it('only cash on delivery is shipped unpaid', async () => {
      const { id } = await waitingOrder();
      const res = await setState(id, 'por_cobrar');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'Solo un pedido con pago al recibir se envía sin pagar: marca este pedido como pagado antes de enviarlo.',
      );
      expect((await row(id))?.estado).toBe('pendiente_pago');
    });
  });

  describe('figures', () => {
    it('count paid orders only: a waiting order is no sale until it is paid', async () => {
      const summary = async () => (await admin.get('/api/admin/resumen')).json().ventas.hoy;
      const before = await summary();
      const { id, user } = await waitingOrder();
      expect(await summary()).toEqual(before);
      const spent = async () => (await admin.get(`/api/venta/clientes/${user.id_usuario}`)).json();
      expect(await spent()).toMatchObject({ pedidos: 0, total_gastado: 0 });
      await setState(id, 'pagada');
      const after = await summary();
      expect(after.ventas).toBe(before.ventas + 1);
      expect(toCents(after.ingresos) - toCents(before.ingresos)).toBe(total());
      expect(await spent()).toMatchObject({ pedidos: 1, total_gastado: total() / 100 });
    });
  });

  describe('the dashboard’s orders to act on', () => {
    it('counts the orders waiting for their money and the late payments, as the filtered lists show them', async () => {
      const dashboard = async () => (await admin.get('/api/admin/resumen')).json();
      const listed = async (estado: string) =>
        (await admin.get(`/api/venta?estado=${estado}&pageSize=50`))
          .json()
          .items.map((o: Json) => o.id_venta);
      const before = await dashboard();
      const waiting = await waitingOrder();
      const c = await customer();
      const cash = (await buy(c.a, { metodo_pago: 'contra_entrega' })).json().id_venta as number;
      expect((await setState(cash, 'por_cobrar')).statusCode).toBe(200);
      const late = await waitingOrder();
      await setState(late.id, 'cancelada');
      await markPaidByProvider(context(), { idVenta: late.id, reference: 'tarde-1', amountCents: total() });

      const after = await dashboard();
      expect(after.pedidos_por_pagar).toBe(before.pedidos_por_pagar + 2);
      expect(after.pagos_tardios).toBe(before.pagos_tardios + 1);
      const toBePaid = await listed('por_pagar');
      expect(toBePaid).toEqual(expect.arrayContaining([waiting.id, cash]));
      expect(toBePaid).not.toContain(late.id);
      expect(await listed('pago_tardio')).toContain(late.id);
      expect(await listed('pago_tardio')).not.toContain(waiting.id);
      // Paid, it waits no more.
      await setState(waiting.id, 'pagada');
      expect((await dashboard()).pedidos_por_pagar).toBe(before.pedidos_por_pagar + 1);
    });
  });

  describe('tax included', () => {
    it('shows no tax out of the box, and the tax the order was placed with once set', async () => {
      expect((await admin.get('/api/ajustes/impuestos')).json()).toEqual({
        activo: false,
        nombre: 'IVA',
        tasa: 16,
      });
      const { id: untaxed } = await waitingOrder();
      expect((await admin.get(`/api/venta/${untaxed}`)).json().impuesto).toBeNull();

      const set = await admin.put('/api/ajustes/impuestos', { activo: true, nombre: 'IVA', tasa: 16 });
      expect(set.statusCode, set.body).toBe(200);
      const { id, user } = await waitingOrder();
      const tax = includedTaxCents(total(), 1600);
      expect((await admin.get(`/api/venta/${id}`)).json().impuesto).toEqual({
        nombre: 'IVA',
        tasa: 16,
        monto: tax / 100,
      });
      const [mail] = await mails(user.email);
      expect(mail?.texto).toContain(`Incluye IVA (16\u00a0%): $${(tax / 100).toFixed(2)}`);
      // A later change of rate leaves the order as it was sold.
      await admin.put('/api/ajustes/impuestos', { activo: true, nombre: 'IVA', tasa: 8 });
      expect((await admin.get(`/api/venta/${id}`)).json().impuesto.tasa).toBe(16);
    });

    it('a refund of a transfer is recorded as given by the shop and restates the tax it included', async () => {
      await admin.put('/api/ajustes/impuestos', { activo: true, nombre: 'IVA', tasa: 16 });
      const { id, user } = await waitingOrder();
      expect((await setState(id, 'pagada')).statusCode).toBe(200);
      const order = (await admin.get(`/api/venta/${id}`)).json();
      const line = order.detalle_venta[0];
      const res = await admin.request(
        'POST',
        `/api/venta/${id}/reembolso`,
        { lineas: [{ id_detalle_venta: line.id_detalle_venta, cantidad: 1 }] },
        { 'idempotency-key': randomUUID() },
      );
      expect(res.statusCode, res.body).toBe(200);
      const refundCents = paidCents(product);
      const tax = includedTaxCents(refundCents, 1600);
      expect(res.json().reembolsos).toMatchObject([{ monto: refundCents / 100, impuesto: tax / 100 }]);
      expect(await stock()).toBe(99);
      const mail = (await mails(user.email)).at(-1);
      expect(mail?.tipo).toBe('pedido_reembolsado');
      expect(mail?.texto).toContain(`Incluye IVA (16\u00a0%): $${(tax / 100).toFixed(2)}`);
      expect(mail?.texto).toContain('Te devolvemos el dinero por transferencia o en efectivo');
    });

    it.each([
      [{ activo: true, nombre: '', tasa: 16 }, 'nombre', 'Escribe el nombre del impuesto (por ejemplo, IVA)'],
      [{ activo: true, nombre: 'IVA', tasa: 0 }, 'tasa', 'La tasa debe ser mayor que 0'],
      [{ activo: true, nombre: 'IVA', tasa: 10.555 }, 'tasa', 'La tasa puede tener hasta dos decimales'],
      [{ activo: true, nombre: 'IVA', tasa: 101 }, 'tasa', 'La tasa no puede pasar de 100 %'],
    ])('refuses %j with its Spanish message', async (body, field, message) => {
      const res = await admin.put('/api/ajustes/impuestos', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields?.[field] ?? res.json().message).toBe(message);
      expect((await admin.get('/api/ajustes/impuestos')).json().activo).toBe(false);
    });
  });
});
