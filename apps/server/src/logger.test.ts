import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';

/** A Fastify app logging into a string, with one route that answers and one that throws. */
async function appLogging(env: 'development' | 'production' | 'test') {
  let text = '';
  const out = { write: (chunk: string) => (text += chunk) };
  const options = loggerOptions({ env, logLevel: 'info' }, out);
  // Production and tests write JSON to stdout; catch it through the same stream to read it.
  const app = Fastify({
    logger: env === 'development' ? options : { ...(options as object), stream: out },
  });
  app.get('/hola', async () => ({ ok: true }));
  app.get('/falla', async () => {
    throw new Error('se rompió');
  });
  await app.ready();
  return { app, output: () => text };
}

describe('the log', () => {
  it('in development, writes one short line per request: method, URL, status, milliseconds', async () => {
    const { app, output } = await appLogging('development');
    await app.inject({ method: 'GET', url: '/hola?x=1' });
    const lines = output().trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d GET \/hola\?x=1 200 \d+ ms$/);
    await app.close();
  });

  it('in development, an error gets its message, its stack below, and the request line', async () => {
    const { app, output } = await appLogging('development');
    await app.inject({ method: 'GET', url: '/falla' });
    expect(output()).toMatch(/^\d\d:\d\d:\d\d ERROR se rompió/m);
    expect(output()).toMatch(/^ {4}Error: se rompió\n {8}at /m);
    expect(output()).toMatch(/^\d\d:\d\d:\d\d GET \/falla 500 \d+ ms$/m);
    expect(output()).not.toMatch(/^\{/m);
    await app.close();
  });

  it('in development, other entries are one line with their fields, without pino’s own', async () => {
    const { app, output } = await appLogging('development');
    app.log.info({ categories: 11, url: 'http://localhost:3000' }, 'ready on http://localhost:3000');
    app.log.warn({ reason: 'ECONNREFUSED' }, 'database unavailable');
    expect(output().trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d ready on http:\/\/localhost:3000 categories=11$/),
      expect.stringMatching(/^\d\d:\d\d:\d\d WARN database unavailable reason=ECONNREFUSED$/),
    ]);
    await app.close();
  });

  it('in production and tests, stays JSON with Fastify’s request entries and no pretty-printer', async () => {
    for (const env of ['production', 'test'] as const) {
      expect(loggerOptions({ env, logLevel: 'info' })).toEqual({ level: 'info' });
      const { app, output } = await appLogging(env);
      await app.inject({ method: 'GET', url: '/hola' });
      const entries = output()
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(entries.map((e) => e.msg)).toEqual(['incoming request', 'request completed']);
      await app.close();
    }
  });
});
