import proxyAddr from '@fastify/proxy-addr';
import './spanish-messages';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CURRENCY_CODES,
  DEFAULT_CURRENCY,
  DEFAULT_SHOP_TIMEZONE,
  isTimeZone,
  normalizeEmail,
  PAYMENT_PROVIDERS,
} from '@vitrina/shared';
import { z } from 'zod';
import { WEB_DIST_DIR } from './paths';

/** proxy-addr's names for loopback, link-local and private ranges: where a shop's own proxy stands. */
const PRIVATE_NETWORKS = 'loopback,linklocal,uniquelocal';

function compilesAsProxies(list: string): boolean {
  try {
    compileProxies(list);
    return true;
  } catch {
    return false;
  }
}

/** Whether an address (the i-th hop from the socket) is one of the trusted proxies of TRUST_PROXY. */
export const compileProxies = (list: string) => proxyAddr.compile(list.split(',').map((a) => a.trim()));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An empty variable (`NAME=` in .env) counts as unset, so its default applies. */
const unsetIfEmpty = (v: unknown) => (v === '' ? undefined : v);

const optionalText = z.preprocess(unsetIfEmpty, z.string().optional());

/** An optional provider key (Stripe, Mercado Pago); the message never repeats the value, so a secret cannot reach a log. */
const stripeKey = (pattern: RegExp, message: string) =>
  z.preprocess(unsetIfEmpty, z.string().regex(pattern, message).optional());

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Connections a process keeps to PostgreSQL unless DATABASE_POOL_SIZE says (db/client.ts uses it too). */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

