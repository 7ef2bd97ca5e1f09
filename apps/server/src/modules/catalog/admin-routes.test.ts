import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Product, ProductPage } from '@vitrina/shared';
import { and, desc, eq, ilike } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, categoriaProducto, producto } from '../../db/schema';
import { DEMO_CUSTOMER } from '../../seed/demo-accounts';
import { Agent } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';

/** A multipart/form-data body with one image, as the create form uploads it. */
async function imageUpload(seed: number) {
  const png = await sharp({
    create: { width: 32, height: 32, channels: 3, background: { r: seed % 256, g: 120, b: 40 } },
  })
    .png()
    .toBuffer();
  const boundary = '----vitrinaProductBoundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let counter = 0;

describe.each(TEST_DATABASE_KINDS)('catalog administration API on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;
  let customer: Agent;
  let adminId: number;

  beforeAll(async () => {
    t = await seededTestApp(kind);
    admin = new Agent(t.app);
    adminId = (await admin.signIn(t.config.admin.email, t.config.admin.password)).id_usuario;
    customer = new Agent(t.app);
    await customer.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  });
  afterAll(() => t.close());

  const visitor = () => new Agent(t.app);
  const fileOf = (url: string) => join(t.config.uploadsDir, url.replace(/^\/uploads\//, ''));

  /** Uploads a fresh product picture as the admin and answers its URL. */
  async function uploadImage(): Promise<string> {
    const { body, headers } = await imageUpload(++counter);
    const res = await admin.request('POST', '/api/uploads', body, headers);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().secure_url;
  }

  /** A valid create form, as text like the browser's inputs, with a name no seeded product has. */
  async function productForm(overrides: Record<string, unknown> = {}) {
    return {
      nombre: `Lámpara zafiro ${++counter}`,
      descripcion_producto: 'Lámpara de escritorio con brazo articulado y luz cálida regulable.',
      valor: '120.50',
      valor_descuento: '',
      stock: '7',
      id_categoria_producto: '7',
      imagen: await uploadImage(),
      ...overrides,
    };
  }

  async function createProduct(overrides: Record<string, unknown> = {}): Promise<Product> {
    const res = await admin.post('/api/products', await productForm(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  const auditOf = (id: number) =>
    t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidad, 'producto'), eq(auditoria.id_entidad, id)))
      .orderBy(auditoria.id);

  const publicPage = async (url: string): Promise<ProductPage> => {
    const res = await visitor().get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const idsOf = (page: ProductPage) => page.items.map((p) => p.id_producto);

  describe('who may call', () => {
    let target: Product;
    beforeAll(async () => {
      target = await createProduct();
    });

    const calls = (): Array<[string, 'GET' | 'POST' | 'PUT', string, unknown]> => [
      ['the admin table', 'GET', '/api/products/admin', undefined],
      ['one product for editing', 'GET', `/api/products/admin/${target.id_producto}`, undefined],
      ['create', 'POST', '/api/products', undefined],
      ['edit', 'PUT', `/api/products/${target.id_producto}/editProduct`, { stock: 3 }],
      ['toggle', 'PUT', `/api/products/delete/${target.id_producto}`, { estado: true }],
    ];

    it('answers 401 to a visitor and 403 to a customer, changing nothing', async () => {
      for (const [name, method, url, body] of calls()) {
        const payload = method === 'POST' ? await productForm() : body;
        expect((await visitor().request(method, url, payload)).statusCode, name).toBe(401);
        expect((await customer.request(method, url, payload)).statusCode, name).toBe(403);
      }
      const [row] = await t.db.select().from(producto).where(eq(producto.id_producto, target.id_producto));
      expect(row).toMatchObject({ stock: 7, estado: true });
    });

    it('lets the admin do each of them', async () => {
      for (const [name, method, url, body] of calls()) {
        const payload = method === 'POST' ? await productForm() : body;
        const res = await admin.request(method, url, payload);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(method === 'POST' ? 201 : 200);
      }
    });
  });

  describe('POST /api/products', () => {
    it('creates an active product from the form text and answers it like the storefront does', async () => {
      const form = await productForm({ nombre: '  Lámpara zafiro nórdica  ', valor_descuento: '99.9' });
      const res = await admin.post('/api/products', form);
      expect(res.statusCode, res.body).toBe(201);
      const created: Product = res.json();
      expect(created).toMatchObject({
        nombre: 'Lámpara zafiro nórdica',
        valor: 120.5,
        valor_descuento: 99.9,
        stock: 7,
        estado: true,
        imagen: form.imagen,
        id_categoria_producto: 7,
        calificacion_promedio: null,
        calificaciones_total: 0,
        Categoria_producto: { id_categoria_producto: 7, nombre_categoria_producto: 'Muebles' },
      });
      const [row] = await t.db.select().from(producto).where(eq(producto.id_producto, created.id_producto));
      expect(row).toMatchObject({ valor: '120.50', valor_descuento: '99.90' });
    });

    it('shows the new product in the storefront at once: by id, in its category and in search', async () => {
      const created = await createProduct({ nombre: 'Perchero zafiro de roble' });
      const byId = await visitor().get(`/api/products/${created.id_producto}`);
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toEqual(created);
      const category = await publicPage('/api/products/categoria/7?orden=recientes&pageSize=48');
      expect(idsOf(category)).toContain(created.id_producto);
      expect(idsOf(await publicPage('/api/products?name=perchero%20zafiro'))).toContain(created.id_producto);
      // Accent- and case-insensitive, like the storefront's search box.
      expect(idsOf(await publicPage('/api/products?name=PERCHERO'))).toContain(created.id_producto);
    });

    it('writes a producto.creado audit row with who and the new values', async () => {
      const created = await createProduct();
      const rows = await auditOf(created.id_producto);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        id_usuario: adminId,
        accion: 'producto.creado',
        entidad: 'producto',
        antes: null,
        despues: {
          nombre: created.nombre,
          valor: '120.50',
          valor_descuento: null,
          stock: 7,
          estado: true,
          imagen: created.imagen,
          id_categoria_producto: 7,
        },
      });
    });

    it.each([
      ['nombre', { nombre: '   ' }, 'No puede ser un espacio en blanco'],
      ['nombre', { nombre: 'ab' }, 'Mínimo 3 caracteres'],
      ['nombre', { nombre: `Lámpara zafiro ${'x'.repeat(120)}` }, 'Máximo 120 caracteres'],
      ['descripcion_producto', { descripcion_producto: 'Corta' }, 'Mínimo 10 caracteres'],
      ['descripcion_producto', { descripcion_producto: 'x'.repeat(2001) }, 'Máximo 2000 caracteres'],
      ['valor', { valor: '' }, 'Campo Requerido'],
      ['valor', { valor: 'gratis' }, 'Ingresa un número válido'],
      ['valor', { valor: '0' }, 'El precio debe ser mayor que 0'],
      ['valor', { valor: '12.345' }, 'Máximo 2 decimales'],
      ['valor', { valor: '10000000' }, 'El precio máximo es 9,999,999.99'],
      [
        'valor_descuento',
        { valor_descuento: '120.50' },
        'El precio con descuento debe ser menor que el precio',
      ],
      ['valor_descuento', { valor_descuento: '0' }, 'El descuento debe ser mayor que 0'],
      ['stock', { stock: '2.5' }, 'El stock debe ser un número entero'],
      ['stock', { stock: '-1' }, 'El stock no puede ser negativo'],
      ['stock', { stock: '100001' }, 'Máximo 100000 unidades'],
      ['id_categoria_producto', { id_categoria_producto: '' }, 'Elige una categoría'],
      ['id_categoria_producto', { id_categoria_producto: '9999' }, 'La categoría no existe'],
      ['imagen', { imagen: '' }, 'Elige una imagen'],
      ['imagen', { imagen: 'https://evil.example.com/x.webp' }, 'La imagen no es válida'],
      ['imagen', { imagen: '/uploads/avatars/abc.webp' }, 'La imagen no es válida'],
      ['imagen', { imagen: '/uploads/productos/no-subida.webp' }, 'La imagen no existe. Vuelve a subirla.'],
    ])(
      'refuses an invalid %s with its Spanish message and creates nothing',
      async (field, overrides, message) => {
        const form = await productForm(overrides);
        const res = await admin.post('/api/products', form);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().fields[field]).toBe(message);
        const name = String(form.nombre).trim();
        const rows = await t.db
          .select()
          .from(producto)
          .where(ilike(producto.nombre, name.slice(0, 100)));
        expect(rows).toHaveLength(0);
      },
    );

    it('never takes estado or an id from the body', async () => {
      const created = await createProduct({ estado: false, id_producto: 999_999 });
      expect(created.estado).toBe(true);
      expect(created.id_producto).not.toBe(999_999);
    });
  });

  describe('PUT /api/products/:id/editProduct', () => {
    it('applies only the filled fields and a discount puts it among the offers', async () => {
      const created = await createProduct({ nombre: 'Aparador zafiro' });
      const offers = '/api/products/filter/descuento/true?orden=recientes&pageSize=48';
      expect(idsOf(await publicPage(offers))).not.toContain(created.id_producto);

      const res = await admin.put(`/api/products/${created.id_producto}/editProduct`, {
        nombre: '',
        descripcion_producto: '',
        valor_descuento: '99.99',
        stock: '',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        nombre: 'Aparador zafiro',
        valor: 120.5,
        valor_descuento: 99.99,
        stock: 7,
      });
      const offer = (await publicPage(offers)).items.find((p) => p.id_producto === created.id_producto);
      expect(offer).toMatchObject({ valor: 120.5, valor_descuento: 99.99 });
    });

    it('audits the changed fields only, before and after', async () => {
      const created = await createProduct();
      await admin.put(`/api/products/${created.id_producto}/editProduct`, {
        valor: '150',
        stock: 7,
        nombre: created.nombre,
        descripcion_producto: 'Nueva descripción, más larga y más clara.',
      });
      const rows = await auditOf(created.id_producto);
      expect(rows.map((r) => r.accion)).toEqual(['producto.creado', 'producto.editado']);
      expect(rows[1]).toMatchObject({
        id_usuario: adminId,
        antes: { valor: '120.50', descripcion_producto: created.descripcion_producto },
        despues: { valor: '150.00', descripcion_producto: 'Nueva descripción, más larga y más clara.' },
      });
      expect(Object.keys(rows[1]?.antes as object).sort()).toEqual(['descripcion_producto', 'valor']);
    });

    it('writes no audit row when the values sent are the stored ones', async () => {
      const created = await createProduct();
      const res = await admin.put(`/api/products/${created.id_producto}/editProduct`, created);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(created);
      expect(await auditOf(created.id_producto)).toHaveLength(1);
    });

    it('checks the discount against the stored price when only one of them is sent', async () => {
      const created = await createProduct({ valor_descuento: '100' });
      const url = `/api/products/${created.id_producto}/editProduct`;
      const higher = await admin.put(url, { valor_descuento: '130' });
      expect(higher.statusCode).toBe(400);
      expect(higher.json().fields).toEqual({
        valor_descuento: 'El precio con descuento debe ser menor que el precio',
      });
      const cheaper = await admin.put(url, { valor: '90' });
      expect(cheaper.statusCode).toBe(400);
      expect(cheaper.json().fields.valor_descuento).toBe(
        'El precio con descuento debe ser menor que el precio',
      );
      const [row] = await t.db.select().from(producto).where(eq(producto.id_producto, created.id_producto));
      expect(row).toMatchObject({ valor: '120.50', valor_descuento: '100.00' });
      // Both at once is fine, and null takes the discount away.
      expect((await admin.put(url, { valor: '90', valor_descuento: '80' })).json()).toMatchObject({
        valor: 90,
        valor_descuento: 80,
      });
      expect((await admin.put(url, { valor_descuento: null })).json().valor_descuento).toBeNull();
    });

    it('refuses an invalid field with its message, an empty edit, and an unknown product', async () => {
      const created = await createProduct();
      const url = `/api/products/${created.id_producto}/editProduct`;
      const bad = await admin.put(url, { nombre: 'ab', stock: '-3' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({
        nombre: 'Mínimo 3 caracteres',
        stock: 'El stock no puede ser negativo',
      });
      const nothing = await admin.put(url, { nombre: '', valor: '' });
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().message).toBe('No hay cambios para guardar');
      const badCategory = await admin.put(url, { id_categoria_producto: 4242 });
      expect(badCategory.json().fields).toEqual({ id_categoria_producto: 'La categoría no existe' });
      const missing = await admin.put('/api/products/987654/editProduct', { stock: 1 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Not Found', message: 'El producto no existe.' });
    });

    it('replaces the picture and deletes the old file from disk', async () => {
      const created = await createProduct();
      const old = created.imagen;
      expect(existsSync(fileOf(old))).toBe(true);
      const replacement = await uploadImage();
      const res = await admin.put(`/api/products/${created.id_producto}/editProduct`, {
        imagen: replacement,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().imagen).toBe(replacement);
      expect(existsSync(fileOf(old))).toBe(false);
      expect(existsSync(fileOf(replacement))).toBe(true);
      expect((await t.app.inject({ url: old })).statusCode).toBe(404);
      expect((await t.app.inject({ url: replacement })).statusCode).toBe(200);
    });

    it('keeps the old picture while another product or a category still uses it', async () => {
      const shared = await uploadImage();
      const first = await createProduct({ imagen: shared });
      await createProduct({ imagen: shared });
      await admin.put(`/api/products/${first.id_producto}/editProduct`, { imagen: await uploadImage() });
      expect(existsSync(fileOf(shared))).toBe(true);

      const [category] = await t.db
        .select()
        .from(categoriaProducto)
        .where(eq(categoriaProducto.id_categoria_producto, 3));
      const third = await createProduct({ imagen: shared });
      const categoryImage = category?.imagen_categoria_producto as string;
      await t.db
        .update(producto)
        .set({ imagen: categoryImage })
        .where(eq(producto.id_producto, third.id_producto));
      await admin.put(`/api/products/${third.id_producto}/editProduct`, { imagen: await uploadImage() });
      expect(existsSync(fileOf(categoryImage))).toBe(true);
    });
  });

  describe('PUT /api/products/delete/:id (Eliminar / Restaurar)', () => {
    it('hides the product from the storefront at once and brings it back', async () => {
      const created = await createProduct({ nombre: 'Banqueta zafiro', valor_descuento: '100' });
      const id = created.id_producto;
      const listings = [
        '/api/products/categoria/7?orden=recientes&pageSize=48',
        '/api/products?name=banqueta%20zafiro',
        '/api/products/filter/descuento/true?orden=recientes&pageSize=48',
      ];
      for (const url of listings) expect(idsOf(await publicPage(url)), url).toContain(id);

      const off = await admin.put(`/api/products/delete/${id}`);
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ id_producto: id, estado: false });
      expect((await visitor().get(`/api/products/${id}`)).statusCode).toBe(404);
      for (const url of listings) expect(idsOf(await publicPage(url)), url).not.toContain(id);
      const inactive = (await admin.get('/api/products/admin?estado=false&name=banqueta%20zafiro')).json();
      expect(idsOf(inactive)).toContain(id);
      expect((await admin.get(`/api/products/admin/${id}`)).json()).toMatchObject({ estado: false });

      const on = await admin.put(`/api/products/delete/${id}`);
      expect(on.json()).toMatchObject({ id_producto: id, estado: true });
      expect((await visitor().get(`/api/products/${id}`)).statusCode).toBe(200);
      for (const url of listings) expect(idsOf(await publicPage(url)), url).toContain(id);

      const rows = await auditOf(id);
      expect(rows.slice(1)).toMatchObject([
        {
          accion: 'producto.desactivado',
          id_usuario: adminId,
          antes: { estado: true },
          despues: { estado: false },
        },
        {
          accion: 'producto.restaurado',
          id_usuario: adminId,
          antes: { estado: false },
          despues: { estado: true },
        },
      ]);
    });

    it('sets the estado sent, so a repeated click does not undo itself', async () => {
      const created = await createProduct();
      const url = `/api/products/delete/${created.id_producto}`;
      expect((await admin.put(url, { estado: false })).json().estado).toBe(false);
      expect((await admin.put(url, { estado: false })).json().estado).toBe(false);
      expect((await auditOf(created.id_producto)).map((r) => r.accion)).toEqual([
        'producto.creado',
        'producto.desactivado',
      ]);
    });

    it('answers 404 for an unknown product', async () => {
      const res = await admin.put('/api/products/delete/987654');
      expect(res.statusCode).toBe(404);
    });
  });

  describe('GET /api/products/admin', () => {
    it('lists every product, inactive and sold-out ones too, 20 a page, newest first', async () => {
      const all = await t.db.select().from(producto).orderBy(desc(producto.id_producto));
      const res = await admin.get('/api/products/admin');
      expect(res.statusCode).toBe(200);
      const body: ProductPage = res.json();
      expect(body).toMatchObject({ total: all.length, page: 1, pageSize: 20 });
      expect(idsOf(body)).toEqual(all.slice(0, 20).map((p) => p.id_producto));

      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(all.length / 20); page++) {
        seen.push(...idsOf((await admin.get(`/api/products/admin?page=${page}`)).json()));
      }
      expect(seen).toEqual(all.map((p) => p.id_producto));
      const hidden = all.filter((p) => !p.estado || p.stock === 0).map((p) => p.id_producto);
      expect(hidden.length).toBeGreaterThan(0);
      for (const id of hidden) expect(seen).toContain(id);
    });

    it('splits the tabs by estado', async () => {
      const inactive = await t.db.select().from(producto).where(eq(producto.estado, false));
      const tab: ProductPage = (await admin.get('/api/products/admin?estado=false&pageSize=100')).json();
      expect(tab.total).toBe(inactive.length);
      expect(tab.items.every((p) => !p.estado)).toBe(true);
      const active: ProductPage = (await admin.get('/api/products/admin?estado=true')).json();
      expect(active.items.every((p) => p.estado)).toBe(true);
    });

    it('finds by name without accents or case, like the storefront search', async () => {
      const body: ProductPage = (await admin.get('/api/products/admin?name=CAFE%20MOLIDO')).json();
      expect(body.items[0]?.nombre).toBe('Café molido de altura');
    });

    it('refuses a bad filter with a Spanish message', async () => {
      const res = await admin.get('/api/products/admin?estado=quizas');
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.estado).toBe('El estado debe ser true o false');
    });

    it('is not taken for the public /api/products/:id, nor the other way round', async () => {
      expect((await visitor().get('/api/products/admin')).statusCode).toBe(401);
      const [someone] = await t.db.select().from(producto).where(eq(producto.estado, true)).limit(1);
      expect((await visitor().get(`/api/products/${someone?.id_producto}`)).statusCode).toBe(200);
      expect((await admin.get('/api/products/admin/987654')).statusCode).toBe(404);
      expect((await admin.get('/api/products/admin/abc')).statusCode).toBe(400);
    });
  });

  it('documents the new routes in the OpenAPI description', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/products/admin',
        '/api/products/admin/{id}',
        '/api/products/{id}/editProduct',
        '/api/products/delete/{id}',
      ]),
    );
  });
});
