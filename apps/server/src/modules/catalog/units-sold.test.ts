import { randomUUID } from 'node:crypto';
import { isActiveOrder, ORDER_STATES, type OrderState } from '@vitrina/shared';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { detalleVenta, producto, usuario, venta } from '../../db/schema';
import { seededTestApp, type TestApp } from '../../test/app';
import { seededDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../test/databases';
import { eventually } from '../../test/smtp';
import { countUnitsSold } from './units-sold';

/*
 * A product's units sold count the lines of orders sold (migration 0010). A line written while its order is
 * pending, as every checkout writes them, changes nothing of the product (migration 0035): not even an
 * empty UPDATE, whose statement triggers would announce a catalog change to every process. A sold order's
 * units are queued and counted into the product by the catalog's loop (migration 0036, countUnitsSold).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('units sold by the lines of an order, on postgres', () => {
  let database: TestDatabase;
  let listener: pg.Client;
  const heard: string[] = [];
  let buyer: number;
  let product: { id: number; sold: number };

  beforeAll(async () => {
    database = await seededDatabase('postgres');
    listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    listener.on('notification', (message) => heard.push(message.channel));
    await listener.query('LISTEN catalogo_cambio; LISTEN prueba_marca');
    const [user] = await database.db.select({ id: usuario.id_usuario }).from(usuario).limit(1);
    const [row] = await database.db
      .select({ id: producto.id_producto, sold: producto.unidades_vendidas })
      .from(producto)
      .limit(1);
    if (!user || !row) throw new Error('the demo shop has customers and products');
    buyer = user.id;
    product = row;
  });

  afterAll(async () => {
    await listener?.end();
    await database?.drop();
  });

  /** An order in `estado` with one line of `cantidad` units of the product, written in one transaction. */
  const order = (estado: 'pendiente' | 'pagada', cantidad: number): Promise<number> =>
    database.db.transaction(async (tx) => {
      const [sale] = await tx
        .insert(venta)
        .values({
          valor_total_venta: '10.00',
          id_usuario: buyer,
          id_pago: 'pm_prueba',
          estado,
          idempotency_key: randomUUID(),
        })
        .returning({ id: venta.id_venta });
      await tx.insert(detalleVenta).values({
        id_venta: sale?.id as number,
        id_producto: product.id,
        cantidad,
        valor_unitario: '10.00',
        valor_total_cantidad: '10.00',
      });
      return sale?.id as number;
    });
  const sold = async () =>
    (
      await database.db
        .select({ n: producto.unidades_vendidas })
        .from(producto)
        .where(eq(producto.id_producto, product.id))
    )[0]?.n;
  /** What the listener heard up to a marker sent now: notifications arrive in the order of their commits. */
  const heardUntilNow = async () => {
    await database.db.execute(sql`SELECT pg_notify('prueba_marca', '')`);
    await expect.poll(() => heard.at(-1)).toBe('prueba_marca');
    return heard.splice(0);
  };

  it("leaves the product alone for a pending order's lines", async () => {
    await order('pendiente', 2);
    expect(await heardUntilNow()).toEqual(['prueba_marca']);
    expect(await sold()).toBe(product.sold);
  });

  it('queues the lines of an order written as sold; counting them changes the product once and announces it', async () => {
    await order('pagada', 3);
    expect(await heardUntilNow()).toEqual(['prueba_marca']);
    expect(await sold()).toBe(product.sold);
    expect(await countUnitsSold(database.db)).toBe(1);
    expect(await heardUntilNow()).toEqual(['catalogo_cambio', 'prueba_marca']);
    expect(await sold()).toBe(product.sold + 3);
    // Nothing left to count: no write, no announcement.
    expect(await countUnitsSold(database.db)).toBe(0);
    expect(await heardUntilNow()).toEqual(['prueba_marca']);
  });

  it('counts each queued unit once when several processes count at the same time', async () => {
    const before = await sold();
    for (let i = 1; i <= 20; i++) await order('pagada', i);
    const counted = await Promise.all(Array.from({ length: 4 }, () => countUnitsSold(database.db)));
    expect(counted.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sold()).toBe((before ?? 0) + 210);
  });

  it('takes back the units of a sold order that is cancelled, once counted', async () => {
    const before = await sold();
    const id = await order('pagada', 4);
    await database.db.update(venta).set({ estado: 'cancelada' }).where(eq(venta.id_venta, id));
    await countUnitsSold(database.db);
    expect(await sold()).toBe(before);
  });
});

