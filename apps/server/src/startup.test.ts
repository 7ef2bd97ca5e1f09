import { once } from 'node:events';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { explainOpenError, explainStartupError, reservePort, StartupError } from './startup';
import { freePort } from './test/server-process';

const pglite = { kind: 'pglite', dataDir: '/srv/tienda/pglite' } as const;
const postgres = { kind: 'postgres', url: 'postgres://localhost/tienda' } as const;

describe('start-up errors', () => {
  it('reserves the port: 503 while starting, a second reservation fails in one line, release frees it', async () => {
    const port = await freePort();
    const reservation = await reservePort('127.0.0.1', port);
    const answer = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');

    const busy = await reservePort('127.0.0.1', port).catch((err: unknown) => err);
    expect(busy).toBeInstanceOf(StartupError);
    expect((busy as Error).message).toBe(
      `El puerto ${port} ya está en uso (127.0.0.1:${port}): detén el otro proceso o usa otra variable PORT.`,
    );

    await reservation.release();
    const next = createServer().listen(port, '127.0.0.1');
    await once(next, 'listening');
    next.close();
  });

  it('an embedded database that does not open names its folder and what to do', async () => {
    const aborted = Object.assign(new Error('Aborted(). Build with -sASSERTIONS for more info.'), {
      name: 'RuntimeError',
    });
    const err = await explainOpenError(pglite, Promise.reject(aborted)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StartupError);
    expect((err as Error).message).toMatch(
      /^No se puede abrir la base de datos de \/srv\/tienda\/pglite: .*dañados.*copia de seguridad.*DATA_DIR/,
    );
    expect((err as Error).message).not.toMatch(/Aborted|ASSERTIONS/);
    expect((err as Error).cause).toBe(aborted);
    // PostgreSQL's errors are not about DATA_DIR.
    await expect(explainOpenError(postgres, Promise.reject(aborted))).rejects.toBe(aborted);
  });

  it('damaged pages found by a later query are explained too; other errors are left as they are', () => {
    const damaged = Object.assign(new Error('Failed query: select count(*) from "categoria_producto"'), {
      cause: Object.assign(new Error('invalid page in block 0 of relation "base/5/16500"'), {
        code: 'XX001',
      }),
    });
    expect(explainStartupError(damaged, pglite)).toBeInstanceOf(StartupError);
    expect(explainStartupError(damaged, postgres)).toBe(damaged);
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(explainStartupError(unique, pglite)).toBe(unique);
  });

  it('a PostgreSQL server that cannot be reached at start-up is named in one line, without the password', async () => {
    const port = await freePort();
    const target = { kind: 'postgres', url: `postgres://tienda:secreta@127.0.0.1:${port}/tienda` } as const;
    const refused = Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:${port}`), {
      code: 'ECONNREFUSED',
    });
    const err = explainStartupError(refused, target);
    expect(err).toBeInstanceOf(StartupError);
    expect((err as Error).message).toBe(
      `No se puede conectar a PostgreSQL en 127.0.0.1:${port} (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:${port}. ` +
        'Comprueba que el servidor esté en marcha y acepte conexiones, o corrige DATABASE_URL.',
    );
    expect((err as Error).message).not.toContain('secreta');
  });
});
