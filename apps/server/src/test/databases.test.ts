import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { freshDatabase, seededDatabase } from './databases';

interface Seen {
  products: number;
  sales: number;
  stock: number;
  nextProductId: number;
  columns: number;
  timeZone: string;
  buffers: string;
}

/** A copy of a template, and what a test file can tell of it: rows, a sequence, columns, a session setting. */
async function copyOf(which: 'seeded' | 'empty') {
  const database = which === 'seeded' ? await seededDatabase('pglite') : await freshDatabase('pglite');
  if (!database) throw new Error('these tests run with the templates of test/global-setup.ts');
  const [seen] = await rowsOf<Seen>(
    database.db,
    sql`SELECT (SELECT count(*)::int FROM producto) AS products, (SELECT count(*)::int FROM venta) AS sales,
               (SELECT coalesce(sum(stock), 0)::int FROM producto) AS stock,
               (SELECT last_value::int FROM producto_id_producto_seq) AS "nextProductId",
               (SELECT count(*)::int FROM information_schema.columns WHERE table_name = 'producto') AS columns,
               current_setting('TimeZone') AS "timeZone", current_setting('shared_buffers') AS buffers`,
  );
  if (!seen) throw new Error('no answer');
  // Which PGlite this is: each one started its PostgreSQL at its own moment.
  const [{ instance } = { instance: '' }] = await rowsOf<{ instance: string }>(
    database.db,
    sql`SELECT pg_postmaster_start_time()::text AS instance`,
  );
  return { database, seen, instance };
}

// The worker keeps its PGlite copies between files and puts them back to a template's rows (databases.ts):
// nothing a file did may reach the next one.
describe('a PGlite copy of a template, as a test file gets it', () => {
  it('starts on the seeded rows, sequences and settings, whatever the previous user of the copy did', async () => {
    const first = await copyOf('seeded');
    expect(first.seen.sales).toBeGreaterThan(0);
    expect(first.seen.stock).toBeGreaterThan(0);
    const { db } = first.database;
    await db.execute(sql`TRUNCATE venta CASCADE`);
    await db.execute(sql`UPDATE producto SET stock = 0`);
    await db.execute(sql`SELECT nextval('producto_id_producto_seq') FROM generate_series(1, 50)`);
    await db.execute(sql`SET TimeZone = 'Asia/Tokyo'`);
    await first.database.drop();

    const second = await copyOf('seeded');
    await second.database.drop();
    expect(second.seen).toEqual(first.seen);
    // The same PGlite, put back to the template's rows: opening another costs a second of CPU.
    expect(second.instance).toBe(first.instance);
  });

  it('of the empty template has no rows, even when the copy last served the seeded one', async () => {
    // The first copy of the empty template is a fresh one: the worker reads the template's rows from it.
    await (await copyOf('empty')).database.drop();
    // Two at once, so that the worker's idle copies have both served the seeded template.
    const seeded = [await copyOf('seeded'), await copyOf('seeded')];
    for (const copy of seeded) await copy.database.drop();
    const empty = await copyOf('empty');
    await empty.database.drop();
    expect(seeded[1]?.seen).toEqual(seeded[0]?.seen);
    expect(seeded[0]?.seen.products).toBeGreaterThan(0);
    expect(empty.seen).toMatchObject({ products: 0, sales: 0, columns: seeded[0]?.seen.columns });
    // Both templates set a small buffer pool (global-setup.ts), which a copy zeroes as it opens.
    expect([seeded[0]?.seen.buffers, empty.seen.buffers]).toEqual(['16MB', '16MB']);
  });

  it('never has a column, an index or a trigger that a previous file added', async () => {
    const changed = await copyOf('seeded');
    await changed.database.db.execute(sql`CREATE INDEX sobrante ON producto (stock)`);
    await changed.database.drop();
    const afterIndex = await copyOf('seeded');
    const indexes = await rowsOf(
      afterIndex.database.db,
      sql`SELECT 1 FROM pg_indexes WHERE indexname = 'sobrante'`,
    );
    await afterIndex.database.db.execute(sql`ALTER TABLE producto ADD COLUMN sobrante int`);
    await afterIndex.database.drop();
    const afterColumn = await copyOf('seeded');
    await afterColumn.database.drop();
    expect(indexes).toEqual([]);
    expect(afterColumn.seen.columns).toBe(changed.seen.columns);
  });
});
