import { randomUUID } from 'node:crypto';
import { centsToDecimal, REFUND_MESSAGES, toCents } from '@vitrina/shared';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correo, producto } from '../../db/schema';
import type { PaymentProvider } from '../../payments/provider';
import { sandboxProvider } from '../../payments/sandbox';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { deferred } from '../../test/deferred';
import { TEST_ADDRESS } from '../../test/shipping-address';
import { TEST_SHOP } from '../../test/shop';
import { refundOrder } from './refund-order';

/*
 * What each refund gives back (docs/decisions/049): the units asked at the price paid, the shipping only
 * when the owner asks for it or refunds the whole order; what the customer is told; what the order's
 * history shows; and the stock of a refund asked before a shipment the provider's answer arrives after.
 */

const CARD = { numero: '4242 4242 4242 4242', expiracion: '12/39', cvc: '314', nombre: 'Lucía Hernández' };
const SHIPPING = 990;
type Json = Record<string, unknown>;
type Line = { id_detalle_venta: number; id_producto: number; valor_unitario: number };

let counter = 0;

describe.each(TEST_DATABASE_KINDS)('refund amounts on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;
  let productId: number;

  beforeAll(async () => {
    t = await seededTestApp(kind);
    const [row] = await t.db
      .select()
      .from(producto)
      .where(and(eq(producto.estado, true), gt(producto.stock, 0)))
      .orderBy(asc(producto.id_producto))
      .limit(1);
    productId = row?.id_producto ?? 0;
    await t.db.update(producto).set({ stock: 1000 }).where(eq(producto.id_producto, productId));
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    const rate = await admin.put('/api/ajustes', { envio_tarifa: SHIPPING / 100, envio_gratis_desde: null });
    expect(rate.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  /** A paid order of 2 units, with SHIPPING; its id, line and buyer. */
  async function paidOrder() {
    const { agent, user } = await newCustomer(t.app, `reembolsos${++counter}@example.com`);
    const card = await agent.post('/api/pagos/sandbox/metodos', CARD);
    const res = await agent.request(
      'POST',
      '/api/venta',
      {
        detalle_venta: [{ id_producto: productId, cantidad: 2 }],
        id_pago: card.json().id_pago,
        direccion_envio: TEST_ADDRESS,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(toCents(order.costo_envio)).toBe(SHIPPING);
    const line = order.detalle_venta[0] as Line;
    return {
      id: order.id_venta as number,
      line,
      unit: toCents(line.valor_unitario),
      email: user.email,
      buyer: agent,
    };
  }

  const refund = (id: number, body: Json = {}) =>
    admin.request('POST', `/api/venta/${id}/reembolso`, body, { 'idempotency-key': randomUUID() });
  const refundMails = async (email: string) =>
    t.db
      .select()
      .from(correo)
      .where(and(eq(correo.destinatario, email), eq(correo.tipo, 'pedido_reembolsado')))
      .orderBy(asc(correo.id));
  /** Refunds one unit of the order through a provider that answers only after `meanwhile` has run. */
  async function refundOneUnitWhile(
    o: Awaited<ReturnType<typeof paidOrder>>,
    meanwhile: () => Promise<void>,
  ) {
    const sandbox = sandboxProvider(t.db);
    const asking = deferred();
    const answered = deferred();
    let first = true;
    const slow: PaymentProvider = {
      ...sandbox,
      refund: async (request) => {
        if (first) {
          first = false;
          asking.resolve();
          await answered.promise;
        }
        return sandbox.refund(request);
      },
    };
    const refunding = refundOrder({
      db: t.db,
      payments: slow,
      shop: TEST_SHOP,
      adminId: 1,
      orderId: o.id,
      idempotencyKey: randomUUID(),
      input: { lineas: [{ id_detalle_venta: o.line.id_detalle_venta, cantidad: 1 }] },
    });
    await asking.promise;
    await meanwhile();
    answered.resolve();
    await refunding;
  }
  const money = (cents: number) => `$${centsToDecimal(cents)}`;
  const stock = async () =>
    (await t.db.select().from(producto).where(eq(producto.id_producto, productId)))[0]?.stock ?? 0;

  it('refunds a line without the shipping, then the rest with it, and says what each refund returned', async () => {
    const o = await paidOrder();
    const total = o.unit * 2 + SHIPPING;
    const one = await refund(o.id, { lineas: [{ id_detalle_venta: o.line.id_detalle_venta, cantidad: 1 }] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ estado: 'pagada', envio_reembolsado: 0 });
    expect(toCents(one.json().monto_reembolsado)).toBe(o.unit);

    const rest = await refund(o.id);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ estado: 'reembolsada' });
    expect(toCents(rest.json().monto_reembolsado)).toBe(total);
    expect(toCents(rest.json().envio_reembolsado)).toBe(SHIPPING);

    const [first, second] = await refundMails(o.email);
    expect(first?.asunto).toContain(`Te reembolsamos ${money(o.unit)} `);
    expect(first?.texto).toContain(`Este reembolso: ${money(o.unit)}`);
    expect(first?.texto).not.toContain('Reembolsado en total');
    // The second says what it returned, and the total so far apart: never the sum as one refund.
    expect(second?.asunto).toContain(`Te reembolsamos ${money(o.unit + SHIPPING)} `);
    expect(second?.texto).toContain(`incluye ${money(SHIPPING)} del envío`);
    expect(second?.texto).toContain(`Este reembolso: ${money(o.unit + SHIPPING)}`);
    expect(second?.texto).toContain(`Reembolsado en total: ${money(total)} de ${money(total)} pagados`);
    expect(second?.html).toContain(`Este reembolso: ${money(o.unit + SHIPPING)}`);

    // Both refunds in the order's history, for the customer too, with what each gave back.
    const history = (await o.buyer.get(`/api/venta/${o.id}`)).json().reembolsos as Json[];
    expect(history.every((r) => !('usuario' in r))).toBe(true);
    expect(history.map((r) => [toCents(r.monto as number), toCents(r.envio as number), r.lineas])).toEqual([
      [o.unit, 0, [{ nombre: expect.any(String), cantidad: 1 }]],
      [o.unit + SHIPPING, SHIPPING, [{ nombre: expect.any(String), cantidad: 1 }]],
    ]);
  });

  it('refunds the shipping with a line only when asked, once, and closes the order when nothing is left', async () => {
    const o = await paidOrder();
    const withShipping = await refund(o.id, {
      lineas: [{ id_detalle_venta: o.line.id_detalle_venta, cantidad: 1 }],
      incluir_envio: true,
    });
    expect(withShipping.statusCode, withShipping.body).toBe(200);
    expect(toCents(withShipping.json().monto_reembolsado)).toBe(o.unit + SHIPPING);
    expect(withShipping.json().estado).toBe('pagada');

    const again = await refund(o.id, { lineas: [], incluir_envio: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REFUND_MESSAGES.shippingRefunded);
    const last = await refund(o.id, { lineas: [{ id_detalle_venta: o.line.id_detalle_venta, cantidad: 1 }] });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ estado: 'reembolsada' });
    expect(toCents(last.json().monto_reembolsado)).toBe(o.unit * 2 + SHIPPING);
  });

  it('keeps an order whose units are all refunded open for its shipping, which can be refunded alone', async () => {
    const o = await paidOrder();
    const units = await refund(o.id, {
      lineas: [{ id_detalle_venta: o.line.id_detalle_venta, cantidad: 2 }],
    });
    expect(units.statusCode, units.body).toBe(200);
    expect(units.json().estado).toBe('pagada');
    expect(toCents(units.json().monto_reembolsado)).toBe(o.unit * 2);
    const shipping = await refund(o.id, { lineas: [], incluir_envio: true });
    expect(shipping.statusCode, shipping.body).toBe(200);
    expect(shipping.json().estado).toBe('reembolsada');
    expect(toCents(shipping.json().envio_reembolsado)).toBe(SHIPPING);
  });

  it('refuses a refund that chooses nothing, in Spanish, and changes nothing', async () => {
    const o = await paidOrder();
    for (const body of [{ lineas: [] }, { lineas: [], incluir_envio: false }]) {
      const res = await refund(o.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields?.lineas ?? res.json().message).toBe(REFUND_MESSAGES.nothingChosen);
    }
    const bad = await refund(o.id, { incluir_envio: 'sí' });
    expect(bad.statusCode).toBe(400);
    expect(toCents((await admin.get(`/api/venta/${o.id}`)).json().monto_reembolsado)).toBe(0);
  });

  it.each([
    ['pagada', 'preparando', true],
    ['preparando', 'enviada', true],
    ['enviada', 'entregada', false],
  ] as const)(
    'a refund asked while %s returns stock as then, though the order became %s before the provider answered',
    async (asked, next, returns) => {
      const o = await paidOrder();
      const path: Record<string, string[]> = {
        pagada: [],
        preparando: ['preparando'],
        enviada: ['preparando', 'enviada'],
      };
      for (const estado of path[asked] ?? [])
        expect((await admin.put(`/api/venta/${o.id}/estado`, { estado })).statusCode).toBe(200);

      const before = await stock();
      await refundOneUnitWhile(o, async () => {
        const move = await admin.put(`/api/venta/${o.id}/estado`, { estado: next });
        expect(move.statusCode, move.body).toBe(200);
      });
      expect(await stock()).toBe(before + (returns ? 1 : 0));
      const order = (await admin.get(`/api/venta/${o.id}`)).json();
      expect(order.estado).toBe(next);
      expect(order.detalle_venta[0].cantidad_reembolsada).toBe(1);
    },
  );

  it('returns no unit twice when the order is cancelled while a refund of it waits for the provider', async () => {
    const o = await paidOrder();
    const before = await stock();
    await refundOneUnitWhile(o, async () => {
      expect((await admin.put(`/api/venta/${o.id}/estado`, { estado: 'cancelada' })).statusCode).toBe(200);
    });
    // Both units back once: one by the cancellation, and the refunded one not again.
    expect(await stock()).toBe(before + 2);
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(correo)
      .where(and(eq(correo.destinatario, o.email), eq(correo.tipo, 'pedido_reembolsado')));
    expect(row?.n).toBe(1);
  });
});
