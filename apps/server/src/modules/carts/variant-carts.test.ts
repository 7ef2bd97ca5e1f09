import type { Product } from '@vitrina/shared';
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { producto } from '../../db/schema';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';

/** A saved cart's lines are variants: each capped by its own stock, 25 units per product across them. */
describe.each(TEST_DATABASE_KINDS)('saved carts of products with options on %s', (kind) => {
  let t: TestApp;
  let shirt: Product;
  let plain: typeof producto.$inferSelect;
  let counter = 0;

  beforeAll(async () => {
    t = await seededTestApp(kind);
    const admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    [plain] = (await t.db
      .select()
      .from(producto)
      .where(and(eq(producto.estado, true), gt(producto.stock, 30)))
      .orderBy(asc(producto.id_producto))
      .limit(1)) as [typeof producto.$inferSelect];
    const res = await admin.post('/api/products', {
      nombre: 'Camiseta carbonero',
      descripcion_producto: 'Camiseta de algodón, corte recto.',
      valor: '120',
      id_categoria_producto: 1,
      imagen: plain.imagen,
      opciones: [{ nombre: 'Talla', valores: ['S', 'M', 'L'] }],
      variantes: [
        { valores: ['S'], sku: 'CAR-S', stock: 20 },
        { valores: ['M'], sku: 'CAR-M', stock: 30 },
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
});
