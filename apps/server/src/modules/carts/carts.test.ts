import { randomUUID } from 'node:crypto';
import { paidCents } from '@vitrina/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrito, correo, producto, usuario } from '../../db/schema';
import { sandboxProvider } from '../../payments/sandbox';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { stockedProducts } from '../../test/products';
import { TEST_ADDRESS } from '../../test/shipping-address';
import { TEST_SHOP } from '../../test/shop';
import { settlePendingOrders } from '../orders';
import { sendCartReminders } from './abandoned-carts';

const CARD = { numero: '4242 4242 4242 4242', expiracion: '12/39', cvc: '123', nombre: 'Marta Gil' };
type ProductRow = typeof producto.$inferSelect;
const HOUR = 3_600_000;
let counter = 0;

describe.each(TEST_DATABASE_KINDS)('saved carts on %s', (kind) => {
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

  const customer = () => newCustomer(t.app, `carrito${++counter}@example.com`);
  const line = (p: ProductRow, cantidad: number) => ({ id_producto: p.id_producto, cantidad });
  const saved = (p: ProductRow, cantidad: number) => ({
    id_producto: p.id_producto,
    id_variante: null,
    cantidad,
  });
  /** POST /api/venta of `lines`, shipped to the test address, with a new Idempotency-Key. */
  const checkout = (agent: Agent, body: Record<string, unknown>) =>
    agent.request(
      'POST',
      '/api/venta',
      { direccion_envio: TEST_ADDRESS, ...body },
      { 'idempotency-key': randomUUID() },
    );
  const reminders = (to: string) =>
    t.db
      .select()
      .from(correo)
      .where(and(eq(correo.destinatario, to), eq(correo.tipo, 'carrito_abandonado')));
  /** The reminders due `hours` from now, as any process's loop would send them. */
  const remind = (hours = 5) =>
    sendCartReminders(
      { db: t.db, shop: TEST_SHOP },
      { afterMs: 4 * HOUR, batchSize: 50, now: new Date(Date.now() + hours * HOUR) },
    );

  describe('the API', () => {
    it('keeps the cart of one device for the other: empty at first, then what was saved', async () => {
      const { agent } = await customer();
      expect((await agent.get('/api/carrito')).json()).toEqual({ lineas: [], actualizado: null });
      const [a, b] = products as [ProductRow, ProductRow];
      const put = await agent.put('/api/carrito', { lineas: [line(a, 2), line(b, 1)] });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().lineas).toEqual([saved(a, 2), saved(b, 1)]);
      const read = (await agent.get('/api/carrito')).json();
      expect(read.lineas).toEqual([saved(a, 2), saved(b, 1)]);
      expect(read.actualizado).toBe(put.json().actualizado);
    });

    it('merges on sign-in: every product once, the larger quantity, capped at 25 and at the stock', async () => {
      const { agent } = await customer();
      const [a, b, c] = products as [ProductRow, ProductRow, ProductRow];
      await agent.put('/api/carrito', { lineas: [line(a, 3), line(b, 1)] });
      await t.db.update(producto).set({ stock: 4 }).where(eq(producto.id_producto, c.id_producto));
      try {
        const merged = await agent.post('/api/carrito/fusionar', {
          lineas: [line(b, 30), line(c, 9), line(a, 1)],
        });
        expect(merged.statusCode, merged.body).toBe(200);
        expect(merged.json().lineas).toEqual([saved(b, 25), saved(c, 4), saved(a, 3)]);
      } finally {
        await t.db.update(producto).set({ stock: 100 }).where(eq(producto.id_producto, c.id_producto));
      }
    });

    it('repeating the same cart changes nothing (other devices need not reload it)', async () => {
      const { agent } = await customer();
      const [a] = products as [ProductRow];
      const first = (await agent.put('/api/carrito', { lineas: [line(a, 1)] })).json();
      const again = (await agent.put('/api/carrito', { lineas: [line(a, 1)] })).json();
      expect(again.actualizado).toBe(first.actualizado);
    });

    it('refuses bad lines in Spanish and keeps the cart as it was', async () => {
      const { agent } = await customer();
      const [a] = products as [ProductRow];
      await agent.put('/api/carrito', { lineas: [line(a, 2)] });
      for (const lineas of [
        [{ id_producto: a.id_producto, cantidad: 0 }],
        [{ id_producto: 'x', cantidad: 1 }],
        'nada',
      ]) {
        const res = await agent.put('/api/carrito', { lineas });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/[áéíóúñ]|debe/);
      }
      expect((await agent.get('/api/carrito')).json().lineas).toEqual([saved(a, 2)]);
    });

    it('needs a customer’s session and the XSRF token', async () => {
      const visitor = new Agent(t.app);
      expect((await visitor.get('/api/carrito')).statusCode).toBe(401);
      expect((await admin.get('/api/carrito')).statusCode).toBe(403);
      const { agent } = await customer();
      const forged = await t.app.inject({
        method: 'PUT',
        url: '/api/carrito',
        payload: { lineas: [] },
        cookies: Object.fromEntries(agent.cookies),
      });
      expect(forged.statusCode).toBe(403);
    });

    it('is emptied by an order placed from it', async () => {
      const { agent } = await customer();
      const [a] = products as [ProductRow];
      await agent.put('/api/carrito', { lineas: [line(a, 1)] });
      const card = await agent.post('/api/pagos/sandbox/metodos', CARD);
      const sale = await checkout(agent, { detalle_venta: [line(a, 1)], id_pago: card.json().id_pago });
      expect(sale.statusCode, sale.body).toBe(201);
      expect((await agent.get('/api/carrito')).json().lineas).toEqual([]);
    });

    it('is kept when the card is declined, and emptied by an order paid later as it is placed', async () => {
      const { agent } = await customer();
      const [a] = products as [ProductRow];
      await agent.put('/api/carrito', { lineas: [line(a, 1)] });
      const declined = await agent.post('/api/pagos/sandbox/metodos', {
        ...CARD,
        numero: '4000 0000 0000 0002',
      });
      const refused = await checkout(agent, {
        detalle_venta: [line(a, 1)],
        id_pago: declined.json().id_pago,
      });
      expect(refused.statusCode, refused.body).toBe(402);
      expect((await agent.get('/api/carrito')).json().lineas).toEqual([saved(a, 1)]);

      const methods = (transfer: boolean) => ({
        metodos: [
          { id: 'tarjeta', activo: true, descripcion: '', instrucciones: '', reserva_minutos: null },
          {
            id: 'transferencia',
            activo: transfer,
            descripcion: '',
            instrucciones: 'Banco Azteca · CLABE 012180001234567897',
            reserva_minutos: 2880,
          },
          {
            id: 'contra_entrega',
            activo: false,
            descripcion: '',
            instrucciones: '',
            reserva_minutos: 10_080,
          },
          { id: 'mercadopago', activo: false, descripcion: '', instrucciones: '', reserva_minutos: 4320 },
        ],
      });
      expect((await admin.put('/api/ajustes/pagos', methods(true))).statusCode).toBe(200);
      try {
        const placed = await checkout(agent, { detalle_venta: [line(a, 1)], metodo_pago: 'transferencia' });
        expect(placed.statusCode, placed.body).toBe(201);
        expect(placed.json().estado).toBe('pendiente_pago');
        expect((await agent.get('/api/carrito')).json().lineas).toEqual([]);
      } finally {
        await admin.put('/api/ajustes/pagos', methods(false));
      }
    });

    it('is kept when the order is paid outside the buyer’s request, and emptied by its confirmation', async () => {
      const { agent } = await customer();
      const [a] = products as [ProductRow];
      await agent.put('/api/carrito', { lineas: [line(a, 1)] });
      const card = await agent.post('/api/pagos/sandbox/metodos', { ...CARD, numero: '4000 0025 0000 3155' });
      const pending = await checkout(agent, { detalle_venta: [line(a, 1)], id_pago: card.json().id_pago });
      expect(pending.statusCode, pending.body).toBe(202);
      const { id_venta, requiere_accion } = pending.json();
      await agent.post('/api/pagos/sandbox/confirmar', {
        client_secret: requiere_accion.client_secret,
        aprobar: true,
      });
      // Paid by the sweep, as a webhook would pay it: the shopper may have filled the cart again since.
      const swept = await settlePendingOrders({ db: t.db, payments: sandboxProvider(t.db), shop: TEST_SHOP });
      expect(swept.paid).toBeGreaterThanOrEqual(1);
      expect((await agent.get('/api/carrito')).json().lineas).toEqual([saved(a, 1)]);
      const confirmed = await agent.post(`/api/venta/${id_venta}/confirmar`);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().estado).toBe('pagada');
      expect((await agent.get('/api/carrito')).json().lineas).toEqual([]);
    });
  });

  describe('abandoned carts', () => {
    it('sends exactly one reminder with the items, even with two processes looking at once', async () => {
      const { agent, user } = await customer();
      const [a] = products as [ProductRow];
      await agent.put('/api/carrito', { lineas: [line(a, 2)] });
      expect(await remind(1)).toBe(0);
      const [first, second] = await Promise.all([remind(), remind()]);
      expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
      await remind(10);
      const sent = await reminders(user.email);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.texto).toContain(`${a.nombre}: 2 ×`);
      expect(sent[0]?.texto).toContain(`${t.config.publicUrl}/carrito`);
      // A change of the same cart does not send a second one.
      await agent.put('/api/carrito', { lineas: [line(a, 3)] });
      await remind(10);
      expect(await reminders(user.email)).toHaveLength(1);
    });

    it('sends none to a shopper who opted out, in the profile or by the e-mail’s link', async () => {
      const { agent, user } = await customer();
      const [a] = products as [ProductRow];
      expect((await agent.get('/api/carrito/recordatorios')).json()).toEqual({ recordatorios: true });
      expect((await agent.put('/api/carrito/recordatorios', { recordatorios: false })).statusCode).toBe(200);
      await agent.put('/api/carrito', { lineas: [line(a, 1)] });
      await remind();
      expect(await reminders(user.email)).toHaveLength(0);

      const other = await customer();
      await other.agent.put('/api/carrito', { lineas: [line(a, 1)] });
      const [row] = await t.db.select().from(carrito).where(eq(carrito.id_usuario, other.user.id_usuario));
      const page = await new Agent(t.app).get(`/api/carrito/baja/${row?.token_baja}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('No te enviaremos más recordatorios');
      expect((await other.agent.get('/api/carrito/recordatorios')).json()).toEqual({ recordatorios: false });
      await remind();
      expect(await reminders(other.user.email)).toHaveLength(0);
      expect((await new Agent(t.app).get(`/api/carrito/baja/${randomUUID()}`)).statusCode).toBe(404);
      expect((await new Agent(t.app).get('/api/carrito/baja/nada')).statusCode).toBe(400);
    });

    it('shows the owner the abandoned carts and counts an order after the reminder as recovered', async () => {
      const before = (await admin.get('/api/admin/carritos')).json();
      const { agent, user } = await customer();
      const [a] = products as [ProductRow];
      await agent.put('/api/carrito', { lineas: [line(a, 2)] });
      await remind();
      // The report reads the clock: the cart rested long enough once its last change is 5 hours old.
      await t.db
        .update(carrito)
        .set({ actualizado: new Date(Date.now() - 5 * HOUR) })
        .where(eq(carrito.id_usuario, user.id_usuario));
      const report = (await admin.get('/api/admin/carritos')).json();
      expect(report.horas).toBe(4);
      expect(report.recordatorios).toBe(before.recordatorios + 1);
      expect(report.carritos).toContainEqual(
        expect.objectContaining({ email: user.email, unidades: 2, recordado: expect.any(String) }),
      );
      const card = await agent.post('/api/pagos/sandbox/metodos', CARD);
      const sale = await agent.request(
        'POST',
        '/api/venta',
        { detalle_venta: [line(a, 2)], id_pago: card.json().id_pago, direccion_envio: TEST_ADDRESS },
        { 'idempotency-key': randomUUID() },
      );
      expect(sale.statusCode, sale.body).toBe(201);
      const after = (await admin.get('/api/admin/carritos')).json();
      expect(after.recuperados).toBe(before.recuperados + 1);
      expect(after.carritos.map((c: { email: string }) => c.email)).not.toContain(user.email);
      expect((await agent.get('/api/admin/carritos')).statusCode).toBe(403);
    });

    it('lists resting and recovered carts for the owner and the staff who manage orders, a page at a time', async () => {
      const [a, b] = products as [ProductRow, ProductRow];
      const restOf = (userId: number, hoursAgo: number) =>
        t.db
          .update(carrito)
          .set({ actualizado: new Date(Date.now() - hoursAgo * HOUR) })
          .where(eq(carrito.id_usuario, userId));
      // One opts out and leaves two products for 6 hours.
      const resting = await customer();
      await resting.agent.put('/api/carrito/recordatorios', { recordatorios: false });
      await resting.agent.put('/api/carrito', { lineas: [line(a, 2), line(b, 1)] });
      await restOf(resting.user.id_usuario, 6);
      // Another gets the reminder and then orders: recovered, its cart emptied by the order.
      const buyer = await customer();
      await buyer.agent.put('/api/carrito', { lineas: [line(a, 3)] });
      await remind();
      const card = await buyer.agent.post('/api/pagos/sandbox/metodos', CARD);
      const sale = await buyer.agent.request(
        'POST',
        '/api/venta',
        { detalle_venta: [line(a, 3)], id_pago: card.json().id_pago, direccion_envio: TEST_ADDRESS },
        { 'idempotency-key': randomUUID() },
      );
      expect(sale.statusCode, sale.body).toBe(201);
      // A cart changed a moment ago is not abandoned.
      const fresh = await customer();
      await fresh.agent.put('/api/carrito', { lineas: [line(b, 1)] });

      const member = await customer();
      await t.db.update(usuario).set({ rol: 'ventas' }).where(eq(usuario.id_usuario, member.user.id_usuario));
      for (const reader of [admin, member.agent]) {
        const res = await reader.get(`/api/admin/carritos/olvidados?pageSize=100`);
        expect(res.statusCode, res.body).toBe(200);
        const { items, total } = res.json();
        expect(total).toBe(items.length);
        const emails = items.map((row: { email: string }) => row.email);
        expect(emails).not.toContain(fresh.user.email);
        expect(items).toContainEqual({
          id_carrito: expect.any(Number),
          id_usuario: resting.user.id_usuario,
          nombre: `${resting.user.primer_nombre} ${resting.user.primer_apellido}`,
          email: resting.user.email,
          unidades: 3,
          valor: (paidCents(a) * 2 + paidCents(b)) / 100,
          actualizado: expect.any(String),
          recordado: null,
          sin_recordatorios: true,
          id_venta: null,
          numero_pedido: null,
        });
        expect(items).toContainEqual(
          expect.objectContaining({
            email: buyer.user.email,
            unidades: 3,
            valor: sale.json().valor_total_venta,
            recordado: expect.any(String),
            id_venta: sale.json().id_venta,
            numero_pedido: expect.stringMatching(/^V-\d{6}$/),
          }),
        );
        // Latest change first: the order a moment ago before the cart left 6 hours ago.
        expect(emails.indexOf(buyer.user.email)).toBeLessThan(emails.indexOf(resting.user.email));
      }

      const all = (await admin.get('/api/admin/carritos/olvidados?pageSize=100')).json();
      const second = (await admin.get('/api/admin/carritos/olvidados?page=2&pageSize=1')).json();
      expect(second).toMatchObject({ page: 2, pageSize: 1, total: all.total });
      expect(second.items).toEqual([all.items[1]]);
      expect((await resting.agent.get('/api/admin/carritos/olvidados')).statusCode).toBe(403);
      const wrong = await admin.get('/api/admin/carritos/olvidados?page=cero');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('La página debe ser un número entero mayor o igual a 1');
    });
  });
});
