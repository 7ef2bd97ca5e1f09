import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../seed/demo-accounts';
import { HttpClient } from '../test/http-client';
import { privatePostgres } from '../test/private-postgres';
import { processShop } from '../test/process-database';
import { type ServerProcess, startServer, stopServer, waitForHealth } from '../test/server-process';
import { TEST_ADDRESS } from '../test/shipping-address';

/*
 * The real server process on PostgreSQL while its connections are taken away: terminated backends under
 * load, and a full restart of PostgreSQL. The process must never die, answer anything but its usual
 * answers or a 503 that says to try again, leave a sale half-written, or need a restart to recover.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the shop may answer while connections drop: its usual answers, or 503 with a Spanish message. */
const EXPECTED = new Set([200, 201, 304, 402, 404, 409, 503]);

interface Traffic {
  /** Status codes seen, by request kind. */
  statuses: Map<string, number[]>;
  /** Requests that got no HTTP answer at all, or an answer of an unexpected shape. */
  failures: string[];
  stop(): Promise<void>;
}

/**
 * Shoppers browsing uncached pages, reading their session and buying one unit at a time, until stopped.
 * Each 503 must carry the shop's Spanish message and a Retry-After header.
 */
async function startTraffic(url: string, workers: number): Promise<Traffic> {
  const shopper = new HttpClient(url);
  await shopper.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  const idPago = await shopper.sandboxCard('Lucía Hernández');
  const statuses = new Map<string, number[]>();
  const failures: string[] = [];
  let running = true;
  let sequence = 0;

  async function oneRequest(worker: number): Promise<void> {
    const n = sequence++;
    const kind = ['listing', 'product', 'session', 'checkout'][n % 4] as string;
    let path = '/api/usuario/me';
    let answer: Response;
    if (kind === 'checkout') {
      path = '/api/venta';
      answer = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: [...shopper.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-xsrf-token': shopper.cookies.get('XSRF-TOKEN') ?? '',
          'idempotency-key': `loss-${worker}-${n}-${Date.now()}`,
        },
        body: JSON.stringify({
          detalle_venta: [{ id_producto: 1 + (n % 40), cantidad: 1 }],
          id_pago: idPago,
          direccion_envio: TEST_ADDRESS,
        }),
      });
    } else {
      // A new URL every time: the catalog cache must not hide the database.
      if (kind === 'listing') path = `/api/products?page=${1 + (n % 12)}&minPrecio=${n % 997}`;
      if (kind === 'product') path = `/api/products/${1 + (n % 121)}?v=${n}`;
      answer = await fetch(`${url}${path}`, {
        headers: { cookie: [...shopper.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
    }
    const text = await answer.text();
    statuses.set(kind, [...(statuses.get(kind) ?? []), answer.status]);
    // A checkout whose charge could not be made is left pending and says so (502); one charged but not yet
    // recorded says the payment was received (202), and the process records it by itself.
    const expected =
      EXPECTED.has(answer.status) ||
      (kind === 'checkout' && (answer.status === 502 || answer.status === 202));
    if (!expected) failures.push(`${kind} ${path}: ${answer.status} ${text}`);
    if (answer.status === 202 && !(JSON.parse(text) as { pago_recibido?: unknown }).pago_recibido)
      failures.push(`${kind} ${path}: 202 without pago_recibido: ${text}`);
    if (answer.status === 503) {
      const body = JSON.parse(text) as { message?: string };
      if (!body.message?.includes('Intenta de nuevo') || !answer.headers.get('retry-after'))
        failures.push(`${kind} ${path}: 503 without message or Retry-After: ${text}`);
    }
  }

  const loops = Array.from({ length: workers }, async (_, worker) => {
    while (running) {
      await oneRequest(worker).catch((err: Error) => failures.push(`no answer: ${err.message}`));
    }
  });
  return {
    statuses,
    failures,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Stock, lines and sales agree: every sale has its lines, and stock fell by exactly what was sold. */
async function expectBooksBalance(client: pg.Client, stockBefore: Map<number, number>) {
  const { rows: orphans } = await client.query(
    'SELECT v.id_venta FROM venta v LEFT JOIN detalle_venta d USING (id_venta) WHERE d.id_venta IS NULL',
  );
  expect(orphans, 'sales without lines').toEqual([]);
  const { rows } = await client.query<{ id_producto: number; stock: number; taken: string }>(`
    SELECT p.id_producto, p.stock, COALESCE(SUM(d.cantidad) FILTER (WHERE v.estado IN ('pagada', 'pendiente')), 0) AS taken
    FROM producto p LEFT JOIN detalle_venta d USING (id_producto) LEFT JOIN venta v USING (id_venta)
    GROUP BY p.id_producto`);
  for (const row of rows) {
    expect(row.stock, `stock of product ${row.id_producto}`).toBe(
      (stockBefore.get(row.id_producto) ?? 0) - Number(row.taken),
    );
  }
}

async function stockBeforeSales(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ id_producto: number; stock: number; sold: string }>(`
    SELECT p.id_producto, p.stock, COALESCE(SUM(d.cantidad) FILTER (WHERE v.estado IN ('pagada', 'pendiente')), 0) AS sold
    FROM producto p LEFT JOIN detalle_venta d USING (id_producto) LEFT JOIN venta v USING (id_venta)
    GROUP BY p.id_producto`);
  // The stock before any sale: what is left plus what the seed's own sales took.
  return new Map(rows.map((row) => [row.id_producto, row.stock + Number(row.sold)]));
}

describe.runIf(process.env.TEST_DATABASE_URL)('the server process when PostgreSQL drops connections', () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => {});
  });

  async function dataDir() {
    const dir = await mkdtemp(join(tmpdir(), 'vitrina-loss-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  }

  it('keeps serving while every connection is terminated each 300 ms under load', async ({ annotate }) => {
    const database = await processShop();
    cleanup.push(() => database.drop());
    const server: ServerProcess = await startServer({
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url,
    });
    cleanup.push(() => stopServer(server, 'SIGKILL'));
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    cleanup.push(() => admin.end());
    // The test's own connection to read the books is not one of the shop's: it is spared below.
    const name = new URL(database.url).pathname.slice(1);
    const books = new pg.Client({ connectionString: database.url });
    await books.connect();
    cleanup.push(() => books.end());
    const stockBefore = await stockBeforeSales(books);
    const booksPid = (await books.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;

    const traffic = await startTraffic(server.url, 8);
    let kills = 0;
    for (const deadline = Date.now() + 6000; Date.now() < deadline; kills++) {
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> $2',
        [name, booksPid],
      );
      await sleep(300);
    }
    await traffic.stop();

    expect(server.child.exitCode, server.output()).toBeNull();
    expect(traffic.failures, server.output()).toEqual([]);
    const all = [...traffic.statuses.values()].flat();
    // The storm really reached requests in flight, and most still got through.
    expect(all.filter((status) => status === 503).length).toBeGreaterThan(0);
    expect(all.filter((status) => status < 300).length).toBeGreaterThan(all.length / 2);
    expect(await waitForHealth(server.url, 200, { timeoutMs: 5000 })).toBeLessThan(5000);

    await expectBooksBalance(books, stockBefore);
    await annotate(
      `${kills} rounds of terminated connections; ${all.length} requests: ${all.filter((s) => s < 300).length} ok, ${all.filter((s) => s === 503).length} × 503`,
    );
  });

  it('answers 503 while PostgreSQL restarts and recovers by itself, catalog cache cleared', async ({
    annotate,
  }) => {
    const postgres = await privatePostgres();
    cleanup.push(() => postgres.destroy());
    const server = await startServer({ DATA_DIR: await dataDir(), DATABASE_URL: postgres.url });
    cleanup.push(() => stopServer(server, 'SIGKILL'));
    const direct = () => new pg.Client({ connectionString: postgres.url });

    const before = direct();
    await before.connect();
    const stockBefore = await stockBeforeSales(before);
    await before.end();
    // A product page read into the catalog cache before the restart.
    const cached = (await (await fetch(`${server.url}/api/products/2`)).json()) as { nombre: string };
    expect(cached.nombre).toBeTruthy();

    const traffic = await startTraffic(server.url, 4);
    await sleep(500);
    await postgres.stop();
    expect(await waitForHealth(server.url, 503, { timeoutMs: 5000 })).toBeLessThan(5000);
    const down = await fetch(`${server.url}/api/products?minPrecio=1234`);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBeTruthy();
    expect(((await down.json()) as { message: string }).message).toMatch(/Intenta de nuevo en unos segundos/);

    await postgres.start();
    // Changed while the shop's listening connection is still away: its announcement is never heard.
    const during = direct();
    await during.connect();
    await during.query(`UPDATE producto SET nombre = 'Cambiado durante el reinicio' WHERE id_producto = 2`);
    await during.end();
    const recoveredIn = await waitForHealth(server.url, 200, { timeoutMs: 15_000 });
    await sleep(1000);
    await traffic.stop();

    expect(server.child.exitCode, server.output()).toBeNull();
    expect(traffic.failures, server.output()).toEqual([]);
    const product = (await (await fetch(`${server.url}/api/products/2`)).json()) as { nombre: string };
    expect(product.nombre).toBe('Cambiado durante el reinicio');

    const after = direct();
    await after.connect();
    try {
      await expectBooksBalance(after, stockBefore);
    } finally {
      await after.end();
    }
    await annotate(`healthy again ${recoveredIn} ms after PostgreSQL was back`);
  });
});
