import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';

describe.each(TEST_DATABASE_KINDS)('readiness and liveness on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await seededTestApp(kind);
  });
  afterAll(() => t?.close());

  it('is ready once the database answers and has every migration of this build', async () => {
    const res = await t.app.inject({ url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('is alive but not ready while a migration of this build is missing', async () => {
    const [last] = (
      (await t.db.execute(
        sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations) RETURNING hash, created_at`,
      )) as unknown as { rows: Array<{ hash: string; created_at: string }> }
    ).rows;
    try {
      const ready = await t.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'error', reason: '1 migrations not applied' });
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${last?.hash}, ${last?.created_at})`,
      );
    }
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('names every request: X-Request-Id is made up, not taken from a caller the shop does not trust', async () => {
    const a = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'elegido-por-mi' } });
    const b = await t.app.inject({ url: '/api/health' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    const lines = t.logs.filter((line) => line.reqId === b.headers['x-request-id']);
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });
});

describe("the load balancer's request id (TRUST_PROXY=true)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await seededTestApp('pglite', { TRUST_PROXY: 'true' });
  });
  afterAll(() => t?.close());

  it('keeps a sane incoming X-Request-Id on the answer and the log lines, and replaces anything else', async () => {
    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    expect(t.logs.filter((line) => line.reqId === 'lb-7f3a.42')).toHaveLength(2);
    for (const bad of ['con espacios', 'x'.repeat(200), 'salto\u0007']) {
      const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('a caller that is not one of the TRUST_PROXY proxies', () => {
  let t: TestApp;
  beforeAll(async () => {
    // inject() calls come from 127.0.0.1, which is not this proxy.
    t = await seededTestApp('pglite', { TRUST_PROXY: '10.0.0.7' });
  });
  afterAll(() => t?.close());

  it('chooses neither its request id nor its address', async () => {
    const res = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'elegido-por-mi', 'x-forwarded-for': '203.0.113.9' },
    });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const incoming = t.logs.find((line) => line.reqId === id && line.msg === 'incoming request');
    expect(incoming?.req).toMatchObject({ remoteAddress: '127.0.0.1' });
  });
});
