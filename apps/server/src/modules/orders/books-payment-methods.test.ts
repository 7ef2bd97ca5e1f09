import { randomUUID } from 'node:crypto';
import { ACTIVE_ORDER_STATES, toCents } from '@vitrina/shared';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detalleVenta, producto, reembolso, venta } from '../../db/schema';
import { newCustomer } from '../../test/agent';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import {
  type MercadoPagoTestApp,
  mercadoPagoTestApp,
  sendMercadoPagoNotification,
} from '../../test/mercadopago-app';
import { TEST_ADDRESS } from '../../test/shipping-address';
import { shopIdentity } from '../mail';
import { expireUnpaidOrders } from './expire-unpaid-orders';
import { reconcileMercadoPago } from './mercadopago-reconciliation';

/*
 * The books after a burst of every way of paying (issue 35): card, transfer, cash on delivery and Mercado
 * Pago placed at once; then, at once, transfers marked paid, cash shipped and collected, Mercado Pago paid
 * by duplicated notifications, the rest left to expire, and refunds of paid orders of every method. The
 * stock, the refunds and the dashboard's revenue must agree, and nothing unpaid may count as a sale.
 */

const CARD = { numero: '4242 4242 4242 4242', expiracion: '12/39', cvc: '314', nombre: 'Lucía Hernández' };
const METHODS = ['tarjeta', 'transferencia', 'contra_entrega', 'mercadopago'] as const;
const PER_METHOD = 4;
const STOCK = 500;

