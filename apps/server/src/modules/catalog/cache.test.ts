import zlib from 'node:zlib';
import type { Product, ProductPage } from '@vitrina/shared';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { producto } from '../../db/schema';
import { etagPlugin } from '../../plugins/etag';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { catalogCache, type KeptAnswer, sendKept, serveFromCache } from './cache';

describe.each(TEST_DATABASE_KINDS)('catalog cache on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await seededTestApp(kind);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const firstProduct = async (url = '/api/products') => ((await get(url)).json() as ProductPage).items[0];

  it('answers a page asked before from memory, with the same body and ETag, and 304 to If-None-Match', async () => {
    const first = await get('/api/products?orden=precio_desc');
    const select = vi.spyOn(t.db, 'select');
    try {
      const again = await get('/api/products?orden=precio_desc');
      expect(select).not.toHaveBeenCalled();
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      // An answer from memory still goes out with the API's security headers.
      expect(again.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(again.headers['x-content-type-options']).toBe('nosniff');
      const revalidated = await get('/api/products?orden=precio_desc', {
        'if-none-match': String(first.headers.etag),
      });
      expect(revalidated.statusCode).toBe(304);
    } finally {
      select.mockRestore();
    }
  });

  it('sends an answer from memory compressed as the client accepts, with its ETag, and 304 either way', async () => {
    const url = '/api/products?orden=nombre_asc';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Its first answer already says it: a cache in front keeps one copy per coding (docs/deploy.md).
    expect(plain.headers.vary).toBe('accept-encoding');
    for (const [accept, coding, decode] of [
      ['br;q=1, gzip;q=0.5', 'br', zlib.brotliDecompressSync],
      ['gzip, deflate', 'gzip', zlib.gunzipSync],
      ['br', 'br', zlib.brotliDecompressSync],
    ] as const) {
      const res = await get(url, { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe(coding);
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
      const revalidated = await get(url, {
        'accept-encoding': accept,
        'if-none-match': String(plain.headers.etag),
      });
      expect(revalidated.statusCode, accept).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);
    }
    expect((await get(url)).body).toBe(plain.body);
  });

  it('shows a change at once, whatever made it: new price, and a product sold out disappears', async () => {
    const before = await firstProduct();
    if (!before) throw new Error('the seed has visible products');
    await t.db
      .update(producto)
      .set({ nombre: 'Nombre recién cambiado' })
      .where(eq(producto.id_producto, before.id_producto));
    expect((await firstProduct())?.nombre).toBe('Nombre recién cambiado');

    expect((await get(`/api/products/${before.id_producto}`)).statusCode).toBe(200);
    await t.db.execute(sql`UPDATE producto SET stock = 0 WHERE id_producto = ${before.id_producto}`);
    expect((await get(`/api/products/${before.id_producto}`)).statusCode).toBe(404);
    expect((await firstProduct())?.id_producto).not.toBe(before.id_producto);
  });
});

/** Several shop processes on one PostgreSQL: each keeps its own memory, all hear every change. */
describe.runIf(process.env.TEST_DATABASE_URL)('catalog cache across processes on postgres', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await seededTestApp('postgres');
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const firstProduct = async (url: string) => ((await get(url)).json() as ProductPage).items[0];
  const nameOf = async (id: number) => ((await get(`/api/products/${id}`)).json() as Product).nombre;

  it('hears a change committed by another process', async () => {
    const other = await openDatabase({ kind: 'postgres', url: String(t.database.url), poolSize: 1 });
    try {
      const before = await firstProduct('/api/products?orden=nombre_asc');
      if (!before) throw new Error('the seed has visible products');
      expect(await nameOf(before.id_producto)).toBe(before.nombre);
      await other.db
        .update(producto)
        .set({ nombre: 'Cambiado por otro proceso' })
        .where(eq(producto.id_producto, before.id_producto));
      await vi.waitFor(
        async () => expect(await nameOf(before.id_producto)).toBe('Cambiado por otro proceso'),
        { timeout: 2000 },
      );
    } finally {
      await other.close();
    }
  });

  it('loses no change while its listening connection is away, and uses memory again once back', async () => {
    const other = await openDatabase({ kind: 'postgres', url: String(t.database.url), poolSize: 1 });
    try {
      const before = await firstProduct('/api/products?orden=recientes');
      if (!before) throw new Error('the seed has visible products');
      expect(await nameOf(before.id_producto)).toBe(before.nombre);
      let cleared = 0;
      t.database.subscribe('catalogo_cambio', () => cleared++);
      // Every connection of the shop dies, the listening one too, so the next change is announced to
      // nobody there. Until the shop notices, its memory may answer for a moment, as it would for any
      // change not yet heard; once it listens again, memory is thrown away (or the change is heard).
      await other.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      await other.db
        .update(producto)
        .set({ nombre: 'Cambiado sin que nadie oyera' })
        .where(eq(producto.id_producto, before.id_producto));
      await vi.waitFor(() => expect(cleared > 0 && t.database.listening()).toBe(true), { timeout: 5000 });
      expect(await nameOf(before.id_producto)).toBe('Cambiado sin que nadie oyera');
      const select = vi.spyOn(t.db, 'select');
      try {
        expect(await nameOf(before.id_producto)).toBe('Cambiado sin que nadie oyera');
        expect(select).not.toHaveBeenCalled();
      } finally {
        select.mockRestore();
      }
    } finally {
      await other.close();
    }
  });
});