/** A shopper's cart is not abandoned sooner than this, outside tests. */
const MIN_ABANDONED_CART_HOURS = 0.25;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where PGlite keeps its files and uploads are stored when no DATABASE_URL is given. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** postgres://… switches from the embedded PGlite to a PostgreSQL server. */
  DATABASE_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /**
   * Connections each process keeps to PostgreSQL. Behind a load balancer the database serves N times as
   * many; a database on few cores answers best with about two to four per core in all (docs/deploy.md).
   */
  DATABASE_POOL_SIZE: z.preprocess(
    unsetIfEmpty,
    z.coerce.number().int().min(1).max(200).default(DEFAULT_DATABASE_POOL_SIZE),
  ),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /**
   * Hours a cart rests with items before its one reminder (docs/decisions/081, 095): at least a quarter
   * of an hour, except under NODE_ENV=test, where a browser test waits for a reminder in seconds.
   */
  ABANDONED_CART_HOURS: z.preprocess(unsetIfEmpty, z.coerce.number().positive().max(720).default(4)),
  /** The address shoppers use; absolute links in SEO tags and the sitemap are built from it. */
  PUBLIC_URL: z.url().optional(),
  /** Shown to banned users and in the about page. */
  SUPPORT_EMAIL: z.email().default('soporte@vitrina.local'),
  SHOP_NAME: z.string().min(1).default('Vitrina'),
  /** The IANA zone of the shop's days and hours: the dashboard, the sales filters, the CSV, every date shown. */
  SHOP_TIMEZONE: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .refine(isTimeZone, 'must be an IANA time zone name, e.g. America/Mexico_City or Europe/Madrid')
      .default(DEFAULT_SHOP_TIMEZONE),
  ),
  /** The ISO 4217 code of every price, charge and refund; amounts are written as its country writes them. */
  SHOP_CURRENCY: z.preprocess(
    (v) => (typeof v === 'string' ? unsetIfEmpty(v.trim().toUpperCase()) : v),
    z
      .enum(CURRENCY_CODES, {
        error: `must be an ISO 4217 code the shop writes: ${CURRENCY_CODES.join(', ')}`,
      })
      .default(DEFAULT_CURRENCY),
  ),
  ADMIN_EMAIL: z.email().default('admin@vitrina.local'),
  ADMIN_PASSWORD: z.string().min(8).max(20).default('Admin12345'),
  /** Seed the demo catalog on start when the database is empty. */
  SEED_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  WEB_DIST: optionalText,
  /** A build of SPEC's own storefront (Henry-Market-Front) to serve instead of the web app. */
  SPEC_FRONT_DIST: optionalText,
  /**
   * Behind a reverse proxy: the proxies whose X-Forwarded-For is believed, as addresses, CIDR ranges or
   * proxy-addr's names; 'true' is every loopback and private address (nginx on the machine or the LAN).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): string | false =>
      v === 'false' || v === '' ? false : v === 'true' ? PRIVATE_NETWORKS : v,
    )
    .refine((v) => v === false || compilesAsProxies(v), {
      error: "must be 'true', 'false' or a list of addresses or CIDR ranges separated by commas",
    }),
  /** Sign in with Google: both set → accounts.google.com; both empty → the local development issuer. */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** Production refuses the local development issuer unless this is 'true' (a demo deployment). */
  ALLOW_LOCAL_OIDC: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Who charges the cards: the offline sandbox (test cards, no real money) or Stripe. */
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).default('sandbox'),
  /** Simulated network latency of a sandbox charge, in milliseconds (the crash-recovery test uses it). */
  SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /**
   * How long a charge's answer is retried within the request when the database connection is lost
   * (settle-payment.ts), in milliseconds; unset, the shop's own 3 s. Only under NODE_ENV=test: the tests
   * that cut the connection give up sooner.
   */
  CONNECTION_RETRY_MS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(60_000).optional()),
  /** Stripe's keys (Dashboard → Developers); all three are required when PAYMENT_PROVIDER=stripe. */
  STRIPE_SECRET_KEY: stripeKey(/^(sk|rk)_(test|live)_\S+$/, 'must be a secret key (sk_test_… or sk_live_…)'),
  STRIPE_PUBLISHABLE_KEY: stripeKey(
    /^pk_(test|live)_\S+$/,
    'must be a publishable key (pk_test_… or pk_live_…)',
  ),
  STRIPE_WEBHOOK_SECRET: stripeKey(/^whsec_\S+$/, "must be the webhook endpoint's signing secret (whsec_…)"),
  /**
   * Mercado Pago's credentials (Tus integraciones → Credenciales). Unset: Mercado Pago runs in the shop's
   * offline sandbox. Messages never repeat the value, so a secret cannot reach a log.
   */
  MERCADOPAGO_ACCESS_TOKEN: stripeKey(
    /^(APP_USR|TEST)-\S+$/,
    'must be an access token (APP_USR-… or TEST-…)',
  ),
  /** The secret Mercado Pago signs its notifications with (Tus integraciones → Webhooks → Clave secreta). */
  MERCADOPAGO_WEBHOOK_SECRET: stripeKey(
    /^\S{16,}$/,
    'must be the webhook secret: 16 characters or more, no spaces',
  ),
  /** Only for a browser-side Mercado Pago brick; Checkout Pro's redirect does not need it. */
  MERCADOPAGO_PUBLIC_KEY: stripeKey(/^(APP_USR|TEST)-\S+$/, 'must be a public key (APP_USR-… or TEST-…)'),
  /** Where the SDK sends its requests instead of https://api.mercadopago.com (tests: a local fake). */
  MERCADOPAGO_API_URL: z.preprocess(
    unsetIfEmpty,
    z
      .url('must be a URL, e.g. http://127.0.0.1:4010')
      .refine((v) => /^https?:\/\//.test(v), 'must start with http:// or https://')
      .default('https://api.mercadopago.com'),
  ),
  /**
   * Where transactional e-mail goes: smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465.
   * Empty: each message is written as an .eml file in DATA_DIR/mail/ (read them at Ajustes › Correos).
   */
  SMTP_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  /** The sender of the shop's e-mail, e.g. "Vitrina <pedidos@example.com>"; SHOP_NAME <SUPPORT_EMAIL> by default. */
  MAIL_FROM: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(
        /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
        'must be an e-mail address, alone or as "Name <address>"',
      )
      .optional(),
  ),
  /** Prometheus metrics (GET /metrics) on this port of HOST, never on the shop's port. Empty: off. */
  METRICS_PORT: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).max(65535).optional()),
  /** On SIGTERM, how long requests in flight may take to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * An S3-compatible bucket for every stored image (products, categories, avatars) instead of
   * DATA_DIR/uploads: required when several processes serve the shop. Empty: the local disk.
   */
  S3_BUCKET: optionalText,
  /** The provider's address (R2, MinIO, Spaces…); empty for AWS S3 itself. */
  S3_ENDPOINT: z.preprocess(unsetIfEmpty, z.url('must be a URL, e.g. https://…').optional()),
  S3_REGION: z.preprocess(unsetIfEmpty, z.string().default('us-east-1')),
  /** Both or neither: without them the SDK's own chain is used (environment, instance role). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** true for MinIO and most self-hosted servers: the bucket goes in the path, not the host name. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** A CDN in front of the bucket: /uploads/… answers with a permanent redirect to this address. */
  PUBLIC_ASSETS_URL: z.preprocess(
    unsetIfEmpty,
    z
      .url('must be a URL, e.g. https://cdn.example.com')
      .refine((v) => /^https?:\/\//.test(v), 'must start with http:// or https://')
      .optional(),
  ),
  /**
   * Key for the short-lived sign-in cookies (Google's state, nonce and PKCE verifier). Optional: a random
   * one is made at start, which is fine for one process; set it when several instances share the traffic.
   */
  COOKIE_SECRET: z.preprocess(unsetIfEmpty, z.string().min(32, 'must be at least 32 characters').optional()),
});

