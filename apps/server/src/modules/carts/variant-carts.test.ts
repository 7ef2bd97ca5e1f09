import type { Product } from '@vitrina/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrito, correo } from '../../db/schema';
import { type ProductRow, stockedProducts } from '../../test/products';
import { TEST_SHOP } from '../../test/shop';
import { sendCartReminders } from './abandoned-carts';

const HOUR = 3_600_000;

import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';

/** A saved cart's lines are variants: each capped by its own stock, 25 units per product across them. */
describe.each(TEST_DATABASE_KINDS)('saved carts of products with options on %s', (kind) => {
  let t: TestApp;
  let shirt: Product;
  let plain: ProductRow;
  let counter = 0;
  let admin: Agent;

  beforeAll(async () => {
    t = await seededTestApp(kind);
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    [plain] = (await stockedProducts(t.db)) as [ProductRow];
    const res = await admin.post('/api/products', {
      nombre: 'Camiseta carbonero',
      descripcion_producto: 'Camiseta de algodón, corte recto.',
      valor: '120',
      id_categoria_producto: 1,
      imagen: plain.imagen,
      opciones: [{ nombre: 'Talla', valores: ['S', 'M', 'L'] }],
      variantes: [
        { valores: ['S'], sku: 'CAR-S', stock: 20 },
        { valores: ['M'], sku: 'CAR-M', stock: 30, valor: '150' },
        { valores: ['L'], sku: 'CAR-L', stock: 3, estado: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    shirt = res.json();
  });
  afterAll(() => t.close());

  const id = (sku: string) => shirt.variantes.find((v) => v.sku === sku)?.id_variante as number;
  const line = (id_variante: number | null, cantidad: number, id_producto = shirt.id_producto) => ({
    id_producto,
    id_variante,
    cantidad,
  });

  it('keeps each variant as a line, 25 units per product in all, and drops what cannot be bought', async () => {
    const { agent } = await newCustomer(t.app, `carrito-variante${++counter}@example.com`);
    const res = await agent.put('/api/carrito', {
      lineas: [
        line(id('CAR-S'), 20),
        line(id('CAR-M'), 10),
        // Inactive, without a variant although the product has options, and another product's variant.
        line(id('CAR-L'), 1),
        line(null, 2),
        line(id('CAR-S'), 1, plain.id_producto),
        line(null, 2, plain.id_producto),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lineas).toEqual([
      line(id('CAR-S'), 20),
      line(id('CAR-M'), 5),
      line(null, 2, plain.id_producto),
    ]);
  });

  it('caps a variant at its own stock, not the product’s', async () => {
    const { agent } = await newCustomer(t.app, `carrito-variante${++counter}@example.com`);
    await agent.put('/api/carrito', { lineas: [line(id('CAR-S'), 3)] });
    const merged = await agent.post('/api/carrito/fusionar', { lineas: [line(id('CAR-S'), 24)] });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().lineas).toEqual([line(id('CAR-S'), 20)]);
  });

  it("reminds of a variant by its name and price, and the owner's list values the cart at that price", async () => {
    const { agent, user } = await newCustomer(t.app, `carrito-variante${++counter}@example.com`);
    await agent.put('/api/carrito', { lineas: [line(id('CAR-M'), 2)] });
    const sent = await sendCartReminders(
      { db: t.db, shop: TEST_SHOP },
      { afterMs: 4 * HOUR, batchSize: 50, now: new Date(Date.now() + 5 * HOUR) },
    );
    expect(sent).toBeGreaterThanOrEqual(1);
    const [mail] = await t.db
      .select()
      .from(correo)
      .where(and(eq(correo.destinatario, user.email), eq(correo.tipo, 'carrito_abandonado')));
    // M costs 150, the product's cheapest variant 120: the line is the M one.
    expect(mail?.texto).toMatch(/Camiseta carbonero \(Talla M\): 2 × \D*150/);

    await t.db
      .update(carrito)
      .set({ actualizado: new Date(Date.now() - 5 * HOUR) })
      .where(eq(carrito.id_usuario, user.id_usuario));
    const list = (await admin.get('/api/admin/carritos/olvidados?pageSize=100')).json();
    expect(list.items).toContainEqual(
      expect.objectContaining({ email: user.email, unidades: 2, valor: 300 }),
    );
  });
});
