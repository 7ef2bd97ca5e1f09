import type { ProductPage, SearchAnalytics } from '@vitrina/shared';
import { eq, getTableColumns, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from '../../../db/client';
import { busquedaClave, busquedaDiaria, busquedaVisitante, producto } from '../../../db/schema';
import { Agent } from '../../../test/agent';
import { seededTestApp, type TestApp } from '../../../test/app';
import { TEST_DATABASE_KINDS } from '../../../test/databases';
import { deferred } from '../../../test/deferred';
import { QUERIES_PER_VISITOR, searchCounter } from './analytics';

describe.each(TEST_DATABASE_KINDS)('search analytics on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await seededTestApp(kind);
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
  });
  afterAll(() => t.close());

  /** A visitor's search from `address`, as the search box sends it; its answer. */
  const search = async (address: string, name: string, extra = ''): Promise<ProductPage> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products?name=${encodeURIComponent(name)}${extra}`,
      remoteAddress: address,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const analytics = async (): Promise<SearchAnalytics> => (await admin.get('/api/admin/busquedas')).json();
  const timesIn = (list: SearchAnalytics['frecuentes'], consulta: string) =>
    list.find((row) => row.consulta === consulta)?.veces;
  const stored = async (consulta: string) => {
    const [row] = await t.db
      .select({ veces: busquedaDiaria.veces, sin_resultados: busquedaDiaria.sin_resultados })
      .from(busquedaDiaria)
      .where(eq(busquedaDiaria.consulta, consulta));
    return row;
  };

  it('counts each visitor once per query and day, kept answers too, and shows a query once three searched it', async () => {
    // One visitor: the search, the same URL again (answered from the cache), its next page, and again.
    await search('198.51.100.1', '  FRIGORÍFICO ');
    await search('198.51.100.1', '  FRIGORÍFICO ');
    await search('198.51.100.1', '  FRIGORÍFICO ', '&page=2');
    await search('198.51.100.1', 'frigorífico');
    expect(timesIn((await analytics()).frecuentes, 'frigorífico')).toBeUndefined();
    // Two more visitors, both answered from the cache.
    await search('198.51.100.2', '  FRIGORÍFICO ');
    expect(timesIn((await analytics()).frecuentes, 'frigorífico')).toBeUndefined();
    await search('198.51.100.3', '  FRIGORÍFICO ');
    const body = await analytics();
    expect(timesIn(body.frecuentes, 'frigorífico')).toBe(3);
    expect(timesIn(body.sin_resultados, 'frigorífico')).toBeUndefined();
    expect(await stored('frigorífico')).toEqual({ veces: 3, sin_resultados: 0 });
  });

  it('lets no single visitor plant a text: not by repeating it, nor from the addresses of one IPv6 network', async () => {
    const planted = 'Cupones gratis en estafa.example';
    for (let i = 0; i < 30; i++) await search('203.0.113.9', planted);
    for (const address of ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:ffff::3'])
      await search(address, planted);
    let body = await analytics();
    expect(timesIn(body.frecuentes, planted.toLowerCase())).toBeUndefined();
    expect(timesIn(body.sin_resultados, planted.toLowerCase())).toBeUndefined();
    expect(await stored(planted.toLowerCase())).toMatchObject({ veces: 2 });
    // Other networks are other visitors (an IPv4 client seen through IPv6 is its IPv4 address).
    for (const address of ['2001:db8:7::1', '2001:db8:8::1', '::ffff:192.0.2.44'])
      await search(address, planted);
    body = await analytics();
    expect(timesIn(body.frecuentes, planted.toLowerCase())).toBe(5);
  });

  it(`adds at most ${QUERIES_PER_VISITOR} queries of one visitor a day, whichever processes counted them`, async () => {
    // Two shop processes: each its own memory, the same database (on PostgreSQL, its own connections).
    const other: Database =
      kind === 'postgres'
        ? await openDatabase({ kind, url: String(t.database.url), poolSize: 2 })
        : t.database;
    try {
      const here = searchCounter(t.db, t.app.log);
      const there = searchCounter(other.db, t.app.log);
      for (let i = 0; i < 15; i++) {
        here.count(`tope ${i}`, true, '192.0.2.7');
        there.count(`tope ${i + 10}`, true, '192.0.2.7');
      }
      here.count('tope 0', true, '192.0.2.8');
      await Promise.all([here.flush(), there.flush()]);
      const rows = await t.db
        .select({ consulta: busquedaDiaria.consulta, veces: busquedaDiaria.veces })
        .from(busquedaDiaria)
        .where(like(busquedaDiaria.consulta, 'tope %'));
      // 25 queries asked, 20 counted; the other visitor's search counted as well.
      expect(rows).toHaveLength(QUERIES_PER_VISITOR);
      expect(rows.reduce((sum, row) => sum + row.veces, 0)).toBe(QUERIES_PER_VISITOR + 1);
      expect(rows.find((row) => row.consulta === 'tope 0')?.veces).toBe(2);
    } finally {
      if (other !== t.database) await other.close();
    }
  });

  it('reports a search that found only sold-out products as agotado, apart from those that found nothing', async () => {
    // The demo shop's headphones are sold out; 'audifonos' is their word in the synonyms dictionary.
    const headphones = eq(producto.nombre, 'Auriculares con micrófono USB');
    const [{ stock } = { stock: -1 }] = await t.db
      .select({ stock: producto.stock })
      .from(producto)
      .where(headphones);
    expect(stock).toBe(0);
    for (const address of ['192.0.2.21', '192.0.2.22', '192.0.2.23']) {
      expect((await search(address, 'audifonos')).total).toBe(0);
      expect((await search(address, 'zzqxwv')).total).toBe(0);
      // Blenders are on sale: the price filter alone left them out.
      expect((await search(address, 'licuadora', '&maxPrecio=1')).total).toBe(0);
    }
    const body = await analytics();
    expect(timesIn(body.agotados, 'audifonos')).toBe(3);
    expect(timesIn(body.sin_resultados, 'audifonos')).toBeUndefined();
    expect(timesIn(body.sin_resultados, 'zzqxwv')).toBe(3);
    expect(timesIn(body.agotados, 'zzqxwv')).toBeUndefined();
    expect(timesIn(body.frecuentes, 'licuadora')).toBe(3);
    expect(timesIn(body.sin_resultados, 'licuadora')).toBeUndefined();
    expect(timesIn(body.agotados, 'licuadora')).toBeUndefined();

    // Restocked: nothing left to do about those searches, they leave both lists.
    await t.db.update(producto).set({ stock: 4 }).where(headphones);
    try {
      const after = await analytics();
      expect(timesIn(after.agotados, 'audifonos')).toBeUndefined();
      expect(timesIn(after.sin_resultados, 'audifonos')).toBeUndefined();
      expect(timesIn(after.sin_resultados, 'zzqxwv')).toBe(3);
    } finally {
      await t.db.update(producto).set({ stock: 0 }).where(headphones);
    }
  });

  it('stores no address: visitors are hashes under a key of the day, and a past day keeps neither', async () => {
    // As a day begins: yesterday's key and visitors are there, today has none yet.
    await t.db.delete(busquedaVisitante);
    await t.db.delete(busquedaClave);
    const yesterday = sql`current_date - 1`;
    await t.db.insert(busquedaClave).values({ dia: yesterday, clave: 'x'.repeat(43) });
    await t.db
      .insert(busquedaVisitante)
      .values({ dia: yesterday, visitante: 'y'.repeat(22), consulta: 'ayer' });
    await t.db.insert(busquedaDiaria).values([
      { dia: sql`current_date - 29`, consulta: 'hace 29 días', veces: 1 },
      { dia: sql`current_date - 30`, consulta: 'hace 30 días', veces: 1 },
    ]);
    await search('198.51.100.77', 'mesa de centro');
    await analytics();

    const days = async (table: typeof busquedaClave | typeof busquedaVisitante) =>
      (await t.db.selectDistinct({ today: sql<boolean>`${table.dia} = current_date` }).from(table)).map(
        (row) => row.today,
      );
    expect(await days(busquedaClave)).toEqual([true]);
    expect(await days(busquedaVisitante)).toEqual([true]);
    // The owner's window is 30 days: what is older is of no use to anyone.
    expect(
      (
        await t.db
          .select({ consulta: busquedaDiaria.consulta })
          .from(busquedaDiaria)
          .where(like(busquedaDiaria.consulta, 'hace %'))
      ).map((row) => row.consulta),
    ).toEqual(['hace 29 días']);
    const [visitor] = await t.db
      .select()
      .from(busquedaVisitante)
      .where(eq(busquedaVisitante.consulta, 'mesa de centro'));
    expect(visitor?.visitante).toMatch(/^[\w-]{22}$/);
    const everything = JSON.stringify([
      await t.db.select().from(busquedaDiaria),
      await t.db.select().from(busquedaVisitante),
      await t.db.select().from(busquedaClave),
    ]);
    for (const address of ['198.51.100', '203.0.113', '2001:db8', '192.0.2'])
      expect(everything).not.toContain(address);
    expect(Object.keys(getTableColumns(busquedaDiaria)).sort()).toEqual([
      'consulta',
      'dia',
      'sin_resultados',
      'veces',
    ]);
    expect(Object.keys(getTableColumns(busquedaVisitante)).sort()).toEqual(['consulta', 'dia', 'visitante']);
  });

  it('writes the searches a process counted within its interval, adding to what is stored', async () => {
    const counter = searchCounter(t.db, t.app.log, 20);
    // Words no product has: a search that finds nothing is 'sin resultados'.
    counter.count('  Quimbo  ZORBETA ', true, '192.0.2.1');
    counter.count('quimbo zorbeta', false, '192.0.2.2');
    await expect.poll(() => stored('quimbo zorbeta')).toEqual({ veces: 2, sin_resultados: 1 });
    counter.count('quimbo zorbeta', true, '192.0.2.3');
    counter.count('quimbo zorbeta', true, '192.0.2.1'); // already counted today
    await counter.flush();
    expect(await stored('quimbo zorbeta')).toEqual({ veces: 3, sin_resultados: 1 });
  });

  it('waits, before the owner reads the figures, for the write its interval began', async () => {
    const gate = deferred();
    // The interval's write starts and waits at the gate, as a slow transaction would.
    const slow = Object.assign(Object.create(t.db), {
      transaction: async (work: Parameters<Db['transaction']>[0]) => {
        await gate.promise;
        return t.db.transaction(work);
      },
    }) as Db;
    const counter = searchCounter(slow, t.app.log, 1);
    counter.count('quimbo lento', true, '192.0.2.9');
    await new Promise((resolve) => setTimeout(resolve, 30));
    let flushed = false;
    const flush = counter.flush().then(() => {
      flushed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(flushed).toBe(false);
    gate.resolve();
    await flush;
    expect(await stored('quimbo lento')).toEqual({ veces: 1, sin_resultados: 0 });
  });

  it('writes the searches it counted when the shop closes, before their interval is over', async () => {
    const other = await seededTestApp(kind);
    try {
      await other.app.inject({ method: 'GET', url: '/api/products?name=Cierre%20de%20tienda' });
      await other.app.close();
      const [row] = await other.db
        .select({ veces: busquedaDiaria.veces })
        .from(busquedaDiaria)
        .where(eq(busquedaDiaria.consulta, 'cierre de tienda'));
      expect(row?.veces).toBe(1);
    } finally {
      await other.close();
    }
  });
});
