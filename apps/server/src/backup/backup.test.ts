import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGzip } from 'node:zlib';
import { XSRF_COOKIE, XSRF_HEADER } from '@vitrina/shared';
import sharp from 'sharp';
import { type Header, pack } from 'tar-stream';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEMO_CUSTOMER } from '../seed/demo-accounts';
import { HttpClient } from '../test/http-client';
import { TEST_NODE_FLAGS } from '../test/node-flags';
import { notPrivate } from '../test/private-files';
import {
  PROCESS_START_MS,
  type ServerProcess,
  seededDataDir,
  startServer,
  stopServer,
} from '../test/server-process';
import { TEST_ADDRESS } from '../test/shipping-address';

const run = promisify(execFile);

/** `npm run backup` / `npm run restore` as an operator runs them (bundled), with DATA_DIR set. */
const script = (dataDir: string, ...args: string[]) =>
  run(process.execPath, [...TEST_NODE_FLAGS, inject('vitrinaTestTemplates').bundle.backup, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
  });

type Failure = { code: number; stdout: string; stderr: string };

/** `npm start` as an operator runs it (bundled), on DATA_DIR. */
const startShop = (dataDir: string) =>
  run(process.execPath, [...TEST_NODE_FLAGS, inject('vitrinaTestTemplates').bundle.main], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
    },
    timeout: PROCESS_START_MS,
  });

