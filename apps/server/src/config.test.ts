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
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_POOL_SIZE', 'diez'],
    ['DATABASE_URL', 'mysql://localhost/shop'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'not a url'],
    ['ADMIN_EMAIL', 'admin'],
    ['SHOP_TIMEZONE', 'Mexico City'],
    ['SHOP_TIMEZONE', 'America/Ciudad_de_Mexico'],
    ['SHOP_TIMEZONE', '-06:00'],
    ['SHOP_CURRENCY', 'XYZ'],
    ['SHOP_CURRENCY', 'pesos'],
    ['SMTP_URL', 'mail.example.com:587'],
    ['MAIL_FROM', 'Vitrina'],
    ['MAIL_FROM', 'Vitrina <pedidos>'],
    ['TRUST_PROXY', 'sí'],
    ['TRUST_PROXY', '10.0.0.1, nginx.local'],
  ])('stops on a bad %s, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n\\s+${name}:`));
  });

  it('trusts no proxy by default, the machine and private networks for TRUST_PROXY=true, or the ones named', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe('loopback,linklocal,uniquelocal');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.7, 192.168.0.0/16' }).trustProxy).toBe(
      '10.0.0.7, 192.168.0.0/16',
    );
  });

  it('reminds abandoned carts after 4 hours, never sooner than a quarter of an hour outside tests', () => {
    expect(loadConfig({}).abandonedCartHours).toBe(4);
    expect(loadConfig({ ABANDONED_CART_HOURS: '0.25' }).abandonedCartHours).toBe(0.25);
    for (const NODE_ENV of ['production', 'development'])
      expect(() => loadConfig({ NODE_ENV, ABANDONED_CART_HOURS: '0.01', ALLOW_LOCAL_OIDC: 'true' })).toThrow(
        'ABANDONED_CART_HOURS: must be at least 0.25 (a quarter of an hour); shorter delays are for tests (NODE_ENV=test)',
      );
    // A browser test waits for its reminder in seconds.
    expect(loadConfig({ NODE_ENV: 'test', ABANDONED_CART_HOURS: '0.005' }).abandonedCartHours).toBe(0.005);
    for (const hours of ['0', '-1', '721', 'cuatro'])
      expect(() => loadConfig({ NODE_ENV: 'test', ABANDONED_CART_HOURS: hours })).toThrow(
        /ABANDONED_CART_HOURS:/,
      );
  });

  it("retries a charge's answer on a lost connection for the shop's 3 s, a shorter time only in tests", () => {
    expect(loadConfig({}).payments.connectionRetry).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', CONNECTION_RETRY_MS: '800' }).payments.connectionRetry).toEqual({
      budgetMs: 800,
    });
    for (const NODE_ENV of ['production', 'development'])
      expect(() => loadConfig({ NODE_ENV, CONNECTION_RETRY_MS: '800', ALLOW_LOCAL_OIDC: 'true' })).toThrow(
        'CONNECTION_RETRY_MS: is for tests only (NODE_ENV=test)',
      );
  });

  it('refuses METRICS_PORT equal to PORT, naming METRICS_PORT', () => {
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(loadConfig({ PORT: '3000', METRICS_PORT: '9100' }).metricsPort).toBe(9100);
  });

  it("runs the shop on Mexico City's days and hours unless SHOP_TIMEZONE names another IANA zone", () => {
    expect(loadConfig({}).shopTimeZone).toBe('America/Mexico_City');
    expect(loadConfig({ SHOP_TIMEZONE: '' }).shopTimeZone).toBe('America/Mexico_City');
    expect(loadConfig({ SHOP_TIMEZONE: 'Europe/Madrid' }).shopTimeZone).toBe('Europe/Madrid');
    expect(() => loadConfig({ SHOP_TIMEZONE: 'Marte/Olympus' })).toThrow(
      'SHOP_TIMEZONE: must be an IANA time zone name, e.g. America/Mexico_City or Europe/Madrid',
    );
  });

  it('sells in dollars unless SHOP_CURRENCY names a currency the shop writes', () => {
    expect(loadConfig({}).currency).toBe('USD');
    expect(loadConfig({ SHOP_CURRENCY: '' }).currency).toBe('USD');
    expect(loadConfig({ SHOP_CURRENCY: 'CLP' }).currency).toBe('CLP');
    expect(loadConfig({ SHOP_CURRENCY: ' eur ' }).currency).toBe('EUR');
    expect(() => loadConfig({ SHOP_CURRENCY: 'BTC' })).toThrow(
      'SHOP_CURRENCY: must be an ISO 4217 code the shop writes: USD, MXN, ARS, COP, CLP, PEN, UYU, EUR',
    );
  });

  it('switches to PostgreSQL when DATABASE_URL is set, with 10 connections per process unless DATABASE_POOL_SIZE says', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://shop@db/shop' });
    expect(config.databaseUrl).toBe('postgres://shop@db/shop');
    expect(config.databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
  });

  it('writes mail to DATA_DIR/mail/ from SHOP_NAME <SUPPORT_EMAIL> unless SMTP_URL and MAIL_FROM say otherwise', () => {
    const defaults = loadConfig({ DATA_DIR: '/srv/tienda', SHOP_NAME: 'Tienda Sol' });
    expect(defaults.mail).toEqual({
      smtpUrl: undefined,
      mailDir: '/srv/tienda/mail',
      from: { name: 'Tienda Sol', address: 'soporte@vitrina.local' },
      replyTo: 'soporte@vitrina.local',
    });
    const smtp = loadConfig({
      SMTP_URL: 'smtps://u:p@smtp.example.com:465',
      MAIL_FROM: 'Sol <pedidos@example.com>',
    });
    expect(smtp.mail).toMatchObject({
      smtpUrl: 'smtps://u:p@smtp.example.com:465',
      from: 'Sol <pedidos@example.com>',
    });
  });

  describe('payments', () => {
    const STRIPE = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_51Secret',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51Publishable',
      STRIPE_WEBHOOK_SECRET: 'whsec_Signing',
    };

    it('uses the sandbox by default and needs no Stripe keys for it', () => {
      const config = loadConfig({});
      expect(config.payments.provider).toBe('sandbox');
      expect(config.payments.stripe).toBeUndefined();
    });

    it('ignores Stripe keys while the sandbox takes the payments', () => {
      expect(loadConfig({ ...STRIPE, PAYMENT_PROVIDER: 'sandbox' }).payments.stripe).toBeUndefined();
    });

    it('takes the three Stripe keys with PAYMENT_PROVIDER=stripe', () => {
      expect(loadConfig(STRIPE).payments).toMatchObject({
        provider: 'stripe',
        stripe: {
          secretKey: 'sk_test_51Secret',
          publishableKey: 'pk_test_51Publishable',
          webhookSecret: 'whsec_Signing',
        },
      });
    });

    it.each(['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'])(
      'refuses PAYMENT_PROVIDER=stripe without %s, naming it',
      (name) => {
        for (const missing of [{ [name]: undefined }, { [name]: '' }]) {
          const env = { ...STRIPE, ...missing };
          expect(() => loadConfig(env)).toThrow(ConfigError);
          expect(() => loadConfig(env)).toThrow(
            new RegExp(`^Invalid configuration:\\n\\s+${name}: is required when PAYMENT_PROVIDER=stripe$`),
          );
        }
      },
    );

    it.each([
      ['STRIPE_SECRET_KEY', 'pk_test_51Publishable'],
      ['STRIPE_PUBLISHABLE_KEY', 'sk_test_51Secret'],
      ['STRIPE_WEBHOOK_SECRET', 'sk_test_51Secret'],
    ])('refuses a key of the wrong kind in %s without repeating it', (name, value) => {
      const attempt = () => loadConfig({ ...STRIPE, [name]: value });
      expect(attempt).toThrow(new RegExp(`^Invalid configuration:\\n\\s+${name}: must be`));
      expect(attempt).not.toThrow(new RegExp(value));
    });

    it('refuses a live secret key with a test publishable key', () => {
      expect(() => loadConfig({ ...STRIPE, STRIPE_SECRET_KEY: 'sk_live_51Secret' })).toThrow(
        /STRIPE_PUBLISHABLE_KEY: must be from the same mode/,
      );
    });
  });

  describe('Mercado Pago', () => {
    const MP = {
      MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-6295877106812064-112718-abcdef-202809963',
      MERCADOPAGO_WEBHOOK_SECRET: 'a3f5c8e1d2b4a6c8e0f1a2b3c4d5e6f7',
    };

    it('runs Mercado Pago in the offline sandbox when no access token is set', () => {
      expect(loadConfig({}).payments.mercadopago).toBeUndefined();
    });

    it("takes the access token and the webhook secret, and talks to Mercado Pago's API unless told otherwise", () => {
      expect(loadConfig(MP).payments.mercadopago).toEqual({
        accessToken: MP.MERCADOPAGO_ACCESS_TOKEN,
        webhookSecret: MP.MERCADOPAGO_WEBHOOK_SECRET,
        publicKey: undefined,
        apiUrl: 'https://api.mercadopago.com',
      });
      expect(
        loadConfig({ ...MP, MERCADOPAGO_API_URL: 'http://127.0.0.1:4010/' }).payments.mercadopago?.apiUrl,
      ).toBe('http://127.0.0.1:4010');
    });

    it('refuses an access token without the webhook secret, naming MERCADOPAGO_WEBHOOK_SECRET', () => {
      expect(() => loadConfig({ ...MP, MERCADOPAGO_WEBHOOK_SECRET: '' })).toThrow(
        /^Invalid configuration:\n\s+MERCADOPAGO_WEBHOOK_SECRET: is required with MERCADOPAGO_ACCESS_TOKEN/,
      );
    });

    it('refuses a token of the wrong shape without repeating it', () => {
      const attempt = () => loadConfig({ ...MP, MERCADOPAGO_ACCESS_TOKEN: 'sk_test_51Secret' });
      expect(attempt).toThrow(/MERCADOPAGO_ACCESS_TOKEN: must be an access token/);
      expect(attempt).not.toThrow(/sk_test_51Secret/);
    });
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

  describe('object storage', () => {
    it('keeps images on the local disk unless S3_BUCKET is set', () => {
      expect(loadConfig({ DATA_DIR: '/srv/tienda' }).storage).toEqual({
        kind: 'local',
        dir: '/srv/tienda/uploads',
      });
      expect(
        loadConfig({ S3_BUCKET: 'fotos', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true' })
          .storage,
      ).toMatchObject({ kind: 's3', bucket: 'fotos', region: 'us-east-1', forcePathStyle: true });
    });

    it('refuses half a key pair, naming the missing half', () => {
      expect(() => loadConfig({ S3_BUCKET: 'fotos', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
        /S3_SECRET_ACCESS_KEY: /,
      );
    });

    it('refuses bucket settings without S3_BUCKET, and a CDN address that is not http(s)', () => {
      expect(() => loadConfig({ PUBLIC_ASSETS_URL: 'https://cdn.example.com' })).toThrow(
        /PUBLIC_ASSETS_URL: only applies with S3_BUCKET/,
      );
      expect(() => loadConfig({ S3_BUCKET: 'fotos', PUBLIC_ASSETS_URL: 'ftp://cdn.example.com' })).toThrow(
        /PUBLIC_ASSETS_URL: /,
      );
    });
  });
});
