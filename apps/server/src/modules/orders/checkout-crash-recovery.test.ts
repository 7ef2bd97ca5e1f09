import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../seed/demo-accounts';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { HttpClient } from '../../test/http-client';
import { processShop } from '../../test/process-database';
import { type ServerProcess, seededDataDir, startServer, stopServer } from '../../test/server-process';
import { TEST_ADDRESS } from '../../test/shipping-address';
import { SESSION_COOKIE } from '../sessions';

/*
 * A process killed between taking the stock and recording the charge (SANDBOX_LATENCY_MS holds the charge
 * in flight) leaves a 'pendiente' sale; the next start settles it before serving.
 */
describe.each(TEST_DATABASE_KINDS)('a crash in the middle of a checkout, on %s', (kind) => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('is settled at the next start: the sale fails and the stock comes back', async ({ annotate }) => {
    // A copy of the seeded templates either way (the run's folder is removed at its end).
    const { admin: ADMIN } = inject('vitrinaTestTemplates');
    const env: Record<string, string> = { SANDBOX_LATENCY_MS: '4000' };
    if (kind === 'postgres') {
      const database = await processShop();
      cleanup.push(() => database.drop());
      env.DATABASE_URL = database.url;
      env.DATA_DIR = database.dataDir;
    } else {
      env.DATA_DIR = await seededDataDir();
    }
    let server: ServerProcess = await startServer(env);
    cleanup.push(() => stopServer(server, 'SIGKILL'));

    const shopper = new HttpClient(server.url);
    await shopper.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    // The shopper's history lists paid purchases only; the admin sees the attempts in every state.
    const admin = new HttpClient(server.url);
    await admin.signIn(ADMIN.email, ADMIN.password);
    const idPago = await shopper.sandboxCard('Lucía Hernández');
    const product = (await shopper.get('/api/products?pageSize=1')).body.items[0];
    const initialStock: number = product.stock;

    const started = Date.now();
    const checkout = shopper
      .post(
        '/api/venta',
        {
          detalle_venta: [{ id_producto: product.id_producto, cantidad: 3 }],
          id_pago: idPago,
          direccion_envio: TEST_ADDRESS,
        },
        { 'idempotency-key': 'crash-test-0001' },
      )
      .catch((err: Error) => err);
    // The sale is recorded 'pendiente' at once; the charge then waits 4 s before reaching the sandbox.
    let pending: { id_venta: number; estado: string } | undefined;
    while (!pending && Date.now() - started < 3000) {
      const sales = await admin.get('/api/venta?estado=pendiente');
      pending = sales.body.items[0];
      if (!pending) await new Promise((r) => setTimeout(r, 50));
    }
    expect(pending, 'a pending sale before the charge').toBeDefined();
    expect((await shopper.get(`/api/products/${product.id_producto}`)).body.stock).toBe(initialStock - 3);

    expect(await stopServer(server, 'SIGKILL')).toBe('SIGKILL');
    const killedAt = Date.now();
    expect(await checkout).toBeInstanceOf(Error);

    server = await startServer({ ...env, SANDBOX_LATENCY_MS: '0' });
    const restartMs = Date.now() - killedAt;
    const after = new HttpClient(server.url);
    after.cookies.set(SESSION_COOKIE, admin.cookies.get(SESSION_COOKIE) as string);
    const sales = (await after.get('/api/venta?estado=todas&pageSize=50')).body.items as Array<{
      id_venta: number;
      estado: string;
    }>;
    expect(sales.find((s) => s.id_venta === pending?.id_venta)?.estado).toBe('fallida');
    after.cookies.set(SESSION_COOKIE, shopper.cookies.get(SESSION_COOKIE) as string);
    const history = (await after.get('/api/venta?pageSize=50')).body.items as Array<{ id_venta: number }>;
    expect(history.map((s) => s.id_venta)).not.toContain(pending?.id_venta);
    expect((await after.get(`/api/products/${product.id_producto}`)).body.stock).toBe(initialStock);
    await annotate(
      `${kind}: killed ${killedAt - started} ms into the checkout; restarted and settled in ${restartMs} ms`,
    );
    await stopServer(server);
  });
});