/** A gzipped tar holding `entries` in order, each with its bytes (none for folders and links). */
async function tarball(path: string, entries: Array<[Header | { name: string }, string?]>) {
  const archive = pack();
  const written = pipeline(archive, createGzip(), createWriteStream(path));
  for (const [header, body] of entries) archive.entry(header, body ?? '');
  archive.finalize();
  await written;
}

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

  it('copies a running shop with a new product, its image and a sale; the restored copy serves them all', async ({
    annotate,
  }) => {
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

describe('restoring an archive', () => {
  it('killed mid-way, leaves DATA_DIR unborn: the shop refuses to start in one line, and a rerun restores it', async () => {
    const { root } = inject('vitrinaTestTemplates');
    const source = await seededDataDir();
    // An image as large as a shop's many: the restore takes long enough to be stopped half-way.
    const large = randomBytes(48 * 1024 * 1024);
    await writeFile(join(source, 'uploads', 'grande.webp'), large);
    const archive = join(await mkdtemp(join(root, 'archive-')), 'vitrina.tar.gz');
    await run('tar', ['-czf', archive, '-C', source, '.']);

    const dataDir = join(await mkdtemp(join(root, 'interrupted-')), 'data');
    const restoring = `${dataDir}.restoring`;
    const child = spawn(
      process.execPath,
      [...TEST_NODE_FLAGS, inject('vitrinaTestTemplates').bundle.backup, 'restore', archive],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
        stdio: 'ignore',
      },
    );
    const exited = once(child, 'exit');
    while (!existsSync(join(restoring, 'pglite')) && child.exitCode === null)
      await new Promise((resolve) => setTimeout(resolve, 2));
    child.kill('SIGKILL');
    // Stopped before it finished (not a restore that happened to end first).
    expect(await exited).toEqual([null, 'SIGKILL']);
    expect(existsSync(dataDir)).toBe(false);
    expect(existsSync(restoring)).toBe(true);

    const refused = (await startShop(dataDir).catch((err: Failure) => err)) as Failure;
    expect(refused.code).toBe(1);
    const output = `${refused.stdout}${refused.stderr}`.trim();
    expect(output.split('\n'), output).toHaveLength(1);
    expect(output).toBe(
      `La restauración de una copia en DATA_DIR ${dataDir} no ha terminado: vuelve a ejecutar npm run restore ` +
        `con esa copia (o, si ya no quieres restaurarla, borra ${restoring}).`,
    );
    // Nothing was created or seeded in its place.
    expect(existsSync(dataDir)).toBe(false);

    await script(dataDir, 'restore', archive);
    expect(existsSync(restoring)).toBe(false);
    expect((await readdir(dataDir)).sort()).toEqual(['pglite', 'uploads']);
    expect((await readFile(join(dataDir, 'uploads', 'grande.webp'))).equals(large)).toBe(true);
    expect(await notPrivate(dataDir)).toEqual([]);
    const shop = await startServer({ DATA_DIR: dataDir });
    try {
      const products = (await new HttpClient(shop.url).get('/api/products?pageSize=1')).body;
      expect(products.total).toBeGreaterThan(0);
    } finally {
      await stopServer(shop);
    }
  });

  it('refuses an archive with a link, a device, or a path leading out of DATA_DIR, and leaves nothing anywhere', async () => {
    const { root } = inject('vitrinaTestTemplates');
    const work = await mkdtemp(join(root, 'hostile-'));
    const outside = await mkdtemp(join(root, 'outside-'));
    // What a backup holds first, so that each refusal comes after files were already written.
    const looksRight: Array<[{ name: string }, string?]> = [
      [{ name: './pglite/PG_VERSION' }, '17\n'],
      [{ name: './uploads/a.webp' }, 'imagen'],
    ];
    const hostile: Array<[string, Array<[Header | { name: string }, string?]>, string]> = [
      [
        'a symbolic link, then a file through it',
        [
          [{ name: './uploads/fuera', type: 'symlink', linkname: outside }],
          [{ name: './uploads/fuera/escrito.txt' }, 'fuera'],
        ],
        'un enlace simbólico',
      ],
      [
        'a hard link',
        [[{ name: './uploads/passwd', type: 'link', linkname: '/etc/passwd' }]],
        'un enlace duro',
      ],
      [
        'a device',
        [[{ name: './pglite/null', type: 'character-device', devmajor: 1, devminor: 3 }]],
        'un dispositivo',
      ],
      [
        'a path with ..',
        [[{ name: './uploads/../../escrito.txt' }, 'fuera']],
        'una ruta que sale de su carpeta',
      ],
      ['an absolute path', [[{ name: join(outside, 'escrito.txt') }, 'fuera']], 'una ruta absoluta'],
      [
        'a file outside the three folders',
        [[{ name: './.env' }, 'SECRETO=1']],
        'algo que no está en pglite/',
      ],
    ];
    for (const [what, entries, reason] of hostile) {
      const archive = join(work, `${what.replaceAll(' ', '-')}.tar.gz`);
      await tarball(archive, [...looksRight, ...entries]);
      const dataDir = join(await mkdtemp(join(work, 'data-')), 'data');
      const refused = (await script(dataDir, 'restore', archive).catch((err: Failure) => err)) as Failure;
      expect(refused.code, what).toBe(1);
      expect(refused.stderr.trim().split('\n'), what).toHaveLength(1);
      expect(refused.stderr, what).toContain(`${archive} no es una copia de Vitrina que se pueda restaurar`);
      expect(refused.stderr, what).toContain(reason);
      expect(existsSync(dataDir), what).toBe(false);
      expect(existsSync(`${dataDir}.restoring`), what).toBe(false);
      expect(await readdir(outside), what).toEqual([]);
      expect(existsSync(join(work, 'escrito.txt')), what).toBe(false);
    }

    // A backup cut short (a full disk, a copy stopped half-way) fails the same way.
    const source = await seededDataDir();
    const archive = join(work, 'cortada.tar.gz');
    await run('tar', ['-czf', archive, '-C', source, '.']);
    await truncate(archive, Math.floor((await stat(archive)).size / 2));
    const dataDir = join(await mkdtemp(join(work, 'data-')), 'data');
    const refused = (await script(dataDir, 'restore', archive).catch((err: Failure) => err)) as Failure;
    expect(refused).toMatchObject({
      code: 1,
      stderr: `${archive} no es una copia de Vitrina (no es un .tar.gz legible).\n`,
    });
    expect(existsSync(dataDir)).toBe(false);
    expect(existsSync(`${dataDir}.restoring`)).toBe(false);
  });
});
