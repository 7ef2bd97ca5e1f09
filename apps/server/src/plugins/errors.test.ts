import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyRequests } from '../errors';
import { errorsPlugin } from './errors';

/** What the driver throws, wrapped the way Drizzle wraps it. */
function databaseError(code: string | undefined, message: string): Error {
  const driver = Object.assign(new Error(message), code ? { code } : {});
  return new Error('Failed query: select …', { cause: driver });
}

describe('the error handler', () => {
  const app = Fastify({ logger: false });
  const thrown = new Map<string, Error>([
    ['/terminated', databaseError('57P01', 'terminating connection due to administrator command')],
    ['/refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['/dropped', databaseError(undefined, 'Connection terminated unexpectedly')],
    ['/starting', databaseError('57P03', 'the database system is starting up')],
    ['/out-of-range', databaseError('22003', 'value "2147483648" is out of range for type integer')],
    ['/bad-text', databaseError('22021', 'invalid byte sequence for encoding "UTF8": 0x00')],
    ['/locked', tooManyRequests('Demasiados intentos.', 90.2)],
    ['/bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
  ]);
  beforeAll(async () => {
    await app.register(errorsPlugin);
    for (const [path, err] of thrown) {
      app.get(path, async () => {
        throw err;
      });
    }
    app.get('/limited', async (_request, reply) => reply.code(429).send({ error: 'Too Many Requests' }));
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(['/terminated', '/refused', '/dropped', '/starting'])(
    'answers a lost database connection (%s) with 503, a Spanish message and Retry-After',
    async (path) => {
      const res = await app.inject(path);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: 'Service Unavailable',
        message:
          'La tienda no puede atender tu solicitud en este momento. Intenta de nuevo en unos segundos.',
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    },
  );

  it.each(['/out-of-range', '/bad-text'])(
    'answers a value PostgreSQL refused (%s) as bad input, 400, without the SQL',
    async (path) => {
      const res = await app.inject(path);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('La solicitud no es válida. Revisa los datos enviados.');
      expect(res.body).not.toMatch(/integer|UTF8|select/);
    },
  );

  it('tells a locked-out caller how many seconds to wait, rounded up', async () => {
    const res = await app.inject('/locked');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('91');
  });

  it('gives every 429 a Retry-After, whoever answered it', async () => {
    const res = await app.inject('/limited');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('still answers a bug with 500 and no details', async () => {
    const res = await app.inject('/bug');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/undefined|reading/);
  });
});
