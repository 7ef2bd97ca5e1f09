import type { Product, ProductPage } from '@vitrina/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../../test/agent';
import { seededTestApp, type TestApp } from '../../../test/app';
import { TEST_DATABASE_KINDS } from '../../../test/databases';

/*
 * Option values are catalog words (docs/decisions/091-option-words-are-catalog-words.md): a query of
 * sizes and colours alone finds the products that have them, however short the size, whatever the
 * colour's gender, next to the demo catalog as the shop seeds it.
 */

async function imageUpload() {
  const png = await sharp({
    create: { width: 16, height: 16, channels: 3, background: { r: 20, g: 20, b: 200 } },
  })
    .png()
    .toBuffer();
  const boundary = '----vitrinaOptionWordsBoundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(TEST_DATABASE_KINDS)('search by option words on %s', (kind) => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await seededTestApp(kind);
    const admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    const { body, headers } = await imageUpload();
    const imagen = (await admin.request('POST', '/api/uploads', body, headers)).json().secure_url as string;
    const create = async (nombre: string, tallas: string[], colores: string[]) => {
      const opciones = [
        ...(tallas.length > 0 ? [{ nombre: 'Talla', valores: tallas }] : []),
        { nombre: 'Color', valores: colores },
      ];
      const combos = (tallas.length > 0 ? tallas : [undefined]).flatMap((talla) =>
        colores.map((color) => (talla ? [talla, color] : [color])),
      );
      const res = await admin.post('/api/products', {
        nombre,
        descripcion_producto: 'Prenda de algodón peinado para todos los días.',
        valor: '100',
        id_categoria_producto: 1,
        imagen,
        opciones,
        variantes: combos.map((valores) => ({ valores, stock: 3 })),
      });
      expect(res.statusCode, res.body).toBe(201);
      ids[nombre] = (res.json() as Product).id_producto;
    };
    await create('Camiseta zorzal', ['S', 'M', 'L'], ['Rojo', 'Azul']);
    await create('Camiseta gorrión', ['S', 'L', 'XL'], ['Rojo']);
    await create('Camiseta tordo', ['M', 'XL'], ['Verde']);
    await create('Gorra chingolo', [], ['Rojo']);
  });
  afterAll(() => t?.close());

  const search = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products?name=${encodeURIComponent(query)}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ProductPage).items.map((p) => p.id_producto);
  };

  it('ranks first the red shirt that has an M for "camiseta roja talla m"', async () => {
    expect((await search('camiseta roja talla m'))[0]).toBe(ids['Camiseta zorzal']);
    expect((await search('rojo m'))[0]).toBe(ids['Camiseta zorzal']);
  });

  it('finds the products with an XL for "talla xl", first', async () => {
    const found = await search('talla xl');
    expect(found.slice(0, 2).sort()).toEqual([ids['Camiseta gorrión'], ids['Camiseta tordo']].sort());
  });

  it('finds the products in a colour by the colour alone, in either gender', async () => {
    const red = [ids['Camiseta zorzal'], ids['Camiseta gorrión'], ids['Gorra chingolo']];
    for (const query of ['rojo', 'roja', 'rojas']) {
      const found = await search(query);
      expect(found, query).toEqual(expect.arrayContaining(red));
      expect(found, query).not.toContain(ids['Camiseta tordo']);
    }
    const both = await search('talla rojo');
    expect(both.slice(0, 2).sort()).toEqual([ids['Camiseta zorzal'], ids['Camiseta gorrión']].sort());
  });

  it('still lists nothing for a thing the shop does not sell in a size or colour it has', async () => {
    for (const query of ['zapatos rojos', 'croquetas talla m', 'vestido de fiesta rojo xl']) {
      expect(await search(query), query).toEqual([]);
    }
  });
});
