import { CATEGORIES, type Product, type ProductPage, toCents } from '@vitrina/shared';
import { and, eq, gt, ilike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { producto } from '../../db/schema';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';

const paysCents = (p: Product) => toCents(p.valor_descuento ?? p.valor);

describe.each(TEST_DATABASE_KINDS)('catalog API on %s', (kind) => {
  let t: TestApp;
  let visibleIds: number[];

  beforeAll(async () => {
    t = await seededTestApp(kind);
    const rows = await t.db
      .select({ id: producto.id_producto })
      .from(producto)
      .where(and(eq(producto.estado, true), gt(producto.stock, 0)));
    visibleIds = rows.map((r) => r.id).sort((a, b) => a - b);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const page = async (url: string): Promise<ProductPage> => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Walks every page of a listing and returns the items in order. */
  const allPages = async (url: string, pageSize: number): Promise<Product[]> => {
    const items: Product[] = [];
    for (let p = 1; ; p++) {
      const body = await page(`${url}${url.includes('?') ? '&' : '?'}pageSize=${pageSize}&page=${p}`);
      items.push(...body.items);
      if (body.items.length < pageSize) return items;
    }
  };

  describe('GET /api/products', () => {
    it('answers the first page of 8 with the total of visible products', async () => {
      const body = await page('/api/products');
      expect(body.page).toBe(1);
      expect(body.pageSize).toBe(8);
      expect(body.items).toHaveLength(8);
      expect(body.total).toBe(visibleIds.length);
      expect(body.items[0]?.Categoria_producto.nombre_categoria_producto).toBeTypeOf('string');
    });

    it('never shows an inactive product or one without stock', async () => {
      const hidden = await t.db.select().from(producto).where(eq(producto.estado, false));
      const empty = await t.db.select().from(producto).where(eq(producto.stock, 0));
      expect(hidden.length).toBeGreaterThan(0);
      expect(empty.length).toBeGreaterThan(0);
      const shown = new Set((await allPages('/api/products', 48)).map((p) => p.id_producto));
      for (const p of [...hidden, ...empty]) {
        expect(shown.has(p.id_producto)).toBe(false);
        expect((await get(`/api/products/${p.id_producto}`)).statusCode).toBe(404);
        const found = await page(`/api/products?name=${encodeURIComponent(p.nombre)}`);
        expect(found.items.map((i) => i.id_producto)).not.toContain(p.id_producto);
      }
      const offers = await allPages('/api/products/filter/descuento/true', 48);
      expect(offers.every((p) => p.estado && p.stock > 0)).toBe(true);
    });

    it.each([['nombre_asc'], ['nombre_desc'], ['precio_asc'], ['precio_desc'], ['recientes'], ['']])(
      'pages through order "%s" without repeating or skipping a product',
      async (orden) => {
        const items = await allPages(`/api/products?orden=${orden}`, 7);
        const ids = items.map((p) => p.id_producto);
        expect(new Set(ids).size).toBe(ids.length);
        expect([...ids].sort((a, b) => a - b)).toEqual(visibleIds);
      },
    );

    it('orders by the price the shopper pays, cheapest or dearest first', async () => {
      const asc = (await allPages('/api/products?orden=precio_asc', 48)).map(paysCents);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
      const desc = (await allPages('/api/products?orden=precio_desc', 48)).map(paysCents);
      expect(desc).toEqual([...desc].sort((a, b) => b - a));
    });

    it('orders by name ignoring accents and case, and by most recent', async () => {
      const names = (await allPages('/api/products?orden=nombre_asc', 48)).map((p) =>
        p.nombre.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(),
      );
      expect(names).toEqual([...names].sort());
      const dates = (await allPages('/api/products?orden=recientes', 48)).map((p) => Date.parse(p.createdAt));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    });

    it('breaks price ties by id so equal prices keep their place between pages', async () => {
      await t.db.insert(producto).values(
        [1, 2, 3].map((n) => ({
          nombre: `Calcetines iguales ${n}`,
          descripcion_producto: 'Par de calcetines de algodón.',
          valor: '7.77',
          stock: 5,
          imagen: '/uploads/productos/c1-1.webp',
          id_categoria_producto: 1,
        })),
      );
      const items = await allPages('/api/products?orden=precio_asc&minPrecio=7.77&maxPrecio=7.77', 1);
      const ids = items.map((p) => p.id_producto);
      expect(ids).toHaveLength(3);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      await t.db.delete(producto).where(ilike(producto.nombre, 'Calcetines iguales%'));
    });

    it('filters by category, discount and the price paid', async () => {
      const cat3 = await allPages('/api/products?categoria=3', 48);
      expect(cat3.length).toBeGreaterThan(8);
      expect(cat3.every((p) => p.id_categoria_producto === 3)).toBe(true);

      const discounted = await allPages('/api/products?descuento=true', 48);
      expect(discounted.length).toBeGreaterThan(0);
      expect(discounted.every((p) => p.valor_descuento !== null && p.valor_descuento < p.valor)).toBe(true);
      const regular = await allPages('/api/products?descuento=false', 48);
      expect(regular.every((p) => p.valor_descuento === null)).toBe(true);
      expect(discounted.length + regular.length).toBe(visibleIds.length);

      const ranged = await allPages('/api/products?minPrecio=20&maxPrecio=100', 48);
      expect(ranged.length).toBeGreaterThan(0);
      expect(ranged.every((p) => paysCents(p) >= 2000 && paysCents(p) <= 10000)).toBe(true);
      // A product whose regular price is above the range but whose offer price is inside it is included.
      const all = await allPages('/api/products', 48);
      const insideByOffer = all.filter(
        (p) =>
          p.valor > 100 && p.valor_descuento !== null && p.valor_descuento >= 20 && p.valor_descuento <= 100,
      );
      for (const p of insideByOffer) expect(ranged.map((r) => r.id_producto)).toContain(p.id_producto);

      const combined = await allPages(
        '/api/products?categoria=2&descuento=true&maxPrecio=500&orden=precio_desc',
        48,
      );
      expect(combined.every((p) => p.id_categoria_producto === 2 && p.valor_descuento !== null)).toBe(true);
      expect(combined.every((p) => paysCents(p) <= 50000)).toBe(true);
    });

    it('answers an empty page, not an error, past the last page', async () => {
      const body = await page('/api/products?page=999');
      expect(body.items).toEqual([]);
      expect(body.total).toBe(visibleIds.length);
    });
  });

  describe('search by name', () => {
    const names = async (term: string) =>
      (await page(`/api/products?name=${encodeURIComponent(term)}`)).items.map((p) => p.nombre);

    it('ignores accents and case', async () => {
      expect(await names('jardineria')).toContain('Kit de jardinería para principiantes');
      expect(await names('JARDINERÍA')).toContain('Kit de jardinería para principiantes');
    });

    it('finds the singular from a plural', async () => {
      expect((await names('camisetas'))[0]).toMatch(/^Camiseta/);
    });

    it('tolerates one typo', async () => {
      expect(await names('licuadra')).toContain('Licuadora de vaso de vidrio');
      expect(await names('licuadoar')).toContain('Licuadora de vaso de vidrio');
    });

    it('finds a half-typed word', async () => {
      expect(await names('licua')).toContain('Licuadora de vaso de vidrio');
    });

    it('puts the best match first', async () => {
      expect((await names('licuadora'))[0]).toBe('Licuadora de vaso de vidrio');
    });

    it('treats symbols as text and finds nothing for nonsense', async () => {
      expect(await names("%_'\\")).toEqual([]);
      const none = await page('/api/products?name=zzzzqqqq');
      expect(none).toMatchObject({ items: [], total: 0 });
    });

    it('combines with the category filter', async () => {
      expect(await names('licuadora')).not.toEqual([]);
      const body = await page('/api/products?name=licuadora&categoria=1');
      expect(body.items).toEqual([]);
    });
  });

  describe('GET /api/products/:id', () => {
    it('answers the product with its category object', async () => {
      const id = visibleIds[0] as number;
      const res = await get(`/api/products/${id}`);
      expect(res.statusCode).toBe(200);
      const body: Product = res.json();
      expect(body.id_producto).toBe(id);
      expect(body.Categoria_producto.id_categoria_producto).toBe(body.id_categoria_producto);
    });

    it('answers 404 with a Spanish message for an unknown id', async () => {
      const res = await get('/api/products/987654');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: 'Not Found',
        message: 'El producto no existe o no está disponible.',
      });
    });
  });

  describe('GET /api/products/categoria/:id', () => {
    it('lists only that category, with the same query parameters', async () => {
      const body = await page('/api/products/categoria/5?orden=precio_asc&pageSize=4');
      expect(body.items).toHaveLength(4);
      expect(body.items.every((p) => p.id_categoria_producto === 5)).toBe(true);
      expect(body.total).toBeGreaterThan(8);
    });

    it('answers 404 for a category that does not exist', async () => {
      const res = await get('/api/products/categoria/99');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('La categoría no existe.');
    });
  });

  describe('GET /api/products/filter/descuento/:value', () => {
    it('lists discounted products for true and the rest for false', async () => {
      const on = await page('/api/products/filter/descuento/true?pageSize=48');
      expect(on.items.length).toBeGreaterThan(0);
      expect(on.items.every((p) => p.valor_descuento !== null)).toBe(true);
      const off = await page('/api/products/filter/descuento/false?pageSize=48');
      expect(off.items.every((p) => p.valor_descuento === null)).toBe(true);
    });
  });

  describe('GET /api/categorias', () => {
    it('answers the 11 categories with their ids, exact names and images', async () => {
      const res = await get('/api/categorias');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(
        body.map((c: { id_categoria_producto: number; nombre_categoria_producto: string }) => [
          c.id_categoria_producto,
          c.nombre_categoria_producto,
        ]),
      ).toEqual(CATEGORIES.map((c) => [c.id, c.nombre]));
      const image = await get(body[0].imagen_categoria_producto);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    });
  });

  describe('bad input', () => {
    it.each([
      ['/api/products?page=0', 'page', 'La página debe ser un número entero mayor o igual a 1'],
      ['/api/products?page=1.5', 'page', 'La página debe ser un número entero mayor o igual a 1'],
      [
        '/api/products?pageSize=1000',
        'pageSize',
        'El tamaño de página debe ser un número entero entre 1 y 48',
      ],
      ['/api/products?pageSize=0', 'pageSize', 'El tamaño de página debe ser un número entero entre 1 y 48'],
      [
        '/api/products?orden=foo',
        'orden',
        'El orden debe ser uno de: nombre_asc, nombre_desc, precio_asc, precio_desc, recientes',
      ],
      ['/api/products?minPrecio=abc', 'minPrecio', 'El precio mínimo debe ser un número'],
      ['/api/products?maxPrecio=-5', 'maxPrecio', 'El precio máximo no puede ser negativo'],
      [
        '/api/products?minPrecio=50&maxPrecio=10',
        'minPrecio',
        'El precio mínimo no puede ser mayor que el precio máximo',
      ],
      ['/api/products?categoria=x', 'categoria', 'El identificador debe ser un número entero positivo'],
      ['/api/products?descuento=quizas', 'descuento', 'El valor de descuento debe ser true o false'],
      [`/api/products?name=${'a'.repeat(101)}`, 'name', 'La búsqueda admite como máximo 100 caracteres'],
      ['/api/products/abc', 'id', 'El identificador debe ser un número entero positivo'],
      ['/api/products/-1', 'id', 'El identificador debe ser un número entero positivo'],
      ['/api/products/categoria/abc', 'id', 'El identificador debe ser un número entero positivo'],
      ['/api/products/filter/descuento/maybe', 'value', 'El valor de descuento debe ser true o false'],
    ])('%s answers 400 naming the field in Spanish', async (url, field, message) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Bad Request', message, fields: { [field]: message } });
    });

    it('logs nothing at error level for bad input', () => {
      expect(t.logs.filter((l) => l.level >= 50)).toEqual([]);
    });

    it('answers unknown API paths with the JSON error shape', async () => {
      const res = await get('/api/nope');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Not Found' });
    });
  });

  describe('HTTP caching', () => {
    it.each([['/api/products?page=2'], ['/api/products/categoria/1'], ['/api/categorias']])(
      '%s carries an ETag and answers If-None-Match with 304',
      async (url) => {
        const first = await get(url);
        const etag = first.headers.etag as string;
        expect(etag).toMatch(/^".+"$/);
        const again = await get(url, { 'if-none-match': etag });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
        const stale = await get(url, { 'if-none-match': '"something-else"' });
        expect(stale.statusCode).toBe(200);
      },
    );

    it('gives a product a new ETag when it changes', async () => {
      const id = visibleIds[1] as number;
      const before = (await get(`/api/products/${id}`)).headers.etag;
      await t.db.update(producto).set({ stock: 77 }).where(eq(producto.id_producto, id));
      const after = await get(`/api/products/${id}`, { 'if-none-match': String(before) });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before);
    });
  });
});
