import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { Agent } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { resolveOidc } from '../google-sign-in';

const LIMIT = { windowMs: 60_000, anonymous: 4, signedIn: 50 };

/** A multipart/form-data body with one small PNG, as a browser sends it. */
async function upload(agent: Agent, ip: string) {
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#08f' } })
    .png()
    .toBuffer();
  const boundary = '----vitrinaLimitBoundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return agent.request('POST', '/api/uploads', body, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'x-forwarded-for': ip,
  });
}

describe.runIf(process.env.TEST_DATABASE_URL)('the upload limit across shop processes', () => {
  let t: TestApp;
  let secondDatabase: Database;
  let second: FastifyInstance;

  beforeAll(async () => {
    t = await seededTestApp('postgres', { TRUST_PROXY: 'true' }, { uploadLimit: LIMIT });
    if (!t.database.url) throw new Error('the PostgreSQL test database has no URL');
    // Another process: its own pool on the same database.
    secondDatabase = await openDatabase({ kind: 'postgres', url: t.database.url });
    second = await buildApp({
      config: t.config,
      database: secondDatabase,
      oidc: await resolveOidc(t.config),
      logger: false,
      uploadLimit: LIMIT,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await t?.close();
  });

  it('allows an address its uploads once in total, whichever process receives them', async () => {
    const processes = [new Agent(t.app), new Agent(second)];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await upload(processes[i % 2] as Agent, '203.0.113.7')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    // Another address still may.
    expect((await upload(new Agent(second), '203.0.113.8')).statusCode).toBe(201);
  });

  it('says when to try again', async () => {
    const res = await upload(new Agent(t.app), '203.0.113.7');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.json().message).toBe(
      'Has subido demasiadas imágenes. Espera unos minutos e inténtalo de nuevo.',
    );
  });
});
