import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from './seed/demo-accounts';
import { HttpClient } from './test/http-client';
import { freePort, type ServerProcess, seededDataDir, startServer, stopServer } from './test/server-process';
import { TEST_ADDRESS } from './test/shipping-address';

describe('operating a shop process (the bundled server, as npm start runs it)', () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('serves Prometheus metrics on METRICS_PORT only, and drains on SIGTERM: the checkout in flight finishes', async () => {
    const metricsPort = await freePort();
    const server: ServerProcess = await startServer({
      DATA_DIR: await seededDataDir(),
      METRICS_PORT: String(metricsPort),
      SANDBOX_LATENCY_MS: '1500',
      SHUTDOWN_TIMEOUT_MS: '8000',
    });
    cleanup.push(() => stopServer(server, 'SIGKILL'));
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;

    // Some traffic: the catalog four times (a miss, then three answers kept in memory), a product by id.
    const shopper = new HttpClient(server.url);
    for (let i = 0; i < 4; i++) await shopper.get('/api/products?pageSize=2');
    const product = (await shopper.get('/api/products?pageSize=1')).body.items[0];
    await shopper.get(`/api/products/${product.id_producto}`);

    // Not on the shop's own port: there /metrics is an unknown page like any other.
    const onShopPort = await fetch(`${server.url}/metrics`);
    expect(onShopPort.status).not.toBe(200);
    expect(await onShopPort.text()).not.toContain('vitrina_');
    const metrics = await (await fetch(metricsUrl)).text();
    // By route pattern, never the raw URL.
    expect(metrics).toMatch(
      /vitrina_http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:id",status="200"\} 1\n/,
    );
    expect(metrics).not.toContain(`/api/products/${product.id_producto}"`);
    // Answers from memory are timed like the others: all five listings, three of them cache hits.
    expect(metrics).toMatch(
      /vitrina_http_request_duration_seconds_count\{method="GET",route="\/api\/products",status="200"\} 5\n/,
    );
    expect(metrics).toMatch(/vitrina_catalog_cache_requests_total\{result="hit"\} [3-9]/);
    expect(metrics).toMatch(/vitrina_catalog_cache_requests_total\{result="miss"\} [1-9]/);
    expect(metrics).toMatch(/vitrina_mail_outbox_pending \d+\n/);
    expect(metrics).toContain('vitrina_refunds{state="completado"} 0\n');

    // A checkout whose charge takes 1.5 s is in flight when SIGTERM arrives.
    await shopper.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const idPago = await shopper.sandboxCard('Lucía Hernández');
    const checkout = shopper.post(
      '/api/venta',
      {
        detalle_venta: [{ id_producto: product.id_producto, cantidad: 1 }],
        id_pago: idPago,
        direccion_envio: TEST_ADDRESS,
      },
      { 'idempotency-key': 'drain-test-0001' },
    );
    await new Promise((r) => setTimeout(r, 500));
    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    // No new connections while draining.
    expect(
      await fetch(`${server.url}/api/health/ready`).then(
        (r) => r.status,
        () => 'refused',
      ),
    ).not.toBe(200);

    const answer = await checkout;
    expect(answer.status).toBe(201);
    expect(answer.body.estado).toBe('pagada');
    expect(await server.exited, server.output()).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(8000);
  });
});
