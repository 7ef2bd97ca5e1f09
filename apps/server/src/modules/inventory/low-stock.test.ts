import type { Dashboard, Product } from '@vitrina/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { correo, producto } from '../../db/schema';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { shopIdentity } from '../mail';
import { queueLowStockDigest } from './low-stock';

async function imageUpload() {
  const png = await sharp({
    create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 20, b: 20 } },
  })
    .png()
    .toBuffer();
  const boundary = '----vitrinaLowStockBoundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(TEST_DATABASE_KINDS)('low stock on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;
  let shirt: Product;

  beforeAll(async () => {
    t = await seededTestApp(kind, {
      SUPPORT_EMAIL: 'inventario@prueba.mx',
      SHOP_TIMEZONE: 'America/Mexico_City',
    });
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    // Only this test's products are active: what is low is exactly what the test made low.
    await t.db.update(producto).set({ estado: false });
    const { body, headers } = await imageUpload();
    const imagen = (await admin.request('POST', '/api/uploads', body, headers)).json().secure_url as string;
    const res = await admin.post('/api/products', {
      nombre: 'Camiseta petirrojo',
      descripcion_producto: 'Camiseta de algodón, corte recto.',
      valor: '120',
      id_categoria_producto: 1,
      imagen,
      opciones: [{ nombre: 'Talla', valores: ['S', 'M', 'L'] }],
      variantes: [
        // 4 units against the shop's default of 5: low.
        { valores: ['S'], sku: 'PET-S', stock: 4 },
        // 4 units against its own 2: not low.
        { valores: ['M'], sku: 'PET-M', stock: 4, stock_minimo: 2 },
        // 12 units against its own 20: low.
        { valores: ['L'], sku: 'PET-L', stock: 12, stock_minimo: '20' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    shirt = res.json();
  });
  afterAll(() => t?.close());

  const dashboard = async () => (await admin.get('/api/admin/resumen')).json() as Dashboard;
  const digests = () => t.db.select().from(correo).where(eq(correo.tipo, 'stock_bajo'));
  const shop = () => shopIdentity(t.config);

  it("carries each variant's own threshold, null for the shop's default, and refuses a bad one in Spanish", async () => {
    const thresholds = Object.fromEntries(shirt.variantes.map((v) => [v.sku, v.stock_minimo]));
    expect(thresholds).toEqual({ 'PET-S': null, 'PET-M': 2, 'PET-L': 20 });
    const bad = await admin.put(`/api/products/${shirt.id_producto}/editProduct`, {
      opciones: shirt.opciones,
      variantes: shirt.variantes.map((v) => ({
        ...v,
        stock_minimo: v.sku === 'PET-S' ? -1 : v.stock_minimo,
      })),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('El stock mínimo debe ser un número entero de 0 a 10000');
    const after = (await t.app.inject({ method: 'GET', url: `/api/products/${shirt.id_producto}` })).json();
    expect((after as Product).variantes.map((v) => v.stock_minimo)).toEqual([null, 2, 20]);
  });

  it('lists on the dashboard the low variants with product, label, SKU, units and threshold', async () => {
    const { inventario } = await dashboard();
    expect(inventario.umbral_stock_bajo).toBe(5);
    expect(inventario.stock_bajo).toBe(2);
    expect(inventario.lista_stock_bajo).toEqual([
      expect.objectContaining({
        nombre: 'Camiseta petirrojo',
        variante: 'Talla S',
        sku: 'PET-S',
        stock: 4,
        stock_minimo: 5,
      }),
      expect.objectContaining({
        nombre: 'Camiseta petirrojo',
        variante: 'Talla L',
        sku: 'PET-L',
        stock: 12,
        stock_minimo: 20,
      }),
    ]);
  });

  it("follows the shop's default, saved in Ajustes by the owner only, for the variants without their own", async () => {
    const customer = await newCustomer(t.app, 'inventario-cliente@example.com');
    expect((await customer.agent.put('/api/ajustes/inventario', { stock_minimo: 3 })).statusCode).toBe(403);
    const bad = await admin.put('/api/ajustes/inventario', { stock_minimo: 'muchos' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('El stock mínimo debe ser un número entero de 0 a 10000');
    expect((await admin.put('/api/ajustes/inventario', { stock_minimo: 3 })).json()).toEqual({
      stock_minimo: 3,
    });
    expect((await admin.get('/api/ajustes/inventario')).json()).toEqual({ stock_minimo: 3 });
    const { inventario } = await dashboard();
    expect(inventario.umbral_stock_bajo).toBe(3);
    // S (4 units) is no longer low against 3; L keeps its own 20.
    expect(inventario.lista_stock_bajo.map((v) => v.sku)).toEqual(['PET-L']);
    await admin.put('/api/ajustes/inventario', { stock_minimo: 5 });
  });

  it('sends no digest while nothing is low', async () => {
    await t.db.update(producto).set({ estado: false }).where(eq(producto.id_producto, shirt.id_producto));
    expect(
      await queueLowStockDigest({ db: t.db, shop: shop(), now: new Date('2030-01-10T18:00:00Z') }),
    ).toBeNull();
    expect(await digests()).toEqual([]);
    await t.db.update(producto).set({ estado: true }).where(eq(producto.id_producto, shirt.id_producto));
  });

  it('sends one digest a day to the contact address, whichever process asks first, and again the next day', async () => {
    const now = new Date('2030-01-11T18:00:00Z');
    // On PostgreSQL the second caller is another process's connection pool; PGlite has one process.
    const other = t.database.url ? await openDatabase({ kind: 'postgres', url: t.database.url }) : undefined;
    const runs = await Promise.all([
      queueLowStockDigest({ db: t.db, shop: shop(), now }),
      queueLowStockDigest({ db: other?.db ?? t.db, shop: shop(), now }),
    ]).finally(() => other?.close());
    expect(runs.filter((day) => day !== null)).toEqual(['2030-01-11']);
    expect(
      await queueLowStockDigest({ db: t.db, shop: shop(), now: new Date('2030-01-12T05:00:00Z') }),
    ).toBeNull();
    const [mail, ...others] = await digests();
    expect(others).toEqual([]);
    expect(mail?.destinatario).toBe('inventario@prueba.mx');
    expect(mail?.asunto).toBe('Stock bajo: 2 variantes');
    expect(mail?.texto).toContain('Quedan 2 variantes con stock bajo.');
    expect(mail?.texto).toContain('Camiseta petirrojo (Talla S) · SKU PET-S · 4 unidades (mínimo 5)');
    expect(mail?.texto).toContain(`/product/${shirt.id_producto}`);
    // The next shop day (Mexico City is 6 hours behind UTC) gets its own.
    expect(await queueLowStockDigest({ db: t.db, shop: shop(), now: new Date('2030-01-12T07:00:00Z') })).toBe(
      '2030-01-12',
    );
    expect(await digests()).toHaveLength(2);
  });
});
