import { rm } from 'node:fs/promises';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { usuario } from './db/schema';
import { demoAccounts, readyMessage, shopUrl } from './ready';
import { seedIfEmpty } from './seed/seed';
import { localStorage } from './storage/local';
import { freshDatabase, testTempDir } from './test/databases';

describe('the ready line', () => {
  it('names PUBLIC_URL, or the address listened on with localhost for every interface', () => {
    expect(shopUrl({ host: '0.0.0.0' }, 3000, {})).toBe('http://localhost:3000');
    expect(shopUrl({ host: '::' }, 3000, {})).toBe('http://localhost:3000');
    expect(shopUrl({ host: '127.0.0.1' }, 4000, {})).toBe('http://127.0.0.1:4000');
    expect(shopUrl({ host: '::1' }, 4000, {})).toBe('http://[::1]:4000');
    expect(shopUrl({ host: '0.0.0.0' }, 3000, { PUBLIC_URL: 'https://tienda.mx/' })).toBe(
      'https://tienda.mx',
    );
  });

  it('lists the accounts, or only the address', () => {
    expect(readyMessage('http://localhost:3000', [])).toBe('ready on http://localhost:3000');
    expect(
      readyMessage('http://localhost:3000', [
        { role: 'administrator', email: 'admin@tienda.mx' },
        { role: 'customer', email: 'cliente@vitrina.local', password: 'Cliente12345' },
      ]),
    ).toBe(
      'ready on http://localhost:3000 · demo accounts: admin@tienda.mx / (the password in ADMIN_PASSWORD) (administrator), cliente@vitrina.local / Cliente12345 (customer)',
    );
  });

  describe('demo accounts', () => {
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    let dataDir: string;
    const configFor = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

    beforeAll(async () => {
      dataDir = await testTempDir('ready-');
      database = await freshDatabase('pglite');
    });
    afterAll(async () => {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('are none on an empty database', async () => {
      expect(await demoAccounts(database.db, configFor({ NODE_ENV: 'test' }), {})).toEqual([]);
    });

    it('show the default administrator password, and one chosen in ADMIN_PASSWORD only in development', async () => {
      const env = { ADMIN_EMAIL: 'dueno@tienda.mx', ADMIN_PASSWORD: 'Secreta12345' };
      const config = configFor({ ...env, NODE_ENV: 'production', ALLOW_LOCAL_OIDC: 'true' });
      await seedIfEmpty(database.db, {
        admin: config.admin,
        storage: localStorage(config.uploadsDir),
        currency: config.currency,
      });
      const customer = { role: 'customer', email: 'cliente@vitrina.local', password: 'Cliente12345' };

      expect(await demoAccounts(database.db, config, env)).toEqual([
        { role: 'administrator', email: 'dueno@tienda.mx' },
        customer,
      ]);
      expect(await demoAccounts(database.db, configFor({ ...env, NODE_ENV: 'test' }), env)).toEqual([
        { role: 'administrator', email: 'dueno@tienda.mx' },
        customer,
      ]);
      expect(await demoAccounts(database.db, configFor({ ...env, NODE_ENV: 'development' }), env)).toEqual([
        { role: 'administrator', email: 'dueno@tienda.mx', password: 'Secreta12345' },
        customer,
      ]);
    });

    it('leave out an account whose password no longer matches, or that is disabled', async () => {
      const env = { ADMIN_EMAIL: 'dueno@tienda.mx' };
      // The default password is shown when ADMIN_PASSWORD is not set, but this admin was seeded with another.
      expect(await demoAccounts(database.db, configFor({ ...env, NODE_ENV: 'test' }), env)).toEqual([
        { role: 'customer', email: 'cliente@vitrina.local', password: 'Cliente12345' },
      ]);
      await database.db
        .update(usuario)
        .set({ password_hash: await hash('Admin12345') })
        .where(eq(usuario.email, 'dueno@tienda.mx'));
      await database.db
        .update(usuario)
        .set({ estado: false })
        .where(eq(usuario.email, 'cliente@vitrina.local'));
      expect(await demoAccounts(database.db, configFor({ ...env, NODE_ENV: 'test' }), env)).toEqual([
        { role: 'administrator', email: 'dueno@tienda.mx', password: 'Admin12345' },
      ]);
    });
  });
});
