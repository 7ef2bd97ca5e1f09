import { ORDER_LOOKUP_MESSAGES } from '@vitrina/shared';
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { producto } from '../../db/schema';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';

describe.each(TEST_DATABASE_KINDS)("'Consultar pedido' on %s", (kind) => {
  let t: TestApp;
  /** A paid order of Luis's and its number ('V-000123'). */
  let order: { id_venta: number; numero_pedido: string };
  const email = 'luis.consulta@example.com';

  beforeAll(async () => {
    t = await seededTestApp(kind);
    const { agent } = await newCustomer(t.app, email);
    const [product] = await t.db
      .select()
      .from(producto)
      .where(and(eq(producto.estado, true), gt(producto.stock, 5)))
      .orderBy(asc(producto.id_producto))
      .limit(1);
    const sale = await agent.buy([{ id_producto: product?.id_producto as number, cantidad: 1 }]);
    expect(sale.statusCode, sale.body).toBe(201);
    order = sale.json();
    expect(order.numero_pedido).toMatch(/^V-\d{6}$/);
  });
  afterAll(() => t.close());

  const lookUp = (body: Record<string, unknown>) => new Agent(t.app).post('/api/pedidos/consulta', body);

  it('finds the order by number and e-mail without a session, however they are typed', async () => {
    const found = await lookUp({ numero_pedido: order.numero_pedido, email });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ id_venta: order.id_venta, numero_pedido: order.numero_pedido });
    // The buyer's view: no shop-only details such as who bought.
    expect(found.json()).not.toHaveProperty('Usuario');

    const number = Number(order.numero_pedido.slice(2));
    const loose = await lookUp({ numero_pedido: ` v${number} `, email: '  Luis.Consulta@Example.com ' });
    expect(loose.statusCode, loose.body).toBe(200);
    expect(loose.json().id_venta).toBe(order.id_venta);
  });

  it('answers the same 404 for any mismatch, never saying which part was wrong', async () => {
    const number = Number(order.numero_pedido.slice(2));
    const mismatches = [
      { numero_pedido: order.numero_pedido, email: 'otra.persona@example.com' },
      { numero_pedido: `V-${String(number + 1000).padStart(6, '0')}`, email },
      { numero_pedido: 'V-999999', email: 'otra.persona@example.com' },
      // The admin's e-mail does not open a customer's order either.
      { numero_pedido: order.numero_pedido, email: t.config.admin.email },
    ];
    for (const body of mismatches) {
      const res = await lookUp(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json().message).toBe(ORDER_LOOKUP_MESSAGES.notFound);
    }
    const bad = await lookUp({ numero_pedido: 'pedido', email: 'no es un correo' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      numero_pedido: 'El número de pedido tiene la forma V-000123',
      email: 'Por favor ingresa un email válido',
    });
  });

  it('stops answering an e-mail that asked too often, found or not (429)', async () => {
    const guesser = 'adivina@example.com';
    for (let i = 1; i <= 10; i++) {
      const res = await lookUp({ numero_pedido: `V-${String(i).padStart(6, '0')}`, email: guesser });
      expect(res.statusCode).toBe(404);
    }
    const locked = await lookUp({ numero_pedido: order.numero_pedido, email: guesser });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(ORDER_LOOKUP_MESSAGES.tooMany);
    // Another e-mail from the same address is still answered.
    expect((await lookUp({ numero_pedido: order.numero_pedido, email })).statusCode).toBe(200);
  });
});
