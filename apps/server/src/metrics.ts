import { createServer, type Server } from 'node:http';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import type { Db } from './db/client';
import { correo, reembolso } from './db/schema';
import { listenError } from './startup';

/*
 * Prometheus metrics of this process (prom-client). Each process counts its own; Prometheus scrapes every
 * instance and sums. Served on METRICS_PORT by a listener of its own, never on the shop's public port.
 * Other modules count through the small functions below.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'vitrina_' });

const requestDuration = new client.Histogram({
  name: 'vitrina_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status: the count is the request rate, the buckets the latency',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const catalogCache = new client.Counter({
  name: 'vitrina_catalog_cache_requests_total',
  help: 'Catalog and search answers served from the cache (hit) or from the database (miss)',
  labelNames: ['result'],
  registers: [registry],
});

const checkouts = new client.Counter({
  name: 'vitrina_checkouts_total',
  help: 'Checkouts by outcome',
  labelNames: ['outcome'],
  registers: [registry],
});

/** The catalog cache (modules/catalog/cache.ts) counts each GET it answered or passed on. */
export const countCatalogCache = (result: 'hit' | 'miss') => catalogCache.inc({ result });

/** The checkout counts how each attempt ended ('paid', 'declined', 'error', …). */
export const countCheckout = (outcome: string) => checkouts.inc({ outcome });

/** A PostgreSQL pool's numbers (pg.Pool has them); the embedded PGlite has no pool. */
export interface PoolNumbers {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

let pool: PoolNumbers | undefined;

new client.Gauge({
  name: 'vitrina_db_pool_connections',
  help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
  labelNames: ['state'],
  registers: [registry],
  collect() {
    if (!pool) return;
    this.set({ state: 'total' }, pool.totalCount);
    this.set({ state: 'idle' }, pool.idleCount);
    this.set({ state: 'waiting' }, pool.waitingCount);
  },
});

let shopDb: Db | undefined;

// Read from the database at each scrape: the same numbers on every instance (take max(), not sum()).
new client.Gauge({
  name: 'vitrina_mail_outbox_pending',
  help: 'E-mails waiting in the outbox (modules/mail), the whole shop',
  registers: [registry],
  async collect() {
    if (!shopDb) return;
    const [row] = await shopDb.select({ n: count() }).from(correo).where(eq(correo.estado, 'pendiente'));
    this.set(row?.n ?? 0);
  },
});

new client.Gauge({
  name: 'vitrina_refunds',
  help: 'Refunds by state (modules/orders): pendiente, completado, fallido, the whole shop',
  labelNames: ['state'],
  registers: [registry],
  async collect() {
    if (!shopDb) return;
    const rows = await shopDb
      .select({ state: reembolso.estado, n: count() })
      .from(reembolso)
      .groupBy(reembolso.estado);
    for (const state of ['pendiente', 'completado', 'fallido'])
      this.set({ state }, rows.find((r) => r.state === state)?.n ?? 0);
  },
});

/** The database whose outbox and refunds /metrics reports (main.ts sets the process's own). */
export function watchDatabase(db: Db) {
  shopDb = db;
}

/** The pool whose numbers /metrics reports (main.ts sets the process's own). */
export function watchPool(numbers: PoolNumbers | undefined) {
  pool = numbers;
}

/** Times every request of `app` by its route pattern (never the raw URL: one series per route). */
export function measureRequests(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    requestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'not found',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

/**
 * GET /metrics on its own listener; anything else is 404. A port that cannot be taken is a StartupError
 * naming METRICS_PORT, like the shop's own port.
 */
export async function startMetricsServer(host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => reject(listenError(err, host, port, 'METRICS_PORT') ?? err));
    server.listen({ host, port }, resolve);
  });
  return server;
}
