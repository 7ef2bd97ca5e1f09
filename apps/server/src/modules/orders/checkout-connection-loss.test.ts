import { and, asc, eq, gt, inArray, like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cargoSandbox, producto, venta, ventaEstadoHistorial } from '../../db/schema';
import { DEMO_CUSTOMER } from '../../seed/demo-accounts';
import { type HttpAnswer, HttpClient } from '../../test/http-client';
import { processShop } from '../../test/process-database';
import { type ServerProcess, startServer, stopServer } from '../../test/server-process';
import { TEST_ADDRESS } from '../../test/shipping-address';
import { eventually } from '../../test/smtp';

const ORDERS = 6;
/** How long a request retries its confirming write (CONNECTION_RETRY_MS; the shop's own is 3 s). */
const RETRY_MS = 1000;
const PAYMENT_RECEIVED =
  'Recibimos tu pago. Estamos registrando tu pedido: aparecerá en tu historial de compras en unos momentos.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/*
 * The shop as a process on its own PostgreSQL database, its connections terminated exactly when a charged
 * order is being marked paid. The test holds a lock on the table that only that write needs (the order's
 * state history) and terminates the shop's backends waiting on it, so it is that write, and nothing
 * before it, that meets the termination. No purchase is ever sent twice.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('charged orders whose confirming write is dropped', () => {
  let database: Awaited<ReturnType<typeof processShop>>;
  let server: ServerProcess;
  /** The test's connection that holds the lock. */
  let locker: pg.Client;
  /** The one that finds and terminates the shop's backends waiting on it. */
  let watcher: pg.Client;
  let buyer: HttpClient;
  let idPago: string;
  /** Products not bought yet: each order buys one unit of its own, so no two orders wait on each other. */
  let products: Array<{ id: number; stock: number }>;

  beforeAll(async () => {
    database = await processShop();
    server = await startServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      // A request gives up on the database after 1 s instead of the shop's 3 s: four or five attempts.
      CONNECTION_RETRY_MS: String(RETRY_MS),
    });
    locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    watcher = new pg.Client({ connectionString: database.url });
    await watcher.connect();
    buyer = new HttpClient(server.url);
    await buyer.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    idPago = await buyer.sandboxCard('Lucía Hernández');
    products = await database.db
      .select({ id: producto.id_producto, stock: producto.stock })
      .from(producto)
      .where(and(eq(producto.estado, true), gt(producto.stock, 0)))
      .orderBy(asc(producto.id_producto))
      .limit(2 * ORDERS);
    expect(products).toHaveLength(2 * ORDERS);
  });

  afterAll(async () => {
    await locker?.end();
    await watcher?.end();
    if (server) await stopServer(server);
    await database?.drop();
  });

  /** From now on the write that marks an order paid waits (its state history row), until COMMIT. */
  async function holdConfirmingWrites() {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE venta_estado_historial IN SHARE MODE');
  }

  /**
   * The shop's backends waiting to write the state history: the orders' confirming writes. (pg_locks is
   * read live; pg_stat_activity's query text can be a statement behind. Copies of one template share
   * table oids, hence the database.)
   */
  async function waitingConfirms(): Promise<number[]> {
    const { rows } = await watcher.query<{ pid: number }>(
      `SELECT DISTINCT pid FROM pg_locks
        WHERE NOT granted AND relation = 'venta_estado_historial'::regclass
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    return rows.map((row) => row.pid);
  }

  async function terminate(pids: number[]) {
    await watcher.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
  }

  /** ORDERS purchases at once, one unit each of the next products, each sent once; with their stock before. */
  function purchases(name: string) {
    const bought = products.splice(0, ORDERS);
    const answers = Promise.all(
      bought.map((product, i) =>
        buyer.post(
          '/api/venta',
          {
            detalle_venta: [{ id_producto: product.id, cantidad: 1 }],
            id_pago: idPago,
            direccion_envio: TEST_ADDRESS,
          },
          { 'idempotency-key': `${name}-${i}-${Date.now()}` },
        ),
      ),
    );
    return { bought, answers, key: `${name}-%` };
  }

  const ordersOf = (key: string) => database.db.select().from(venta).where(like(venta.idempotency_key, key));

  /** Every order paid once: one charge, one 'pagada' in its history, an order number, one unit of stock taken. */
  async function expectPaidOnce(key: string, bought: Array<{ id: number; stock: number }>) {
    const orders = await ordersOf(key);
    expect(orders).toHaveLength(ORDERS);
    const ids = orders.map((order) => order.id_venta);
    for (const order of orders) {
      expect(order.estado).toBe('pagada');
      expect(order.numero_pedido).not.toBeNull();
    }
    const charges = await database.db.select().from(cargoSandbox).where(inArray(cargoSandbox.id_venta, ids));
    expect(charges.map((charge) => charge.estado)).toEqual(Array(ORDERS).fill('succeeded'));
    const history = await database.db
      .select()
      .from(ventaEstadoHistorial)
      .where(inArray(ventaEstadoHistorial.id_venta, ids));
    expect(history.map((row) => row.estado)).toEqual(Array(ORDERS).fill('pagada'));
    const stock = await database.db
      .select({ id: producto.id_producto, stock: producto.stock })
      .from(producto)
      .where(
        inArray(
          producto.id_producto,
          bought.map((product) => product.id),
        ),
      )
      .orderBy(asc(producto.id_producto));
    expect(stock).toEqual(bought.map((product) => ({ id: product.id, stock: product.stock - 1 })));
  }

  it('retries a dropped confirming write within the request: every order answers 201, paid', async ({
    annotate,
  }) => {
    await holdConfirmingWrites();
    const { bought, answers, key } = purchases('breve');
    const waiting = await eventually(async () => {
      const pids = await waitingConfirms();
      return pids.length === ORDERS && pids;
    });
    await terminate(waiting);
    await locker.query('COMMIT');
    const results: HttpAnswer[] = await answers;
    expect(results.map((answer) => answer.status)).toEqual(Array(ORDERS).fill(201));
    for (const answer of results) expect(answer.body.estado).toBe('pagada');
    await expectPaidOnce(key, bought);
    expect(server.child.exitCode).toBeNull();
    await annotate(
      `${ORDERS} confirming writes terminated at once; every request paid its order by retrying`,
    );
  });

  it('says the payment was received while the database stays away, then pays every order within seconds', async ({
    annotate,
  }) => {
    await holdConfirmingWrites();
    const { bought, answers, key } = purchases('larga');
    let answered = false;
    const started = Date.now();
    void answers.then(() => {
      answered = true;
    });
    // Every confirming write is terminated as it comes, the requests' retries and the background's alike.
    let kills = 0;
    while (!answered) {
      const pids = await waitingConfirms();
      if (pids.length > 0) await terminate(pids);
      kills += pids.length;
      await sleep(20);
    }
    const answerMs = Date.now() - started;
    const results: HttpAnswer[] = await answers;
    expect(results.map((answer) => answer.status)).toEqual(Array(ORDERS).fill(202));
    for (const answer of results) {
      expect(answer.body).toMatchObject({
        estado: 'pendiente',
        pago_recibido: { message: PAYMENT_RECEIVED },
      });
    }
    // Each request tried again before it answered.
    expect(kills).toBeGreaterThan(2 * ORDERS);
    expect((await ordersOf(key)).map((order) => order.estado)).toEqual(Array(ORDERS).fill('pendiente'));

    const back = Date.now();
    await locker.query('COMMIT');
    await eventually(async () => (await ordersOf(key)).every((order) => order.estado === 'pagada'), 10_000);
    const settleMs = Date.now() - back;
    await expectPaidOnce(key, bought);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/"level":(50|60)/);
    await annotate(
      `answered 202 after ${answerMs} ms (${kills} confirming writes terminated); ` +
        `every order paid ${settleMs} ms after the database was back`,
    );
  });
});
