import { execFile } from 'node:child_process';
import { mkdtemp, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { XSRF_COOKIE, XSRF_HEADER } from '@vitrina/shared';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEMO_CUSTOMER } from '../db/seed/demo-accounts';
import { HttpClient } from '../test/http-client';
import { TEST_NODE_FLAGS } from '../test/node-flags';
import { notPrivate } from '../test/private-files';
import { type ServerProcess, seededDataDir, startServer, stopServer } from '../test/server-process';
import { TEST_ADDRESS } from '../test/shipping-address';

const run = promisify(execFile);

/** `npm run backup` / `npm run restore` as an operator runs them (bundled), with DATA_DIR set. */
const script = (dataDir: string, ...args: string[]) =>
  run(process.execPath, [...TEST_NODE_FLAGS, inject('vitrinaTestTemplates').bundle.backup, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
  });

async function uploadImage(client: HttpClient, bytes: Buffer): Promise<string> {
  const boundary = '----vitrinaBackupBoundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`;
  const res = await fetch(`${client.baseUrl}/api/uploads`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      [XSRF_HEADER]: client.cookies.get(XSRF_COOKIE) ?? '',
    },
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { secure_url: string }).secure_url;
}

describe('backup and restore of the embedded shop', () => {
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await stopServer(server, 'SIGKILL');
  });

  // Two shop starts and four script runs: longer than the default timeout on a busy machine.
  it('copies a running shop with a new product, its image and a sale; the restored copy serves them all', {
    timeout: 90_000,
  }, async ({ annotate }) => {
    const { admin: ADMIN, root } = inject('vitrinaTestTemplates');
    const dataDir = await seededDataDir();
    const shop = await startServer({ DATA_DIR: dataDir });
    servers.push(shop);

    const admin = new HttpClient(shop.url);
    await admin.signIn(ADMIN.email, ADMIN.password);
    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const imageUrl = await uploadImage(admin, image);
    const created = await admin.post('/api/products', {
      nombre: 'Jarrón de talavera',
      descripcion_producto: 'Pintado a mano en Puebla',
      valor: 450,
      valor_descuento: null,
      stock: 5,
      id_categoria_producto: 1,
      imagen: imageUrl,
    });
    expect(created.status).toBe(201);
    const product = created.body as { id_producto: number };

    const shopper = new HttpClient(shop.url);
    await shopper.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const sale = await shopper.post(
      '/api/venta',
      {
        detalle_venta: [{ id_producto: product.id_producto, cantidad: 2 }],
        id_pago: await shopper.sandboxCard('Lucía Hernández'),
        direccion_envio: TEST_ADDRESS,
      },
      { 'idempotency-key': 'backup-test-0001' },
    );
    expect(sale.status).toBe(201);
    const servedBefore = Buffer.from(await (await fetch(`${shop.url}${imageUrl}`)).arrayBuffer());
    // The image, the sale's rows and its e-mail are the shop's user's alone.
    await expect.poll(() => readdir(join(dataDir, 'mail')).catch(() => [])).not.toHaveLength(0);
    expect(await notPrivate(dataDir)).toEqual([]);

    // While the shop runs: the script asks it for the database.
    const backups = await mkdtemp(join(root, 'backups-'));
    const started = Date.now();
    const { stdout } = await script(dataDir, 'backup', backups);
    const backupMs = Date.now() - started;
    expect(stdout).toContain('con la tienda en marcha');
    const archives = await readdir(backups);
    expect(archives).toEqual([expect.stringMatching(/^vitrina-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/)]);
    const archive = join(backups, archives[0] as string);
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    // The shop still serves after the copy.
    expect((await fetch(`${shop.url}/api/health/ready`)).status).toBe(200);

    // A non-empty DATA_DIR is refused, and left as it was.
    const busy = await mkdtemp(join(root, 'busy-'));
    await writeFile(join(busy, 'algo.txt'), 'no borrar');
    const refused = await script(busy, 'restore', archive).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('no está vacía') });
    expect(await readdir(busy)).toEqual(['algo.txt']);

    // A DATA_DIR with no shop in it is not backed up as an empty one, nor created.
    const nowhere = join(await mkdtemp(join(root, 'nowhere-')), 'data');
    const none = await script(nowhere, 'backup', backups).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect(none).toMatchObject({ code: 1, stderr: expect.stringContaining('No hay ninguna tienda') });
    await expect(readdir(nowhere)).rejects.toThrow(/ENOENT/);
    expect(await readdir(backups)).toHaveLength(1);

    const restoredDir = join(await mkdtemp(join(root, 'restored-')), 'data');
    await script(restoredDir, 'restore', archive);
    expect(await notPrivate(restoredDir)).toEqual([]);
    const restored = await startServer({ DATA_DIR: restoredDir });
    servers.push(restored);

    const client = new HttpClient(restored.url);
    await client.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const history = (await client.get('/api/venta?pageSize=50')).body.items as Array<{ id_venta: number }>;
    expect(history.map((s) => s.id_venta)).toContain(sale.body.id_venta);
    const copy = (await client.get(`/api/products/${product.id_producto}`)).body;
    expect(copy).toMatchObject({ nombre: 'Jarrón de talavera', imagen: imageUrl, stock: 3 });
    const served = await fetch(`${restored.url}${imageUrl}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(servedBefore)).toBe(true);
    const restoredAdmin = new HttpClient(restored.url);
    await restoredAdmin.signIn(ADMIN.email, ADMIN.password);
    annotate(`backup of a running seeded shop: ${backupMs} ms (script start included)`);
  });
});
