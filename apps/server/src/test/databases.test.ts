import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { freshDatabase, seededDatabase, TEST_DATABASE_KINDS } from './databases';

interface Seen {
  products: number;
  sales: number;
  stock: number;
  nextProductId: number;
  columns: number;
  indexes: number;
}

/** What a test file can tell of a database: rows, a sequence, columns, indexes. */
async function look(database: Awaited<ReturnType<typeof freshDatabase>>): Promise<Seen> {
  const [seen] = await rowsOf<Seen>(
    database.db,
    sql`SELECT (SELECT count(*)::int FROM producto) AS products, (SELECT count(*)::int FROM venta) AS sales,
               (SELECT coalesce(sum(stock), 0)::int FROM producto) AS stock,
               (SELECT last_value::int FROM producto_id_producto_seq) AS "nextProductId",
               (SELECT count(*)::int FROM information_schema.columns WHERE table_name = 'producto') AS columns,
               (SELECT count(*)::int FROM pg_indexes WHERE tablename = 'producto') AS indexes`,
  );
  if (!seen) throw new Error('no answer');
  return seen;
}

// Each test file gets a copy of a template (databases.ts): nothing one copy went through reaches another.
// These tests open their databases themselves, which other files do in beforeAll: they get the hooks' time.
const OPENING_TIMEOUT_MS = 120_000;

describe.each(TEST_DATABASE_KINDS)('a copy of a template on %s, as a test file gets it', (kind) => {
  it(
    'starts on the seeded rows, sequences and schema, whatever another copy went through',
    async () => {
      const first = await seededDatabase(kind);
      const before = await look(first);
      await first.db.execute(sql`TRUNCATE venta CASCADE`);
      await first.db.execute(sql`UPDATE producto SET stock = 0`);
      await first.db.execute(sql`SELECT nextval('producto_id_producto_seq') FROM generate_series(1, 50)`);
      await first.db.execute(sql`CREATE INDEX sobrante ON producto (stock)`);
      await first.db.execute(sql`ALTER TABLE producto ADD COLUMN sobrante int`);
      const changed = await look(first);
      const second = await seededDatabase(kind);
      const fresh = await look(second);
      await second.drop();
      await first.drop();
      expect(before.sales).toBeGreaterThan(0);
      expect(before.stock).toBeGreaterThan(0);
      expect(changed).toMatchObject({ sales: 0, stock: 0, columns: before.columns + 1 });
      expect(fresh).toEqual(before);
    },
    OPENING_TIMEOUT_MS,
  );

  it(
    'of the empty template has the same schema and no rows',
    async () => {
      const seeded = await seededDatabase(kind);
      const empty = await freshDatabase(kind);
      const [withRows, without] = [await look(seeded), await look(empty)];
      await seeded.drop();
      await empty.drop();
      expect(withRows.products).toBeGreaterThan(0);
      expect(without).toMatchObject({
        products: 0,
        sales: 0,
        columns: withRows.columns,
        indexes: withRows.indexes,
      });
    },
    OPENING_TIMEOUT_MS,
  );
});

describe('a PGlite copy', () => {
  it(
    'starts with the small buffer pool the templates set (global-setup.ts), which it zeroes as it opens',
    async () => {
      const copies = [await seededDatabase('pglite'), await freshDatabase('pglite')];
      const buffers = [];
      for (const copy of copies) {
        const [row] = await rowsOf<{ buffers: string }>(
          copy.db,
          sql`SELECT current_setting('shared_buffers') AS buffers`,
        );
        buffers.push(row?.buffers);
        await copy.drop();
      }
      expect(buffers).toEqual(['16MB', '16MB']);
    },
    OPENING_TIMEOUT_MS,
  );
});