/** Only what the cache uses of a database: the change notifications and whether they are heard. */
function fakeDatabase() {
  let onChange = () => {};
  const database = {
    subscribe: (_channel: string, listener: () => void) => {
      onChange = listener;
    },
    listening: () => true,
  } as unknown as Database;
  return { database, change: () => onChange() };
}

describe('serveFromCache', () => {
  it('keeps the answers of a route declared publicCache, and never those of a route that is not', async () => {
    const app = Fastify();
    await app.register(etagPlugin);
    let reads = 0;
    await app.register(async (routes) => {
      serveFromCache(routes, catalogCache(fakeDatabase().database));
      routes.get('/guardada', { config: { publicCache: true } }, async () => ({ lectura: ++reads }));
      routes.get('/al-momento', async () => ({ lectura: ++reads }));
    });
    const read = async (url: string) => (await app.inject({ url })).json().lectura;
    try {
      expect([await read('/guardada'), await read('/guardada')]).toEqual([1, 1]);
      expect([await read('/al-momento'), await read('/al-momento'), await read('/al-momento')]).toEqual([
        2, 3, 4,
      ]);
      expect(await read('/guardada')).toBe(1);
    } finally {
      await app.close();
    }
  });
});

describe('serveFromCache for requests that arrive together', () => {
  async function slowRoute({ readMs = 30, fillWaitMs = 2000 } = {}) {
    const app = Fastify();
    await app.register(etagPlugin);
    const { database, change } = fakeDatabase();
    const reads: string[] = [];
    let failNext = false;
    await app.register(async (routes) => {
      serveFromCache(routes, catalogCache(database, undefined, fillWaitMs));
      routes.get('/lenta', { config: { publicCache: true } }, async () => {
        reads.push('lectura');
        await new Promise((resolve) => setTimeout(resolve, readMs));
        if (failNext) {
          failNext = false;
          throw new Error('la base no respondió');
        }
        return { lectura: reads.length };
      });
    });
    const together = (n: number) =>
      Promise.all(Array.from({ length: n }, () => app.inject({ url: '/lenta' })));
    return { app, reads, change, together, failOnce: () => (failNext = true) };
  }

  it('reads an answer once for all of them, and once more after a change', async () => {
    const { app, reads, change, together } = await slowRoute();
    try {
      const first = await together(6);
      expect(reads).toHaveLength(1);
      expect(first.map((res) => res.json().lectura)).toEqual([1, 1, 1, 1, 1, 1]);
      expect(new Set(first.map((res) => res.headers.etag)).size).toBe(1);
      change();
      const second = await together(6);
      expect(reads).toHaveLength(2);
      expect(second.map((res) => res.json().lectura)).toEqual([2, 2, 2, 2, 2, 2]);
    } finally {
      await app.close();
    }
  });

  it('stops waiting for a read slower than its wait: one of those waiting reads for the rest', async () => {
    const { app, reads, together } = await slowRoute({ readMs: 120, fillWaitMs: 50 });
    try {
      const answers = await together(5);
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
      // Each time a wait runs out one of them reads, the others wait for that read; the first answer
      // kept (after 120 ms, two or three waits) answers them all.
      expect(reads.length).toBeGreaterThan(1);
      expect(reads.length).toBeLessThan(5);
    } finally {
      await app.close();
    }
  });

  it('lets those waiting for a read that failed read for themselves, one for all', async () => {
    const { app, reads, together, failOnce } = await slowRoute();
    try {
      failOnce();
      const answers = await together(5);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 500]);
      expect(reads).toHaveLength(2);
    } finally {
      await app.close();
    }
  });
});

/** Keeps `answer` at `url` as the request that read it does (keptOrRead, then keep and done). */
async function keep<A extends KeptAnswer>(cache: ReturnType<typeof catalogCache<A>>, url: string, answer: A) {
  const { read } = await cache.keptOrRead(url);
  read?.keep(answer);
  read?.done();
}