describe.each(TEST_DATABASE_KINDS)('books of every payment method on %s', (kind) => {
  let t: MercadoPagoTestApp;
  let productId: number;

  beforeAll(async () => {
    t = await mercadoPagoTestApp(kind);
    const [row] = await t.db
      .select({ id: producto.id_producto })
      .from(producto)
      .where(and(eq(producto.estado, true), gt(producto.stock, 0)))
      .orderBy(asc(producto.id_producto))
      .limit(1);
    productId = row?.id as number;
    await t.db.update(producto).set({ stock: STOCK }).where(eq(producto.id_producto, productId));
    const settings = await t.admin.put('/api/ajustes/pagos', {
      metodos: [
        { id: 'tarjeta', activo: true, descripcion: '', instrucciones: '', reserva_minutos: null },
        { id: 'mercadopago', activo: true, descripcion: '', instrucciones: '', reserva_minutos: 60 },
        {
          id: 'transferencia',
          activo: true,
          descripcion: '',
          instrucciones: 'CLABE 0121',
          reserva_minutos: 60,
        },
        { id: 'contra_entrega', activo: true, descripcion: '', instrucciones: '', reserva_minutos: 60 },
      ],
    });
    expect(settings.statusCode, settings.body).toBe(200);
  });
  afterAll(() => t.close());

  // Sixteen shoppers and every settlement at once: more than the default 30 s on a busy machine.
  it('balance after a burst of mixed methods, settlements, expiries and refunds', async () => {
    const revenue = async () => toCents((await t.admin.get('/api/admin/resumen')).json().ventas.hoy.ingresos);
    const revenueBefore = await revenue();
    const orders = await Promise.all(
      Array.from({ length: PER_METHOD * METHODS.length }, async (_, i) => {
        const method = METHODS[i % METHODS.length] as (typeof METHODS)[number];
        const { agent } = await newCustomer(t.app, `mezcla${i}@example.com`);
        const idPago =
          method === 'tarjeta'
            ? (await agent.post('/api/pagos/sandbox/metodos', CARD)).json().id_pago
            : undefined;
        const res = await agent.request(
          'POST',
          '/api/venta',
          {
            detalle_venta: [{ id_producto: productId, cantidad: 1 + (i % 3) }],
            metodo_pago: method,
            ...(idPago && { id_pago: idPago }),
            direccion_envio: TEST_ADDRESS,
          },
          { 'idempotency-key': randomUUID() },
        );
        expect(res.statusCode, res.body).toBe(201);
        return { method, n: Math.floor(i / METHODS.length), id: res.json().id_venta as number };
      }),
    );

    const setState = (id: number, estado: string) => t.admin.put(`/api/venta/${id}/estado`, { estado });
    const refund = (id: number) =>
      t.admin.request('POST', `/api/venta/${id}/reembolso`, {}, { 'idempotency-key': randomUUID() });
    // The first of each method is paid and then refunded, the next two paid, the last left to expire.
    const settle = async ({ method, n, id }: (typeof orders)[number]) => {
      if (n === 3 && method !== 'tarjeta') return;
      if (method === 'transferencia') expect((await setState(id, 'pagada')).statusCode).toBe(200);
      if (method === 'contra_entrega') {
        expect((await setState(id, 'por_cobrar')).statusCode).toBe(200);
        expect((await setState(id, 'entregada')).statusCode).toBe(200);
      }
      if (method === 'mercadopago') {
        const payment = t.fake.pay(t.fake.preferenceOf(id)?.id as string, 'approved');
        const answers = await Promise.all(
          Array.from({ length: 3 }, () =>
            sendMercadoPagoNotification(t.app, t.fake.notification(String(payment.id))),
          ),
        );
        // 502 when the shop could not read the payment in time: Mercado Pago retries, the loop catches up.
        for (const answer of answers) expect([200, 502], answer.body).toContain(answer.statusCode);
      }
      if (n === 0) expect((await refund(id)).statusCode).toBe(200);
    };
    // The last order of each method paid later is left past its deadline; the loop runs amid the rest.
    const late = orders.filter((o) => o.n === 3 && o.method !== 'tarjeta').map((o) => o.id);
    await t.db
      .update(venta)
      .set({ vence: new Date(Date.now() - 60_000) })
      .where(inArray(venta.id_venta, late));
    const expire = () => expireUnpaidOrders({ db: t.db, shop: shopIdentity(t.config) });
    await Promise.all([...orders.map(settle), expire()]);
    // Whatever the expiry skipped while the others were being settled, or a notification could not
    // settle, the next rounds of the loops find.
    await expire();
    await reconcileMercadoPago({
      db: t.db,
      payments: { name: 'sandbox' } as never,
      mercadoPago: t.mercadoPago,
      shop: shopIdentity(t.config),
    });

    const ids = orders.map((o) => o.id);
    const sales = await t.db.select().from(venta).where(inArray(venta.id_venta, ids));
    const lines = await t.db.select().from(detalleVenta).where(inArray(detalleVenta.id_venta, ids));
    const unitsOf = (id: number) =>
      lines.filter((l) => l.id_venta === id).reduce((n, l) => n + l.cantidad - l.cantidad_reembolsada, 0);

    // Each order ended where its walk led: paid orders delivered or paid, refunded ones refunded, the
    // unpaid ones cancelled without a refund. None is left waiting.
    for (const { method, n, id } of orders) {
      const sale = sales.find((s) => s.id_venta === id);
      const expected =
        n === 0
          ? 'reembolsada'
          : n === 3 && method !== 'tarjeta'
            ? 'anulada'
            : method === 'contra_entrega'
              ? 'entregada'
              : 'pagada';
      expect(sale?.estado, `${method} ${n}`).toBe(expected);
    }

    const refunds = await t.db.select().from(reembolso).where(inArray(reembolso.id_venta, ids));
    // Stock: what is on the shelf, plus what the orders kept, plus what was refunded after it left (cash
    // on delivery refunded once delivered: the units are the customer's), is what there was.
    const [row] = await t.db
      .select({ stock: producto.stock })
      .from(producto)
      .where(eq(producto.id_producto, productId));
    const kept = sales
      .filter((s) => s.estado !== 'anulada' && s.estado !== 'cancelada')
      .reduce((n, s) => n + unitsOf(s.id_venta), 0);
    const gone = refunds
      .filter((r) => !r.devuelve_stock)
      .reduce((n, r) => n + r.lineas.reduce((m, l) => m + l.cantidad, 0), 0);
    expect(gone).toBeGreaterThan(0);
    expect((row?.stock ?? 0) + kept + gone).toBe(STOCK);

    // Refunds: every one completed, the sale's refunded amount their sum; nothing refunded of an unpaid order.
    expect(refunds.filter((r) => r.estado !== 'completado')).toEqual([]);
    for (const sale of sales) {
      const own = refunds.filter((r) => r.id_venta === sale.id_venta);
      expect(own.reduce((sum, r) => sum + toCents(r.monto), 0)).toBe(toCents(sale.monto_reembolsado));
      if (sale.estado === 'anulada') expect(own).toEqual([]);
      if (sale.estado === 'reembolsada') expect(sale.monto_reembolsado).toBe(sale.valor_total_venta);
    }
    // Mercado Pago gave back what the shop says it refunded, once per refund.
    for (const sale of sales.filter((s) => s.metodo_pago === 'mercadopago' && s.estado === 'reembolsada')) {
      const refundsAtMp = t.fake.requests.filter(
        (r) => r.method === 'POST' && r.path === `/v1/payments/${sale.pago_referencia}/refunds`,
      );
      expect(refundsAtMp.length).toBeGreaterThan(0);
    }

    // The dashboard counts the money kept by paid orders, and nothing of the unpaid ones.
    const kept$ = sales
      .filter((s) => (ACTIVE_ORDER_STATES as readonly string[]).includes(s.estado))
      .reduce((sum, s) => sum + toCents(s.valor_total_venta) - toCents(s.monto_reembolsado), 0);
    expect((await revenue()) - revenueBefore).toBe(kept$);
  });
});
