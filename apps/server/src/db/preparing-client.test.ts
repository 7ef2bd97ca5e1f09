import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../test/databases';
import { type Database, openDatabase, rowsOf } from './client';
import { PREPARED_PER_CONNECTION } from './preparing-client';
import { categoriaProducto } from './schema';

/*
 * The shop's pooled connections prepare the statements that write or lock rows (decision 102): PostgreSQL
 * parses and plans them once per connection. One connection here, so every statement shares it.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('statements prepared per connection on postgres', () => {
  let server: TestDatabase;
  let shop: Database;
  /** What the connection has prepared, as PostgreSQL lists it (a statement without values: not prepared). */
  const prepared = async () =>
    (await rowsOf<{ statement: string }>(shop.db, sql`SELECT statement FROM pg_prepared_statements`)).map(
      (row) => row.statement,
    );
  const category = (nombre: string) => ({ nombre_categoria_producto: nombre, imagen_categoria_producto: '' });

  beforeAll(async () => {
    server = await freshDatabase('postgres');
    shop = await openDatabase({ kind: 'postgres', url: server.url as string, poolSize: 1 });
  });

  afterAll(async () => {
    await shop?.close();
    await server?.drop();
  });

  it('prepares a write once and runs it again with other values', async () => {
    await shop.db.insert(categoriaProducto).values(category('Hogar'));
    await shop.db.insert(categoriaProducto).values(category('Jardín'));
    const names = await shop.db
      .select({ nombre: categoriaProducto.nombre_categoria_producto })
      .from(categoriaProducto)
      .orderBy(categoriaProducto.nombre_categoria_producto);
    expect(names.map((row) => row.nombre)).toEqual(['Hogar', 'Jardín']);
    const inserts = (await prepared()).filter((text) => text.startsWith('insert into "categoria_producto"'));
    expect(inserts).toHaveLength(1);
  });

  it('prepares a read that locks its rows, and leaves a plain read to be planned for its values', async () => {
    await shop.db.transaction((tx) =>
      tx
        .select()
        .from(categoriaProducto)
        .where(eq(categoriaProducto.nombre_categoria_producto, 'Hogar'))
        .for('update'),
    );
    await shop.db
      .select()
      .from(categoriaProducto)
      .where(eq(categoriaProducto.nombre_categoria_producto, 'Hogar'));
    const reads = (await prepared()).filter((text) => text.startsWith('select'));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/for update$/);
  });

  it('prepares a statement again once another process changed the type of a column it returns', async () => {
    // In a transaction: a pooled connection released after a failure outside one is replaced anyway.
    const add = (nombre: string) =>
      shop.db.transaction((tx) =>
        tx
          .insert(categoriaProducto)
          .values(category(nombre))
          .returning({ imagen: categoriaProducto.imagen_categoria_producto }),
      );
    await add('Cocina');
    const migrator = new pg.Client({ connectionString: server.url });
    await migrator.connect();
    await migrator.query(
      'ALTER TABLE categoria_producto ALTER COLUMN imagen_categoria_producto TYPE varchar(200)',
    );
    await migrator.end();
    // The run that meets the change fails as PostgreSQL says; the connection does not keep failing.
    await expect(add('Baño')).rejects.toMatchObject({
      cause: { code: '0A000', message: 'cached plan must not change result type' },
    });
    expect(await add('Baño')).toEqual([{ imagen: '' }]);
    expect(await add('Oficina')).toEqual([{ imagen: '' }]);
  });

  it(`prepares at most ${PREPARED_PER_CONNECTION} statements on a connection and runs the rest as before`, async () => {
    const renamed: string[] = [];
    // Each statement's text differs by its comment, as distinct statements of a long-running shop do.
    for (let n = 0; n < PREPARED_PER_CONNECTION + 10; n++) {
      const rows = await shop.db
        .update(categoriaProducto)
        .set({ imagen_categoria_producto: sql`${`foto-${n}.webp`} /* ${sql.raw(String(n))} */` })
        .where(eq(categoriaProducto.nombre_categoria_producto, 'Hogar'))
        .returning({ imagen: categoriaProducto.imagen_categoria_producto });
      renamed.push(rows[0]?.imagen ?? '');
    }
    expect(renamed.at(-1)).toBe(`foto-${PREPARED_PER_CONNECTION + 9}.webp`);
    expect(new Set(renamed).size).toBe(PREPARED_PER_CONNECTION + 10);
    expect(await prepared()).toHaveLength(PREPARED_PER_CONNECTION);
  });
});
