import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives working defaults for a fresh clone', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/shop'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'not a url'],
    ['ADMIN_EMAIL', 'admin'],
  ])('stops on a bad %s, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n\\s+${name}:`));
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://shop@db/shop' }).databaseUrl).toBe(
      'postgres://shop@db/shop',
    );
  });

  describe('sign in with Google', () => {
    it('uses the local development issuer when no Google credentials are set', () => {
      const config = loadConfig({});
      expect(config.google).toBeUndefined();
      expect(config.cookieSecret.length).toBeGreaterThanOrEqual(32);
    });

    it('uses Google when both credentials are set, in production too', () => {
      const config = loadConfig({
        NODE_ENV: 'production',
        GOOGLE_CLIENT_ID: 'shop.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'secret',
      });
      expect(config.google).toEqual({ clientId: 'shop.apps.googleusercontent.com', clientSecret: 'secret' });
    });

    it('refuses to start in production with the local issuer, naming GOOGLE_CLIENT_ID', () => {
      expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
        /^Invalid configuration:\n\s+GOOGLE_CLIENT_ID: .*ALLOW_LOCAL_OIDC=true/,
      );
    });

    it('runs the local issuer in production only when ALLOW_LOCAL_OIDC is true', () => {
      expect(loadConfig({ NODE_ENV: 'production', ALLOW_LOCAL_OIDC: 'true' }).allowLocalOidc).toBe(true);
    });

    it('refuses a client id without its secret', () => {
      expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'shop' })).toThrow(/GOOGLE_CLIENT_SECRET: /);
    });

    it('refuses a short COOKIE_SECRET', () => {
      expect(() => loadConfig({ COOKIE_SECRET: 'short' })).toThrow(/COOKIE_SECRET: /);
    });
  });
});