/*
 * Which states count as sold is ACTIVE_ORDER_STATES (packages/shared): the states of an order the shop keeps
 * the money of. The triggers ask estado_vendido (migration 0038), held equal to it here.
 */
describe.each(TEST_DATABASE_KINDS)('the states whose units count as sold, on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await seededDatabase(kind);
  });
  afterAll(() => database?.drop());

  it('are the active orders of packages/shared, in the database too', async () => {
    const rows = await rowsOf<{ estado: OrderState; vendido: boolean }>(
      database.db,
      sql`SELECT e AS estado, estado_vendido(e) AS vendido FROM unnest(${sql.param([...ORDER_STATES])}::text[]) AS e`,
    );
    expect(rows).toEqual(ORDER_STATES.map((estado) => ({ estado, vendido: isActiveOrder(estado) })));
  });

  it("keep a paid order's units counted in each of them, and in no other", async () => {
    const [row] = await database.db
      .select({ user: usuario.id_usuario, product: producto.id_producto })
      .from(usuario)
      .innerJoin(producto, sql`true`)
      .limit(1);
    if (!row) throw new Error('the demo shop has customers and products');
    const sold = async () => {
      await countUnitsSold(database.db);
      const [p] = await database.db
        .select({ n: producto.unidades_vendidas })
        .from(producto)
        .where(eq(producto.id_producto, row.product));
      return p?.n ?? 0;
    };
    for (const estado of ORDER_STATES) {
      const [sale] = await database.db
        .insert(venta)
        .values({
          valor_total_venta: '10.00',
          id_usuario: row.user,
          id_pago: 'pm_prueba',
          estado: 'pagada',
          idempotency_key: randomUUID(),
        })
        .returning({ id: venta.id_venta });
      await database.db.insert(detalleVenta).values({
        id_venta: sale?.id as number,
        id_producto: row.product,
        cantidad: 5,
        valor_unitario: '2.00',
        valor_total_cantidad: '10.00',
      });
      const before = await sold();
      await database.db
        .update(venta)
        .set({ estado })
        .where(eq(venta.id_venta, sale?.id as number));
      expect({ estado, units: (await sold()) - before }).toEqual({
        estado,
        units: isActiveOrder(estado) ? 0 : -5,
      });
    }
  });
});

describe.each(TEST_DATABASE_KINDS)("the shop's loop that counts units sold, on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await seededTestApp(kind, {}, { unitsSold: { everyMs: 20 } });
  });
  afterAll(() => t?.close());

  it("counts a paid order's units into its product without being asked", async () => {
    const [row] = await t.db
      .select({ user: usuario.id_usuario, product: producto.id_producto, sold: producto.unidades_vendidas })
      .from(usuario)
      .innerJoin(producto, sql`true`)
      .limit(1);
    if (!row) throw new Error('the demo shop has customers and products');
    await t.db.transaction(async (tx) => {
      const [sale] = await tx
        .insert(venta)
        .values({
          valor_total_venta: '14.00',
          id_usuario: row.user,
          id_pago: 'pm_prueba',
          estado: 'pagada',
          idempotency_key: randomUUID(),
        })
        .returning({ id: venta.id_venta });
      await tx.insert(detalleVenta).values({
        id_venta: sale?.id as number,
        id_producto: row.product,
        cantidad: 7,
        valor_unitario: '2.00',
        valor_total_cantidad: '14.00',
      });
    });
    const counted = await eventually(async () => {
      const [p] = await t.db
        .select({ n: producto.unidades_vendidas })
        .from(producto)
        .where(eq(producto.id_producto, row.product));
      return p?.n === row.sold + 7;
    });
    expect(counted).toBe(true);
  });
});
