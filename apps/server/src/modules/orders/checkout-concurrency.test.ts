import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { cargoSandbox, detalleVenta, producto, unidadesPorContar, variante, venta } from '../../db/schema';
import { CUSTOMER_PASSWORD, customerRegistration } from '../../test/agent';
import { deferred } from '../../test/deferred';
import { HttpClient } from '../../test/http-client';
import { processDatabase } from '../../test/process-database';
import { type ServerProcess, startServer, stopServer } from '../../test/server-process';
import { TEST_ADDRESS } from '../../test/shipping-address';

const BUYERS = 50;
const STOCK = 10;
const VARIANT_BUYERS = 12;
const LAST_UNITS = 3;
const OTHERS_STOCK = 7;

/*
 * No oversell across processes: two real servers on one PostgreSQL database, fifty shoppers at once for
 * ten units of a product, then twelve for the last three units of one variant. Only PostgreSQL can be shared by processes, so this runs when TEST_DATABASE_URL is set.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('fifty simultaneous checkouts on two server processes', () => {
  let database: Awaited<ReturnType<typeof processDatabase>>;
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    database = await processDatabase();
    // The first seeds the empty database; the second starts once it is serving, on the seeded data.
    for (const seed of ['true', 'false']) {
      const dataDir = await mkdtemp(join(tmpdir(), 'vitrina-concurrency-'));
      dataDirs.push(dataDir);
      servers.push(await startServer({ DATABASE_URL: database.url, DATA_DIR: dataDir, SEED_ON_START: seed }));
    }
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => stopServer(s)));
    await database?.drop();
    await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  /** `count` new customers with a card each, shopper i on server i % 2, as a load balancer pins nothing. */
  const signedInShoppers = (count: number, prefix: string) =>
    Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const client = new HttpClient((servers[i % 2] as ServerProcess).url);
        const email = `${prefix}${i}@example.com`;
        const registered = await client.post('/api/usuario', customerRegistration(email));
        expect(registered.status, JSON.stringify(registered.body)).toBe(201);
        await client.signIn(email, CUSTOMER_PASSWORD);
        return { client, idPago: await client.sandboxCard('Cliente Concurrente') };
      }),
    );

  it('sells exactly the stock, refuses the rest with 409 and never goes below zero', async ({ annotate }) => {
    const setupStart = Date.now();
    // Shopper i uses server i % 2 for everything, as a load balancer would pin nothing.
    const shoppers = await signedInShoppers(BUYERS, 'concurrente');
    const setupMs = Date.now() - setupStart;

    const [target] = await database.db
      .select({ id: producto.id_producto, nombre: producto.nombre })
      .from(producto)
      .where(eq(producto.estado, true))
      .orderBy(producto.id_producto)
      .limit(1);
    if (!target) throw new Error('no active product');
    await database.db.update(producto).set({ stock: STOCK }).where(eq(producto.id_producto, target.id));

    const start = performance.now();
    const answers = await Promise.all(
      shoppers.map(({ client, idPago }, i) => {
        const t0 = performance.now();
        return client
          .post(
            '/api/venta',
            {
              detalle_venta: [{ id_producto: target.id, cantidad: 1 }],
              id_pago: idPago,
              direccion_envio: TEST_ADDRESS,
            },
            { 'idempotency-key': `concurrencia-${i}-${Date.now()}` },
          )
          .then((res) => ({ ...res, ms: performance.now() - t0 }));
      }),
    );
    const wallMs = performance.now() - start;

    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(STOCK);
    expect(statuses.filter((s) => s === 409)).toHaveLength(BUYERS - STOCK);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.message).toBe(`No hay suficientes unidades de ${target.nombre}. Quedan 0.`);
    }
    const [row] = await database.db.select().from(producto).where(eq(producto.id_producto, target.id));
    expect(row?.stock).toBe(0);
    // The seed's demo orders may include this product; count only the sales made here.
    const ours = and(eq(detalleVenta.id_producto, target.id), like(venta.idempotency_key, 'concurrencia-%'));
    const [paid] = await database.db
      .select({ n: count() })
      .from(venta)
      .innerJoin(detalleVenta, eq(detalleVenta.id_venta, venta.id_venta))
      .where(and(ours, eq(venta.estado, 'pagada')));
    expect(paid?.n).toBe(STOCK);
    const [sales] = await database.db
      .select({ n: count() })
      .from(venta)
      .innerJoin(detalleVenta, eq(detalleVenta.id_venta, venta.id_venta))
      .where(ours);
    expect(sales?.n).toBe(STOCK);
    const [charges] = await database.db.select({ n: count() }).from(cargoSandbox);
    expect(charges?.n).toBe(STOCK);
    // The database itself refuses a negative stock, whatever the code does.
    await expect(
      database.db.execute(sql`UPDATE producto SET stock = stock - 1 WHERE id_producto = ${target.id}`),
    ).rejects.toThrow();

    const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
    const pct = (p: number) =>
      Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
    await annotate(
      `${BUYERS} shoppers set up (register, sign in, card) in ${setupMs} ms; ` +
        `${BUYERS} checkouts in ${Math.round(wallMs)} ms wall, per request p50 ${pct(0.5)} ms, ` +
        `p95 ${pct(0.95)} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms`,
    );
  });

  // Twelve shoppers for the last three units of one variant of a shirt, while its siblings keep theirs.
  it('sells exactly the last three units of a variant and touches no other', async () => {
    const shoppers = await signedInShoppers(VARIANT_BUYERS, 'variante');

    // A shirt in two sizes and two colours; 'M · Azul' has its last three units.
    const [model] = await database.db.select().from(producto).where(eq(producto.estado, true)).limit(1);
    if (!model) throw new Error('no active product');
    const { id, target } = await database.db.transaction(async (tx) => {
      const [shirt] = await tx
        .insert(producto)
        .values({
          nombre: 'Camiseta carrera',
          descripcion_producto: 'Camiseta para la prueba de concurrencia.',
          valor: '100.00',
          stock: 0,
          imagen: model.imagen,
          id_categoria_producto: model.id_categoria_producto,
          opciones: [
            { nombre: 'Talla', valores: ['M', 'L'] },
            { nombre: 'Color', valores: ['Rojo', 'Azul'] },
          ],
        })
        .returning();
      if (!shirt) throw new Error('insert returned no row');
      const rows = await tx
        .insert(variante)
        .values(
          [
            ['M', 'Rojo'],
            ['M', 'Azul'],
            ['L', 'Rojo'],
            ['L', 'Azul'],
          ].map((valores) => ({
            id_producto: shirt.id_producto,
            sku: `CARRERA-${valores.join('-')}`,
            valores,
            valor: '100.00',
            stock: valores.join() === 'M,Azul' ? LAST_UNITS : OTHERS_STOCK,
          })),
        )
        .returning();
      const mAzul = rows.find((v) => v.valores.join() === 'M,Azul');
      if (!mAzul) throw new Error('no M · Azul');
      return { id: shirt.id_producto, target: mAzul.id_variante };
    });

    const answers = await Promise.all(
      shoppers.map(({ client, idPago }, i) =>
        client.post(
          '/api/venta',
          {
            detalle_venta: [{ id_producto: id, id_variante: target, cantidad: 1 }],
            id_pago: idPago,
            direccion_envio: TEST_ADDRESS,
          },
          { 'idempotency-key': `carrera-${i}-${Date.now()}` },
        ),
      ),
    );

    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(LAST_UNITS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(VARIANT_BUYERS - LAST_UNITS);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.message).toBe(
        'No hay suficientes unidades de Camiseta carrera (Talla M · Azul). Quedan 0.',
      );
    }
    const variants = await database.db.select().from(variante).where(eq(variante.id_producto, id));
    expect(variants.map((v) => [v.sku, v.stock]).sort()).toEqual([
      ['CARRERA-L-Azul', OTHERS_STOCK],
      ['CARRERA-L-Rojo', OTHERS_STOCK],
      ['CARRERA-M-Azul', 0],
      ['CARRERA-M-Rojo', OTHERS_STOCK],
    ]);
    const [shirt] = await database.db.select().from(producto).where(eq(producto.id_producto, id));
    expect(shirt?.stock).toBe(3 * OTHERS_STOCK);
    const sold = await database.db
      .select({ sku: detalleVenta.sku, estado: venta.estado })
      .from(venta)
      .innerJoin(detalleVenta, eq(detalleVenta.id_venta, venta.id_venta))
      .where(and(eq(detalleVenta.id_producto, id), like(venta.idempotency_key, 'carrera-%')));
    expect(sold).toEqual(
      Array.from({ length: LAST_UNITS }, () => ({ sku: 'CARRERA-M-Azul', estado: 'pagada' })),
    );
  });

  // The order of locks every path keeps (decision 032), in the statement that takes a cart's stock (109).
  it('locks each product of a cart before any of its variants, so a refund never waits on it in a circle', async () => {
    const [shopper] = await signedInShoppers(1, 'orden');
    if (!shopper) throw new Error('no shopper');
    const [first, second] = (
      await database.db
        .select({ id: producto.id_producto })
        .from(producto)
        .where(and(eq(producto.estado, true), sql`jsonb_array_length(${producto.opciones}) = 0`))
        .orderBy(producto.id_producto)
        .limit(2)
    ).map((row) => row.id);
    if (first === undefined || second === undefined) throw new Error('two products without options');
    await database.db
      .update(producto)
      .set({ stock: 50 })
      .where(inArray(producto.id_producto, [first, second]));

    // The earlier sales' units are counted first, so no count locks products while the checkout waits.
    await expect.poll(async () => database.db.$count(unidadesPorContar), { timeout: 60_000 }).toBe(0);

    // Another transaction holds the second product, as a refund does before it gives its units back.
    const released = deferred();
    const held = deferred<number>();
    const holder = database.db.transaction(async (tx) => {
      await tx
        .select({ id: producto.id_producto })
        .from(producto)
        .where(eq(producto.id_producto, second))
        .for('update');
      const [backend] = await rowsOf<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
      held.resolve(backend?.pid ?? 0);
      await released.promise;
    });
    const holderPid = await held.promise;
    const sale = shopper.client.post(
      '/api/venta',
      {
        detalle_venta: [
          { id_producto: second, cantidad: 1 },
          { id_producto: first, cantidad: 1 },
        ],
        id_pago: shopper.idPago,
        direccion_envio: TEST_ADDRESS,
      },
      { 'idempotency-key': `orden-${Date.now()}` },
    );
    // The checkout, and nothing queued behind it, waits for the holder itself.
    const waiting = async () => {
      const [row] = await rowsOf<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE datname = current_database() AND ${holderPid} = ANY (pg_blocking_pids(pid))`,
      );
      return row?.n;
    };
    try {
      await expect.poll(waiting, { timeout: 60_000 }).toBe(1);
      // The checkout waits for the second product holding the first; none of the second's variants is
      // locked yet, so the holder can take them as a refund would, without a deadlock.
      await database.db.transaction(async (tx) => {
        await tx
          .select({ id: variante.id_variante })
          .from(variante)
          .where(eq(variante.id_producto, second))
          .for('update', { noWait: true });
      });
    } finally {
      // Released whatever the checks found, so the checkout and the servers' shutdown are not left waiting.
      released.resolve();
      await holder;
    }
    expect((await sale).status).toBe(201);
  });
});
