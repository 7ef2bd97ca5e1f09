import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Product } from '@vitrina/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, producto, productoImagen } from '../../db/schema';
import { createStorage } from '../../storage/create';
import { Agent } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { storePhotoSizes } from '../uploads';
import { sizeStoredPhotos } from './photos';

/** A multipart/form-data body with one PNG of this size, as the admin form uploads it. */
async function imageUpload(seed: number, width = 40, height = 30) {
  const png = await sharp({
    create: { width, height, channels: 3, background: { r: seed % 256, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  const boundary = '----vitrinaPhotosBoundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let counter = 0;
const sizes = (url: string) => [400, 800, 1200].map((w) => url.replace(/\.webp$/, `-${w}w.webp`));

describe.each(TEST_DATABASE_KINDS)('product photos on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await seededTestApp(kind);
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
  });
  afterAll(() => t.close());

  const fileOf = (url: string) => join(t.config.uploadsDir, url.replace(/^\/uploads\//, ''));

  async function upload(width?: number, height?: number): Promise<string> {
    const { body, headers } = await imageUpload(++counter, width, height);
    const res = await admin.request('POST', '/api/uploads', body, headers);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().secure_url;
  }

  async function create(imagenes: { url: string; alt?: string }[]): Promise<Product> {
    const res = await admin.post('/api/products', {
      nombre: `Jarrón de cerámica ${++counter}`,
      descripcion_producto: 'Jarrón esmaltado a mano, de boca ancha y base firme.',
      valor: '80',
      stock: '5',
      id_categoria_producto: '1',
      imagenes,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  const edit = (id: number, body: unknown) => admin.request('PUT', `/api/products/${id}/editProduct`, body);

  it('stores a product upload in WebP at its full size and in 400, 800 and 1200 px wide', async () => {
    const url = await upload(2400, 1200);
    expect((await sharp(readFileSync(fileOf(url))).metadata()).width).toBe(1600);
    const widths = await Promise.all(
      sizes(url).map(async (size) => (await sharp(readFileSync(fileOf(size))).metadata()).width),
    );
    expect(widths).toEqual([400, 800, 1200]);
    const served = await t.app.inject({ url: sizes(url)[0] as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('keeps a photo narrower than a size as that size, byte for byte, instead of encoding it again', async () => {
    const url = await upload(600, 300);
    const full = readFileSync(fileOf(url));
    const [small, medium, large] = sizes(url).map((size) => readFileSync(fileOf(size)));
    expect((await sharp(small).metadata()).width).toBe(400);
    expect(medium?.equals(full)).toBe(true);
    expect(large?.equals(full)).toBe(true);
  });

  it('encodes a stored photo that carries metadata again for its sizes, which carry none', async () => {
    const storage = await createStorage(t.config);
    const url = await storage.save(
      `productos/con-metadatos-${++counter}.webp`,
      await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a05a2c' } })
        .withExif({ IFD0: { Copyright: 'Vitrina' } })
        .webp()
        .toBuffer(),
    );
    await storePhotoSizes({ storage, url, full: readFileSync(fileOf(url)) });
    for (const size of sizes(url)) {
      const meta = await sharp(readFileSync(fileOf(size))).metadata();
      expect([meta.format, meta.width, meta.exif]).toEqual(['webp', 300, undefined]);
    }
  });

  it('creates a product with its photos in order; imagen is the first, and the shopper sees them all', async () => {
    const [a, b] = [await upload(), await upload()];
    const created = await create([
      { url: b as string, alt: 'Vista de frente' },
      { url: a as string, alt: '' },
    ]);
    expect(created.imagen).toBe(b);
    expect(created.imagenes).toEqual([
      { url: b, alt: 'Vista de frente' },
      { url: a, alt: '' },
    ]);
    const shown = await new Agent(t.app).get(`/api/products/${created.id_producto}`);
    expect(shown.json().imagenes).toEqual(created.imagenes);
    const listing = await new Agent(t.app).get('/api/products?orden=recientes&pageSize=1');
    expect(listing.json().items[0].imagenes).toEqual(created.imagenes);
  });

  it('reorders, retitles and removes photos; a removed photo and its sizes are deleted', async () => {
    const [a, b, c] = [await upload(), await upload(), await upload()];
    const created = await create([{ url: a as string }, { url: b as string }, { url: c as string }]);
    const res = await edit(created.id_producto, {
      imagenes: [
        { url: c, alt: 'Detalle del esmalte' },
        { url: a, alt: 'Frente' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      imagen: c,
      imagenes: [
        { url: c, alt: 'Detalle del esmalte' },
        { url: a, alt: 'Frente' },
      ],
    });
    expect(existsSync(fileOf(b as string))).toBe(false);
    expect(sizes(b as string).some((size) => existsSync(fileOf(size)))).toBe(false);
    for (const kept of [a, c] as string[]) {
      expect(existsSync(fileOf(kept))).toBe(true);
      expect(sizes(kept).every((size) => existsSync(fileOf(size)))).toBe(true);
    }
    const [row] = await t.db.select().from(producto).where(eq(producto.id_producto, created.id_producto));
    expect(row?.imagen).toBe(c);
    const [entry] = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidad, 'producto'), eq(auditoria.id_entidad, created.id_producto)))
      .orderBy(desc(auditoria.id))
      .limit(1);
    expect(entry?.antes).toMatchObject({ imagenes: [a, b, c] });
    expect(entry?.despues).toMatchObject({ imagenes: [c, a], imagen: c });
  });

  it('keeps a photo another product still shows', async () => {
    const shared = await upload();
    const first = await create([{ url: shared }]);
    const other = await upload();
    await create([{ url: other }, { url: shared }]);
    expect((await edit(first.id_producto, { imagenes: [{ url: other }] })).statusCode).toBe(200);
    expect(existsSync(fileOf(shared))).toBe(true);
  });

  it('refuses too many photos, a photo the shop does not hold and an avatar, changing nothing', async () => {
    const a = await upload();
    const created = await create([{ url: a }]);
    const eleven = Array.from({ length: 11 }, () => ({ url: a, alt: '' }));
    const cases: [unknown, string][] = [
      [eleven, 'Máximo 10 fotos por producto'],
      [[{ url: a }, { url: '/uploads/productos/no-existe.webp' }], 'La imagen no existe. Vuelve a subirla.'],
      [[{ url: '/uploads/avatars/alguien.webp' }], 'La imagen no es válida'],
      [[{ url: a }, { url: a }], 'La misma foto está dos veces'],
    ];
    for (const [imagenes, message] of cases) {
      const res = await edit(created.id_producto, { imagenes });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json()), message).toContain(message);
    }
    const photos = await t.db
      .select({ url: productoImagen.url })
      .from(productoImagen)
      .where(eq(productoImagen.id_producto, created.id_producto));
    expect(photos).toEqual([{ url: a }]);
    expect(existsSync(fileOf(a))).toBe(true);
  });

  it('lets a client that only knows imagen replace the first photo', async () => {
    const [a, b, c] = [await upload(), await upload(), await upload()];
    const created = await create([{ url: a as string }, { url: b as string, alt: 'Lado' }]);
    const res = await edit(created.id_producto, { imagen: c });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().imagenes).toEqual([{ url: c, alt: '' }]);
    // The SPEC client sends back the whole product it read, with imagen changed.
    const d = await upload();
    const again = await edit(created.id_producto, { ...(res.json() as Product), imagen: d });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().imagenes).toEqual([{ url: d, alt: '' }]);
  });

  it('stores the sizes of photos from before sizes existed, once', async () => {
    const [seeded] = await t.db
      .select({ url: productoImagen.url, id: productoImagen.id_producto })
      .from(productoImagen)
      .where(eq(productoImagen.tamanos, false))
      .orderBy(asc(productoImagen.id_producto))
      .limit(1);
    if (!seeded) throw new Error('the seeded photos have no sizes to store');
    expect(existsSync(fileOf(sizes(seeded.url)[0] as string))).toBe(false);
    const storage = await createStorage(t.config);
    // One product's, as after an edit; at start-up every product's (main.ts).
    expect(await sizeStoredPhotos({ db: t.db, storage, productId: seeded.id })).toBe(1);
    expect(sizes(seeded.url).every((size) => existsSync(fileOf(size)))).toBe(true);
    expect(await sizeStoredPhotos({ db: t.db, storage, productId: seeded.id })).toBe(0);
  });

  it('sizes several photos at once when asked, each once, and marks every one', async () => {
    const urls = [await upload(), await upload(), await upload(), await upload(), await upload()];
    const created = await create(urls.map((url) => ({ url })));
    // As if stored before sizes existed.
    await t.db
      .update(productoImagen)
      .set({ tamanos: false })
      .where(eq(productoImagen.id_producto, created.id_producto));
    for (const url of urls) for (const size of sizes(url)) rmSync(fileOf(size));
    const storage = await createStorage(t.config);
    const sized = await sizeStoredPhotos({ db: t.db, storage, productId: created.id_producto, parallel: 3 });
    expect(sized).toBe(5);
    expect(urls.flatMap(sizes).every((size) => existsSync(fileOf(size)))).toBe(true);
    const left = await t.db
      .select()
      .from(productoImagen)
      .where(and(eq(productoImagen.id_producto, created.id_producto), eq(productoImagen.tamanos, false)));
    expect(left).toEqual([]);
  });

  it('migrates each product’s one picture into its first photo (migration 0024)', async () => {
    const migration = readFileSync(
      join(import.meta.dirname, '../../db/migrations/0024_product_photos.sql'),
      'utf8',
    );
    const insert = migration.split('--> statement-breakpoint').find((s) => s.includes('INSERT INTO'));
    if (!insert) throw new Error('the migration copies no photos');
    await t.db.delete(productoImagen);
    await t.db.execute(sql.raw(insert));
    const rows = await t.db
      .select({ imagen: producto.imagen, url: productoImagen.url, posicion: productoImagen.posicion })
      .from(producto)
      .leftJoin(productoImagen, eq(productoImagen.id_producto, producto.id_producto));
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(row).toEqual({ imagen: row.imagen, url: row.imagen, posicion: 1 });
  });
});