/** Rules between variables, checked once each variable is valid on its own. */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  if (env.ABANDONED_CART_HOURS < MIN_ABANDONED_CART_HOURS && env.NODE_ENV !== 'test') {
    ctx.addIssue({
      code: 'custom',
      path: ['ABANDONED_CART_HOURS'],
      message: `must be at least ${MIN_ABANDONED_CART_HOURS} (a quarter of an hour); shorter delays are for tests (NODE_ENV=test)`,
    });
  }
  if (env.CONNECTION_RETRY_MS !== undefined && env.NODE_ENV !== 'test') {
    ctx.addIssue({
      code: 'custom',
      path: ['CONNECTION_RETRY_MS'],
      message: 'is for tests only (NODE_ENV=test); the shop retries a lost connection for 3 s',
    });
  }
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
      message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    });
  }
  if (env.PAYMENT_PROVIDER === 'stripe') {
    for (const name of STRIPE_KEYS) {
      if (!env[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required when PAYMENT_PROVIDER=stripe' });
    }
    // A test publishable key with a live secret key (or the reverse) fails in the browser, not at start.
    const mode = (key: string | undefined) => key?.split('_')[1];
    if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY) {
      if (mode(env.STRIPE_SECRET_KEY) !== mode(env.STRIPE_PUBLISHABLE_KEY)) {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_PUBLISHABLE_KEY'],
          message: 'must be from the same mode (test or live) as STRIPE_SECRET_KEY',
        });
      }
    }
  }
  if (env.MERCADOPAGO_ACCESS_TOKEN && !env.MERCADOPAGO_WEBHOOK_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['MERCADOPAGO_WEBHOOK_SECRET'],
      message: 'is required with MERCADOPAGO_ACCESS_TOKEN: without it no notification can be trusted',
    });
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    });
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    ctx.addIssue({
      code: 'custom',
      path: ['METRICS_PORT'],
      message: "must differ from PORT: the metrics have a listener of their own, never the shop's port",
    });
  }
  for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'PUBLIC_ASSETS_URL'] as const) {
    if (env[name] && !env.S3_BUCKET)
      ctx.addIssue({ code: 'custom', path: [name], message: 'only applies with S3_BUCKET; set it too' });
  }
  if (env.NODE_ENV === 'production' && !env.GOOGLE_CLIENT_ID && !env.ALLOW_LOCAL_OIDC) {
    ctx.addIssue({
      code: 'custom',
      path: ['GOOGLE_CLIENT_ID'],
      message:
        'is required in production (with GOOGLE_CLIENT_SECRET); set ALLOW_LOCAL_OIDC=true to run the local development sign-in issuer instead',
    });
  }
});

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof envSchema>) {
  const dataDir = resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    uploadsDir: resolve(dataDir, 'uploads'),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    logLevel: env.LOG_LEVEL,
    abandonedCartHours: env.ABANDONED_CART_HOURS,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    supportEmail: env.SUPPORT_EMAIL,
    shopName: env.SHOP_NAME,
    shopTimeZone: env.SHOP_TIMEZONE,
    currency: env.SHOP_CURRENCY,
    admin: { email: normalizeEmail(env.ADMIN_EMAIL), password: env.ADMIN_PASSWORD },
    seedOnStart: env.SEED_ON_START,
    trustProxy: env.TRUST_PROXY,
    /** The built web app; served when the folder exists. */
    webDist: resolve(env.WEB_DIST ?? WEB_DIST_DIR),
    /** The build of the web app's server render, beside it; storefront pages are rendered when it exists. */
    webRender: resolve(env.WEB_DIST ?? WEB_DIST_DIR, '..', 'dist-ssr', 'entry-server.js'),
    /**
     * SPEC's storefront (a Create React App build whose api_host is '/api/spec/'), served on every page
     * path instead of the web app when set (docs/decisions/067-serving-spec-front.md).
     */
    specFrontDist: env.SPEC_FRONT_DIST === undefined ? undefined : resolve(env.SPEC_FRONT_DIST),
    /** Google's client when both are set; otherwise "Continuar con Google" uses the local issuer. */
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    allowLocalOidc: env.ALLOW_LOCAL_OIDC,
    payments: {
      provider: env.PAYMENT_PROVIDER,
      sandboxLatencyMs: env.SANDBOX_LATENCY_MS,
      /** Tests only (CONNECTION_RETRY_MS): how long a charge's answer is retried on a lost connection. */
      connectionRetry:
        env.CONNECTION_RETRY_MS === undefined ? undefined : { budgetMs: env.CONNECTION_RETRY_MS },
      /** Only with PAYMENT_PROVIDER=stripe (then all three are set). The secrets are never logged. */
      stripe:
        env.PAYMENT_PROVIDER === 'stripe' &&
        env.STRIPE_SECRET_KEY &&
        env.STRIPE_PUBLISHABLE_KEY &&
        env.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: env.STRIPE_SECRET_KEY,
              publishableKey: env.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            }
          : undefined,
      /**
       * Mercado Pago's account when MERCADOPAGO_ACCESS_TOKEN is set (then the webhook secret is too);
       * undefined: the offline sandbox. The secrets are never logged.
       */
      mercadopago:
        env.MERCADOPAGO_ACCESS_TOKEN && env.MERCADOPAGO_WEBHOOK_SECRET
          ? {
              accessToken: env.MERCADOPAGO_ACCESS_TOKEN,
              webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET,
              publicKey: env.MERCADOPAGO_PUBLIC_KEY,
              apiUrl: env.MERCADOPAGO_API_URL.replace(/\/$/, ''),
            }
          : undefined,
    },
    mail: {
      /** Never logged: it may hold the SMTP password. Undefined: the DATA_DIR/mail/ folder. */
      smtpUrl: env.SMTP_URL,
      mailDir: resolve(dataDir, 'mail'),
      from: env.MAIL_FROM ?? { name: env.SHOP_NAME, address: env.SUPPORT_EMAIL },
      /** The messages say "responde a este correo": replies reach the shop's support address. */
      replyTo: env.SUPPORT_EMAIL,
    },
    metricsPort: env.METRICS_PORT,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    /** Where images are stored: DATA_DIR/uploads, or a bucket (its secret is never logged). */
    storage: env.S3_BUCKET
      ? {
          kind: 's3' as const,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          publicAssetsUrl: env.PUBLIC_ASSETS_URL?.replace(/\/$/, ''),
        }
      : { kind: 'local' as const, dir: resolve(dataDir, 'uploads') },
    /** Never logged; random per process when COOKIE_SECRET is not set. */
    cookieSecret: env.COOKIE_SECRET ?? randomBytes(32).toString('base64url'),
  };
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}

/** Reads ./.env into process.env when it exists; variables already set win. */
export function readDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
