import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { producto, usuario } from '../db/schema';
import { signInWithGoogle } from '../modules/google-sign-in';
import { Agent } from '../test/agent';
import { seededTestApp, type TestApp } from '../test/app';
import { rawGet } from '../test/raw-get';
import { startBucket, type TestBucket } from '../test/s3';
import { type ServerProcess, seededDataDir, startServer, stopServer } from '../test/server-process';
import { TEST_SHOP } from '../test/shop';
import { createStorage } from './create';
import { STORED_FILE_CACHE } from './local';

const png = (background: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .png()
    .toBuffer();

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

/** A multipart/form-data body with one file field, as a browser sends it. */
function multipart(bytes: Buffer) {
  const boundary = '----vitrinaS3Boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, 'content-type': `multipart/form-data; boundary=${boundary}` };
}

describe('images on an S3-compatible bucket', () => {
  let bucket: TestBucket;
  let t: TestApp;
  /**
   * Another process of the shop on the same bucket, with a database of its own and no image on its disk.
   * (Its database is a copy of the seeded template: an empty one would cost PostgreSQL's initdb.)
   */
  let other: ServerProcess;

  beforeAll(async () => {
    bucket = await startBucket();
    t = await seededTestApp('pglite', bucket.env);
    other = await startServer({ ...bucket.env, DATA_DIR: await seededDataDir({ images: false }) });
  });
  afterAll(async () => {
    if (other) await stopServer(other);
    await t?.close();
    await bucket?.close();
  });

  it('seeds the demo shop with its images in the bucket, served by any instance and cached for good', async () => {
    const [first] = await t.db.select({ imagen: producto.imagen }).from(producto).limit(1);
    expect(first?.imagen).toMatch(/^\/uploads\/productos\/.+\.webp$/);
    const file = await fetch(`${other.url}${first?.imagen}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toBe(STORED_FILE_CACHE);
    expect((await sharp(await bytesOf(file)).metadata()).format).toBe('webp');
  });

  it('stores an admin upload in the bucket: another instance serves it, and a new product may use it', async () => {
    const admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    const { body, ...headers } = multipart(await png('#0a6'));
    const upload = await admin.request('POST', '/api/uploads', body, headers);
    expect(upload.statusCode).toBe(201);
    const url: string = upload.json().secure_url;
    expect(url).toMatch(/^\/uploads\/productos\/[0-9a-f]{24}\.webp$/);

    const served = await fetch(`${other.url}${url}`);
    expect(served.status).toBe(200);
    expect(await sharp(await bytesOf(served)).metadata()).toMatchObject({ format: 'webp', width: 900 });

    // A product may only point at an image the store holds: the bucket is asked.
    const created = await admin.post('/api/products', {
      nombre: 'Maceta de barro',
      descripcion_producto: 'Maceta hecha a mano',
      valor: 120,
      valor_descuento: null,
      stock: 3,
      id_categoria_producto: 1,
      imagen: url,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().imagen).toBe(url);
  });

  it('answers 404 for a file the bucket does not hold, and for a path that tries to leave it', async () => {
    const port = Number(new URL(other.url).port);
    for (const path of [
      '/uploads/productos/no-existe.webp',
      '/uploads/productos/../../secreto.webp',
      '/uploads/productos/%2e%2e/%2e%2e/secreto.webp',
    ]) {
      expect((await rawGet(port, path)).status, path).toBe(404);
    }
  });

  it("stores a new Google account's picture in the bucket", async () => {
    const picture = await png('#c00');
    const result = await signInWithGoogle(
      t.db,
      {
        sub: 'sub-s3',
        email: 'foto.s3@example.com',
        email_verified: true,
        given_name: 'Foto',
        family_name: 'Nube',
        picture: 'https://lh3.example.com/a.png',
      },
      {
        storage: await createStorage(t.config),
        shop: TEST_SHOP,
        fetchAvatar: async () => picture,
      },
    );
    if (result.outcome !== 'signed-in') throw new Error(result.outcome);
    const [row] = await t.db.select().from(usuario).where(eq(usuario.email, 'foto.s3@example.com'));
    const served = await fetch(`${other.url}${row?.imagen}`);
    expect(served.status).toBe(200);
    expect(await sharp(await bytesOf(served)).metadata()).toMatchObject({ format: 'webp', width: 256 });
  });
});

describe('images behind a CDN (PUBLIC_ASSETS_URL)', () => {
  let bucket: TestBucket;
  let t: TestApp;
  beforeAll(async () => {
    bucket = await startBucket();
    t = await seededTestApp('pglite', { ...bucket.env, PUBLIC_ASSETS_URL: 'https://cdn.example.com/' });
  });
  afterAll(async () => {
    await t?.close();
    await bucket?.close();
  });

  it('keeps the stored /uploads/… URLs and sends them on to the CDN for good', async () => {
    const res = await t.app.inject({ url: '/uploads/productos/c1-1.webp' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('https://cdn.example.com/productos/c1-1.webp');
    expect(res.headers['cache-control']).toBe(STORED_FILE_CACHE);
    // The pages may show images from there.
    const page = await t.app.inject({ url: '/' });
    expect(page.headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https://cdn.example.com;",
    );
  });
});