describe('catalog cache bounds', () => {
  it('keeps answers up to its size in bytes, dropping the oldest first, and nothing larger than itself', async () => {
    const { database } = fakeDatabase();
    const cache = catalogCache<{ body: string }>(database, 100);
    for (const url of ['/a', '/b', '/c']) await keep(cache, url, { body: 'x'.repeat(38) });
    // Each answer counts 40 (its URL and its body): the third pushes the first out.
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')?.body).toHaveLength(38);
    expect(cache.get('/c')?.body).toHaveLength(38);
    await keep(cache, '/grande', { body: 'x'.repeat(200) });
    expect(cache.get('/grande')).toBeUndefined();
    expect(cache.get('/b')).toBeDefined();
  });

  it('counts the copies a kept answer makes as it is sent, dropping the oldest answers to fit them', async () => {
    const { database } = fakeDatabase();
    const cache = catalogCache<KeptAnswer>(database, 100);
    const first = { body: 'x'.repeat(38) };
    const second = { body: 'y'.repeat(38) };
    await keep(cache, '/a', first);
    await keep(cache, '/b', second);
    // 80 of 100, then a 30-byte copy of the second: the first goes.
    cache.grew('/b', second, 30);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')).toBe(second);
    // A copy of an answer the cache no longer holds is not its to count: 70 + 10 still fit.
    cache.grew('/a', first, 30);
    await keep(cache, '/c', { body: 'z'.repeat(8) });
    expect(cache.get('/b')).toBe(second);
    expect(cache.get('/c')).toBeDefined();
  });

  it('counts the copies of an answer it sends when it keeps that answer, not otherwise', async () => {
    const { database } = fakeDatabase();
    const text = JSON.stringify('y'.repeat(1198));
    // 2,807 bytes: room for both answers (1,006 and 1,201), not for a 1,200-byte copy of the second too.
    const cache = catalogCache<KeptAnswer>(database, 2807);
    await keep(cache, '/viejo', { body: 'x'.repeat(1000) });
    const kept = { body: text };
    await keep(cache, '/', kept);
    const app = Fastify();
    app.get('/', (request, reply) => cache.send(request, reply, kept));
    app.get('/otro', (request, reply) => cache.send(request, reply, { body: text }));
    expect((await app.inject({ url: '/otro' })).body).toBe(text);
    expect(cache.get('/viejo')).toBeDefined();
    expect((await app.inject({ url: '/' })).body).toBe(text);
    await app.close();
    expect(cache.get('/viejo')).toBeUndefined();
    expect(cache.get('/')).toBe(kept);
  });

  it('takes back the whole of an answer that its own copy pushed out, copy included', async () => {
    const { database } = fakeDatabase();
    const cache = catalogCache<KeptAnswer>(database, 100);
    const oldest = { body: 'a'.repeat(40) };
    await keep(cache, '/', oldest);
    await keep(cache, '/b', { body: 'b'.repeat(40) });
    const app = Fastify();
    app.get('/', (request, reply) => cache.send(request, reply, oldest));
    // 41 + 42 bytes, then the oldest's own 40-byte copy: the oldest goes, and with it all 81 it took.
    await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    await app.close();
    expect(cache.get('/')).toBeUndefined();
    // 42 + 58 fill the 100 exactly: nothing else has to go.
    await keep(cache, '/c', { body: 'c'.repeat(56) });
    expect(cache.get('/b')).toBeDefined();
    expect(cache.get('/c')).toBeDefined();
  });

  it('sendKept reports each copy it makes once, with its size in bytes', async () => {
    const answer: KeptAnswer = { body: JSON.stringify({ texto: 'ñandú '.repeat(200) }) };
    const grew = vi.fn();
    const app = Fastify();
    app.get('/', (request, reply) => sendKept(request, reply, answer, grew));
    for (const coding of ['br', 'gzip', 'identity', 'br', 'gzip', 'identity'])
      expect((await app.inject({ url: '/', headers: { 'accept-encoding': coding } })).statusCode).toBe(200);
    await app.close();
    expect(grew.mock.calls).toEqual([[answer.br?.length], [answer.gzip?.length], [answer.bytes?.length]]);
    expect(answer.bytes?.length).toBe(Buffer.byteLength(answer.body));
  });

  it('forgets everything on a change, and never keeps an answer read before it', async () => {
    const { database, change } = fakeDatabase();
    const cache = catalogCache<{ body: string }>(database, 1000);
    await keep(cache, '/a', { body: 'viejo' });
    const { read } = await cache.keptOrRead('/b');
    change();
    expect(cache.get('/a')).toBeUndefined();
    read?.keep({ body: 'leído antes del cambio' });
    read?.done();
    expect(cache.get('/b')).toBeUndefined();
    await keep(cache, '/b', { body: 'nuevo' });
    expect(cache.get('/b')?.body).toBe('nuevo');
  });
});
