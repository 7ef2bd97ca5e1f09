import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { ProductPage } from '@vitrina/shared';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { busquedaDiaria, producto } from '../../db/schema';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { TEMPLATE } from '../../test/page-template';
import { keptAnswerReplays, type Replay } from './replay';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One GET (on its own connection unless an agent is given), its body as the bytes sent, not decompressed. */
function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  agent: Agent | false = false,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

/** The new XSRF token of each answer's cookie, if it hands one out. */
const xsrfToken = ({ headers }: RawAnswer) =>
  /^XSRF-TOKEN=([^;]+);/.exec(headers['set-cookie']?.[0] ?? '')?.[1];

/**
 * Everything that must be the same for two answers to one request: all but the request id, the date
 * and the value of a new XSRF token.
 */
const same = (answer: RawAnswer) => {
  const { 'x-request-id': _id, date: _date, 'set-cookie': cookies, ...rest } = answer.headers;
  const token = xsrfToken(answer);
  return {
    status: answer.status,
    headers: rest,
    cookies: cookies?.map((cookie) => (token ? cookie.replace(token, 'T') : cookie)),
    body: answer.body.toString('base64'),
  };
};

describe('replays in the HTTP server', () => {
  const replay: Replay = {
    headers: { 'content-type': 'application/json; charset=utf-8', etag: '"uno"', 'content-length': 9 },
    body: Buffer.from('{"uno":1}'),
    route: '/api/products',
    xsrf: false,
  };
  let replaying = true;
  let fastify = 0;
  let ids = 0;
  const replays = keptAnswerReplays({
    requestId: () => `id-${++ids}`,
    xsrfCookie: () => undefined,
    measure: false,
    replaying: () => replaying,
  });
  const kept = { replays: new Map([['', replay]]) };
  replays.serving(Fastify(), {
    get: (url) => (url === '/api/products' ? kept : undefined),
    grew: () => {},
  });
  const server = replays.server(
    (_request, response) => {
      fastify++;
      response.end('fastify');
    },
    { keepAliveTimeout: 72_000 },
  );
  let port = 0;
  beforeAll(async () => {
    port = await listen(server);
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const byFastify = async (path: string, headers: Record<string, string> = {}) => {
    const before = fastify;
    const answer = await get(port, path, headers);
    expect(answer.body.toString(), `${path} ${JSON.stringify(headers)}`).toBe('fastify');
    expect(fastify).toBe(before + 1);
  };

  it('sends a kept answer itself, as recorded, with a new request id each time', async () => {
    const before = fastify;
    const agent = new Agent({ keepAlive: true });
    const first = await get(port, '/api/products', {}, agent);
    const second = await get(port, '/api/products', {}, agent);
    agent.destroy();
    expect(fastify).toBe(before);
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toBe('{"uno":1}');
      expect(answer.headers.etag).toBe('"uno"');
      expect(answer.headers['keep-alive']).toBe('timeout=72');
    }
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('hands Fastify every request it has no replay for: another URL, method or coding, or a revalidation', async () => {
    await byFastify('/api/products?page=2');
    await byFastify('/api/products', { 'accept-encoding': 'gzip' });
    await byFastify('/api/products', { 'if-none-match': '"uno"' });
    const before = fastify;
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/api/products', method: 'HEAD', agent: false },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(fastify).toBe(before + 1);
  });

  it('hands Fastify everything while it must see every request (logging each one, draining)', async () => {
    replaying = false;
    try {
      await byFastify('/api/products');
    } finally {
      replaying = true;
    }
  });
});

describe.each(TEST_DATABASE_KINDS)('kept catalog answers over HTTP on %s', (kind) => {
  let t: TestApp;
  let port = 0;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'vitrina-replay-'));
    await mkdir(join(webRoot, 'dist'));
    await writeFile(join(webRoot, 'dist', 'index.html'), TEMPLATE);
    t = await seededTestApp(
      kind,
      { LOG_LEVEL: 'warn', TRUST_PROXY: 'true', WEB_DIST: join(webRoot, 'dist') },
      { renderPage: async (url) => ({ html: `<main>${url}</main>`, state: {} }) },
    );
    port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(async () => {
    await t.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  /**
   * Four answers to one request: the first read fresh, the second from memory by Fastify, which records
   * it, the last two replayed, and those equal to Fastify's (same()).
   */
  async function askedFourTimes(path: string, headers: Record<string, string>) {
    // On one kept-alive connection, so that the keep-alive headers (the server's timeouts, which the
    // server factory copies from Fastify's options) are compared too.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const answers: RawAnswer[] = [];
    for (let i = 0; i < 4; i++) answers.push(await get(port, path, headers, agent));
    agent.destroy();
    expect(answers.map((a) => a.headers['keep-alive'])).toEqual(Array(4).fill('timeout=72'));
    const [fresh, kept, ...replayed] = answers;
    if (!fresh || !kept) throw new Error('four answers');
    expect(fresh.status, path).toBe(200);
    for (const answer of replayed)
      expect(same(answer), `${path} ${JSON.stringify(headers)}`).toEqual(same(kept));
    return answers;
  }

  it('answers each storefront page as Fastify did, with a new XSRF token for a visitor without one', async () => {
    const pages = ['/', '/products/categoria/3?orden=precio_asc', '/products/12'];
    const visitors: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'gzip, deflate, br' },
      { cookie: 'XSRF-TOKEN=ya-tengo-uno' },
    ];
    for (const page of pages) {
      for (const headers of visitors) {
        const answers = await askedFourTimes(page, headers);
        expect(answers[0]?.headers['content-type']).toBe('text/html; charset=utf-8');
        const tokens = answers.map(xsrfToken);
        if (headers.cookie) expect(tokens).toEqual([undefined, undefined, undefined, undefined]);
        else expect(new Set(tokens).size, `${page}: a new token each time`).toBe(4);
      }
    }
  });

  it('answers each catalog URL in each coding as Fastify did, byte for byte, every header but the id and date', async () => {
    const urls = [
      '/api/products',
      '/api/products?page=2&orden=precio_desc',
      '/api/products/categoria/3?orden=precio_asc',
      '/api/products/12',
      '/api/products/filter/descuento/true',
      '/api/categorias',
    ];
    const codings: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'gzip, deflate, br' },
    ];
    for (const url of urls) {
      for (const headers of codings) {
        const answers = await askedFourTimes(url, headers);
        const ids = new Set(answers.map((a) => a.headers['x-request-id']));
        expect(ids.size).toBe(4);
      }
    }
    const gzipped = await get(port, '/api/products', { 'accept-encoding': 'gzip' });
    const plain = await get(port, '/api/products');
    expect(gunzipSync(gzipped.body).toString()).toBe(plain.body.toString());
  });

  it("keeps a trusted proxy's request id, and makes a new one for an id a log line could be forged with", async () => {
    for (let i = 0; i < 4; i++) {
      const proxied = await get(port, '/api/products?page=3', { 'x-request-id': `lb-${i}` });
      expect(proxied.headers['x-request-id']).toBe(`lb-${i}`);
      const forged = await get(port, '/api/products?page=3', { 'x-request-id': 'a\tb' });
      expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('shows a change to the catalog on the next request', async () => {
    const url = '/api/products?orden=nombre_asc';
    const firstOf = async () => (JSON.parse((await get(port, url)).body.toString()) as ProductPage).items[0];
    const before = await firstOf();
    await firstOf();
    await firstOf();
    if (!before) throw new Error('the seed has visible products');
    await t.db
      .update(producto)
      .set({ nombre: 'Aaa recién cambiado' })
      .where(eq(producto.id_producto, before.id_producto));
    await vi.waitFor(async () => expect((await firstOf())?.nombre).toBe('Aaa recién cambiado'), {
      timeout: 2000,
    });
  });

  it('revalidates through Fastify: a matching If-None-Match gets its 304', async () => {
    const kept = await get(port, '/api/categorias');
    await get(port, '/api/categorias');
    const revalidated = await get(port, '/api/categorias', { 'if-none-match': String(kept.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
  });

  it('counts every first page of a search, kept or not', async () => {
    // Four visitors (a search counts once per visitor), told apart by the proxy in front.
    const other = await seededTestApp(kind, { LOG_LEVEL: 'warn', TRUST_PROXY: 'true' });
    try {
      const otherPort = Number(new URL(await other.app.listen({ port: 0, host: '127.0.0.1' })).port);
      for (let i = 0; i < 4; i++)
        await get(otherPort, '/api/products?name=Licuadora%20de%20vaso', {
          'x-forwarded-for': `198.51.100.${i}`,
        });
      await other.app.close();
      const [row] = await other.db
        .select({ veces: busquedaDiaria.veces })
        .from(busquedaDiaria)
        .where(eq(busquedaDiaria.consulta, 'licuadora de vaso'));
      expect(row?.veces).toBe(4);
    } finally {
      await other.close();
    }
  });
});

describe('kept catalog answers while Fastify logs every request', () => {
  it('sends each one through Fastify, so the log has every request', async () => {
    const t = await seededTestApp('pglite');
    try {
      const port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
      for (let i = 0; i < 4; i++) await get(port, '/api/products?orden=precio_asc');
      const ids = new Set(
        t.logs
          .filter(
            (line) =>
              line.msg === 'incoming request' &&
              (line.req as { url?: string })?.url === '/api/products?orden=precio_asc',
          )
          .map((line) => line.reqId),
      );
      expect(ids.size).toBe(4);
      expect(t.logs.filter((line) => line.msg === 'request completed' && ids.has(line.reqId))).toHaveLength(
        4,
      );
    } finally {
      await t.close();
    }
  });
});
