import { randomUUID } from 'node:crypto';
import type { Product } from '@vitrina/shared';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correo, producto, variante } from '../../db/schema';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { TEST_ADDRESS } from '../../test/shipping-address';

const CARD = { numero: '4242 4242 4242 4242', expiracion: '12/39', cvc: '314', nombre: 'Lucía Hernández' };
const OPTIONS = [
  { nombre: 'Talla', valores: ['S', 'M', 'L'] },
  { nombre: 'Color', valores: ['Rojo', 'Azul'] },
];

async function imageUpload() {
  const png = await sharp({
    create: { width: 32, height: 32, channels: 3, background: { r: 9, g: 120, b: 40 } },
  })
    .png()
    .toBuffer();
  const boundary = '----vitrinaVariantBoundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(TEST_DATABASE_KINDS)('products with options and variants on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;
  let shirt: Product;
  let imagen: string;
  let counter = 0;

  beforeAll(async () => {
    t = await seededTestApp(kind);
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    const { body, headers } = await imageUpload();
    const uploaded = await admin.request('POST', '/api/uploads', body, headers);
    imagen = uploaded.json().secure_url as string;
    // 3 sizes × 2 colours; the blue ones cost more, the small red one is on sale.
    const variantes = OPTIONS[0]?.valores.flatMap((talla) =>
      ['Rojo', 'Azul'].map((color) => ({
        valores: [talla, color],
        sku: `CAM-${talla}-${color}`.toUpperCase(),
        stock: 5,
        ...(color === 'Azul' && { valor: '150' }),
        ...(talla === 'S' && color === 'Rojo' && { valor_descuento: '90' }),
      })),
    );
    const res = await admin.post('/api/products', {
      nombre: 'Camiseta zorzal',
      descripcion_producto: 'Camiseta de algodón peinado, corte recto.',
      valor: '120',
      id_categoria_producto: 1,
      imagen,
      opciones: OPTIONS,
      variantes,
    });
    expect(res.statusCode, res.body).toBe(201);
    shirt = res.json();
  });
  afterAll(() => t.close());

  const variantOf = (talla: string, color: string) => {
    const found = shirt.variantes.find((v) => v.valores[0] === talla && v.valores[1] === color);
    if (!found) throw new Error(`no variant ${talla} ${color}`);
    return found;
  };
  const stocks = async () =>
    Object.fromEntries(
      (await t.db.select().from(variante).where(eq(variante.id_producto, shirt.id_producto))).map((v) => [
        v.sku,
        v.stock,
      ]),
    );
  const productStock = async () =>
    (await t.db.select().from(producto).where(eq(producto.id_producto, shirt.id_producto)))[0]?.stock;

  async function customer() {
    const email = `variantes${++counter}@example.com`;
    const { agent } = await newCustomer(t.app, email);
    const card = await agent.post('/api/pagos/sandbox/metodos', CARD);
    return { a: agent, idPago: card.json().id_pago as string, email };
  }
  const buy = (c: { a: Agent; idPago: string }, detalle_venta: unknown[]) =>
    c.a.request(
      'POST',
      '/api/venta',
      { detalle_venta, id_pago: c.idPago, direccion_envio: TEST_ADDRESS },
      { 'idempotency-key': randomUUID() },
    );

  it('answers the options and the variants, the product carrying the cheapest and the total stock', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${shirt.id_producto}` });
    const body = res.json() as Product;
    expect(body.opciones).toEqual(OPTIONS);
    expect(body.variantes).toHaveLength(6);
    expect(variantOf('M', 'Azul')).toMatchObject({
      sku: 'CAM-M-AZUL',
      valor: 150,
      valor_descuento: null,
      stock: 5,
    });
    expect(body).toMatchObject({ valor: 120, valor_descuento: 90, stock: 30, precio_varia: true });
  });

  it('refuses a SKU another product uses, in Spanish, and changes nothing', async () => {
    const res = await admin.put(`/api/products/${shirt.id_producto}/editProduct`, {
      opciones: OPTIONS,
      variantes: shirt.variantes.map((v, i) => ({ ...v, sku: i === 0 ? 'VT-1' : v.sku })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El SKU VT-1 ya lo usa otro producto');
    expect(Object.values(await stocks())).toEqual([5, 5, 5, 5, 5, 5]);
  });

  it('asks which variant a line of a product with options is, taking nothing', async () => {
    const c = await customer();
    const res = await buy(c, [{ id_producto: shirt.id_producto, cantidad: 1 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Elige una variante del producto');
    const quote = await c.a.post('/api/carrito/cotizar', {
      detalle_venta: [{ id_producto: shirt.id_producto, cantidad: 1 }],
    });
    expect(quote.statusCode).toBe(400);
    expect(await productStock()).toBe(30);
  });

  it('caps 25 units of a product across its variants', async () => {
    const c = await customer();
    const res = await buy(c, [
      { id_producto: shirt.id_producto, id_variante: variantOf('M', 'Azul').id_variante, cantidad: 13 },
      { id_producto: shirt.id_producto, id_variante: variantOf('L', 'Azul').id_variante, cantidad: 13 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Solo 25 unidades por compra');
  });

  it("sells 'M · Azul' from that variant's stock only, names it on the order, and a refund returns it", async () => {
    const c = await customer();
    const mAzul = variantOf('M', 'Azul');
    const quote = await c.a.post('/api/carrito/cotizar', {
      detalle_venta: [{ id_producto: shirt.id_producto, id_variante: mAzul.id_variante, cantidad: 2 }],
    });
    expect(quote.json().subtotal).toBe(300);
    const res = await buy(c, [
      { id_producto: shirt.id_producto, id_variante: mAzul.id_variante, cantidad: 2 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().detalle_venta[0]).toMatchObject({
      id_variante: mAzul.id_variante,
      variante: 'Talla M · Azul',
      sku: 'CAM-M-AZUL',
      valor_unitario: 150,
    });
    const after = await stocks();
    expect(after['CAM-M-AZUL']).toBe(3);
    expect(Object.values(after).reduce((a, b) => a + b, 0)).toBe(28);
    expect(await productStock()).toBe(28);
    const [mail] = await t.db
      .select()
      .from(correo)
      .where(and(eq(correo.destinatario, c.email), like(correo.tipo, 'pedido_%')));
    expect(mail?.texto).toContain('Camiseta zorzal (Talla M · Azul) · SKU CAM-M-AZUL');
    const csv = (await admin.get('/api/venta/export.csv')).rawPayload.toString('utf8');
    expect(csv).toContain('2 × Camiseta zorzal (Talla M · Azul) [CAM-M-AZUL]');

    const refund = await admin.request(
      'POST',
      `/api/venta/${res.json().id_venta}/reembolso`,
      {},
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(refund.statusCode, refund.body).toBeLessThan(300);
    expect((await stocks())['CAM-M-AZUL']).toBe(5);
    expect(await productStock()).toBe(30);
    const detail = (await admin.get(`/api/venta/${res.json().id_venta}`)).json();
    expect(detail.reembolsos[0].lineas).toEqual([
      { nombre: 'Camiseta zorzal (Talla M · Azul)', cantidad: 2 },
    ]);
  });

  it('refuses the last units of one variant with its name, and lists the product while another can be bought', async () => {
    const c = await customer();
    const sAzul = variantOf('S', 'Azul');
    const res = await buy(c, [
      { id_producto: shirt.id_producto, id_variante: sAzul.id_variante, cantidad: 6 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'No hay suficientes unidades de Camiseta zorzal (Talla S · Azul). Quedan 5.',
    );
  });

  it('takes every line of a cart of several variants at once, or none when one line is short, naming that one', async () => {
    const c = await customer();
    const lines = [
      { id_producto: shirt.id_producto, id_variante: variantOf('L', 'Rojo').id_variante, cantidad: 2 },
      { id_producto: shirt.id_producto, id_variante: variantOf('L', 'Azul').id_variante, cantidad: 6 },
      { id_producto: shirt.id_producto, id_variante: variantOf('M', 'Rojo').id_variante, cantidad: 1 },
    ];
    const before = await stocks();
    const short = await buy(c, lines);
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe(
      'No hay suficientes unidades de Camiseta zorzal (Talla L · Azul). Quedan 5.',
    );
    expect(await stocks()).toEqual(before);

    // The same cart with the blue ones down to the five left.
    const res = await buy(
      c,
      lines.map((line, i) => (i === 1 ? { ...line, cantidad: 5 } : line)),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(
      Object.fromEntries(
        (res.json().detalle_venta as { sku: string; cantidad: number }[]).map((l) => [l.sku, l.cantidad]),
      ),
    ).toEqual({ 'CAM-L-ROJO': 2, 'CAM-L-AZUL': 5, 'CAM-M-ROJO': 1 });
    expect(await stocks()).toEqual({
      ...before,
      'CAM-L-ROJO': (before['CAM-L-ROJO'] ?? 0) - 2,
      'CAM-L-AZUL': 0,
      'CAM-M-ROJO': (before['CAM-M-ROJO'] ?? 0) - 1,
    });
    // Given back, for the walks after this one.
    const refund = await admin.request(
      'POST',
      `/api/venta/${res.json().id_venta}/reembolso`,
      {},
      { 'idempotency-key': randomUUID() },
    );
    expect(refund.statusCode, refund.body).toBeLessThan(300);
    expect(await stocks()).toEqual(before);
  });

  it('moves the product to the next cheapest variant when a sale takes the last unit of the cheapest, and back on a refund', async () => {
    const productRow = async () =>
      (await t.db.select().from(producto).where(eq(producto.id_producto, shirt.id_producto)))[0];
    expect(await productRow()).toMatchObject({ stock: 30, valor: '120.00', valor_descuento: '90.00' });
    const c = await customer();
    const sRojo = variantOf('S', 'Rojo');
    const one = await buy(c, [
      { id_producto: shirt.id_producto, id_variante: sRojo.id_variante, cantidad: 4 },
    ]);
    expect(one.statusCode, one.body).toBe(201);
    // Still in stock: only the units moved.
    expect(await productRow()).toMatchObject({ stock: 26, valor: '120.00', valor_descuento: '90.00' });
    const last = await buy(c, [
      { id_producto: shirt.id_producto, id_variante: sRojo.id_variante, cantidad: 1 },
    ]);
    expect(last.statusCode, last.body).toBe(201);
    // The discounted small red one is sold out: the product shows the cheapest variant left.
    expect(await productRow()).toMatchObject({ stock: 25, valor: '120.00', valor_descuento: null });
    for (const sale of [one, last]) {
      const refund = await admin.request(
        'POST',
        `/api/venta/${sale.json().id_venta}/reembolso`,
        {},
        {
          'idempotency-key': randomUUID(),
        },
      );
      expect(refund.statusCode, refund.body).toBeLessThan(300);
    }
    expect(await productRow()).toMatchObject({ stock: 30, valor: '120.00', valor_descuento: '90.00' });
  });

  it('ranks the shirt whose options match above one that matches by name only', async () => {
    const plain = await admin.post('/api/products', {
      // Its name matches more of the words than the shirt's: only the options can put the shirt first.
      nombre: 'Camiseta zorzal talla única',
      descripcion_producto: 'Camiseta de algodón sin opciones.',
      valor: '100',
      stock: 4,
      id_categoria_producto: 1,
      imagen,
    });
    expect(plain.statusCode, plain.body).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products?name=${encodeURIComponent('zorzal rojo talla m')}`,
    });
    const ids = (res.json().items as Product[]).map((p) => p.id_producto);
    expect(ids.slice(0, 2)).toEqual([shirt.id_producto, plain.json().id_producto]);
  });
});
