import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, max, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correo, producto, venta } from '../../db/schema';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { stockedProducts } from '../../test/products';
import { TEST_ADDRESS } from '../../test/shipping-address';
import { shopIdentity } from '../mail';
import { queueDailySummary } from './daily-summary';
import { settingsNow } from './kept-settings';
import { queuePaidOrderMails } from './order-mail';
import type { OrderRow } from './order-summary';

const CARD = { numero: '4242 4242 4242 4242', expiracion: '12/39', cvc: '314', nombre: 'Lucía Hernández' };

describe.each(TEST_DATABASE_KINDS)('the shop hears about paid orders on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;
  let productId: number;

  beforeAll(async () => {
    t = await seededTestApp(kind, {
      SUPPORT_EMAIL: 'soporte@prueba.mx',
      SHOP_TIMEZONE: 'America/Mexico_City',
    });
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    const [product] = await t.db
      .select()
      .from(producto)
      .where(and(eq(producto.estado, true), gt(producto.stock, 20)))
      .orderBy(asc(producto.id_producto))
      .limit(1);
    productId = product?.id_producto as number;
  });
  afterAll(() => t?.close());

  const buy = async (email: string) => {
    const { agent } = await newCustomer(t.app, email);
    const card = await agent.post('/api/pagos/sandbox/metodos', CARD);
    const sale = await agent.request(
      'POST',
      '/api/venta',
      {
        detalle_venta: [{ id_producto: productId, cantidad: 1 }],
        id_pago: card.json().id_pago,
        direccion_envio: TEST_ADDRESS,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(sale.statusCode, sale.body).toBe(201);
    return sale.json();
  };
  const mailsOf = (tipo: string) => t.db.select().from(correo).where(eq(correo.tipo, tipo));

  it('lets whoever works for the shop opt in for themselves, and refuses customers', async () => {
    const { agent } = await newCustomer(t.app, 'avisos-cliente@example.com');
    const refused = await agent.put('/api/personal/avisos', { pedidos: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Solo el personal de la tienda recibe avisos de pedidos.');
    expect((await new Agent(t.app).put('/api/personal/avisos', { pedidos: true })).statusCode).toBe(401);
    expect((await admin.get('/api/personal/avisos')).json()).toEqual({ pedidos: false });
    expect((await admin.put('/api/personal/avisos', { pedidos: true })).json()).toEqual({ pedidos: true });
    expect((await admin.get('/api/personal/avisos')).json()).toEqual({ pedidos: true });
  });

  it('sends each new paid order to the contact address and to those who opted in', async () => {
    const order = await buy('avisos-comprador@example.com');
    const notices = (await mailsOf('pedido_nuevo')).filter((m) => m.asunto.includes(order.numero_pedido));
    expect(notices.map((m) => m.destinatario).sort()).toEqual(
      [t.config.admin.email, 'soporte@prueba.mx'].sort(),
    );
  });

  it("queues at checkout the messages a fresh read of the paid order gives, an account's and a guest's", async () => {
    const [first, second] = await stockedProducts(t.db);
    const lines = [
      { id_producto: first?.id_producto as number, cantidad: 2 },
      { id_producto: second?.id_producto as number, cantidad: 1 },
    ];
    const { agent } = await newCustomer(t.app, 'avisos-iguales@example.com');
    const guest = new Agent(t.app);
    await guest.get('/api/health');
    const sales = [
      await agent.buy(lines),
      await guest.buy(lines, { invitado: { email: 'avisos-invitada@example.com', nombre: 'Ana Invitada' } }),
    ];
    const shape = (m: typeof correo.$inferSelect) => [m.tipo, m.destinatario, m.asunto, m.html, m.texto];
    for (const sale of sales) {
      expect(sale.statusCode, sale.body).toBe(201);
      const { id_venta, numero_pedido } = sale.json();
      const queued = (await t.db.select().from(correo).orderBy(asc(correo.id))).filter((m) =>
        m.asunto.includes(numero_pedido),
      );
      expect(queued.map((m) => m.tipo)).toContain('pedido_confirmado');
      // The same messages queued again from the order as the database has it, then rolled back.
      let again: Array<typeof correo.$inferSelect> = [];
      await t.db
        .transaction(async (tx) => {
          const [row] = await tx.select().from(venta).where(eq(venta.id_venta, id_venta));
          const [last] = await tx.select({ id: max(correo.id) }).from(correo);
          const context = { db: t.db, shop: shopIdentity(t.config) };
          await queuePaidOrderMails(tx, row as OrderRow, await settingsNow(context, tx));
          again = await tx
            .select()
            .from(correo)
            .where(gt(correo.id, last?.id ?? 0))
            .orderBy(asc(correo.id));
          tx.rollback();
        })
        .catch((err: unknown) => {
          if (!(err instanceof TransactionRollbackError)) throw err;
        });
      expect(again.map(shape)).toEqual(queued.map(shape));
    }
  });

  it('sends one summary a day instead, when the owner chooses it, and never twice for one day', async () => {
    const customer = await newCustomer(t.app, 'avisos-rc@example.com');
    expect((await customer.agent.put('/api/ajustes/avisos', { resumen_diario: true })).statusCode).toBe(403);
    expect((await admin.put('/api/ajustes/avisos', { resumen_diario: true })).json()).toEqual({
      resumen_diario: true,
    });
    const before = (await mailsOf('pedido_nuevo')).length;
    const order = await buy('avisos-resumen@example.com');
    expect(await mailsOf('pedido_nuevo')).toHaveLength(before);

    const shop = shopIdentity(t.config);
    const tomorrow = new Date(Date.now() + 864e5);
    const runs = await Promise.all([
      queueDailySummary({ db: t.db, shop, now: tomorrow }),
      queueDailySummary({ db: t.db, shop, now: tomorrow }),
    ]);
    expect(runs.filter((day) => day !== null)).toHaveLength(1);
    expect(await queueDailySummary({ db: t.db, shop, now: tomorrow })).toBeNull();
    const summaries = await mailsOf('resumen_pedidos');
    expect(summaries.map((m) => m.destinatario).sort()).toEqual(
      [t.config.admin.email, 'soporte@prueba.mx'].sort(),
    );
    expect(summaries[0]?.texto).toContain(order.numero_pedido);
    expect(summaries[0]?.texto).toMatch(/Entr(ó|aron) \d+ pedidos? pagados?/);
  });
});
