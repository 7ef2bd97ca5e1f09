import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { producto, variante } from '../../db/schema';
import { seededDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../test/databases';
import { listVisibleProductIds } from './service';

/*
 * What the public sees is the stored `visible` (migration 0037), the listing indexes' predicate, so that a
 * sale changes no indexed column of producto unless it sells the last unit (decision 108).
 */
describe.each(TEST_DATABASE_KINDS)('a product visible to the public on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await seededDatabase(kind);
  });
  afterAll(() => database?.drop());

  it('has no index that reads its stock, so a sale that leaves some is a HOT update', async () => {
    const indexes = await rowsOf<{ def: string }>(
      database.db,
      sql`SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index WHERE indrelid = 'producto'::regclass`,
    );
    expect(indexes.length).toBeGreaterThan(10);
    expect(indexes.filter((i) => /\bstock\b/.test(i.def))).toEqual([]);
  });

  it('leaves the listing when its stock reaches 0 and comes back when it is restocked', async () => {
    const [variant] = await database.db
      .select({ id: variante.id_variante, product: variante.id_producto, stock: variante.stock })
      .from(variante)
      .innerJoin(producto, eq(producto.id_producto, variante.id_producto))
      .where(sql`${producto.visible} AND ${producto.opciones} = '[]'::jsonb`)
      .limit(1);
    if (!variant) throw new Error('the demo shop has products without options on sale');
    const listed = async () => (await listVisibleProductIds(database.db)).includes(variant.product);
    expect(await listed()).toBe(true);
    const setStock = (stock: number) =>
      database.db.update(variante).set({ stock }).where(eq(variante.id_variante, variant.id));
    await setStock(1);
    expect(await listed()).toBe(true);
    await setStock(0);
    expect(await listed()).toBe(false);
    await setStock(variant.stock);
    expect(await listed()).toBe(true);
  });
});
