import './spanish-messages';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, compileProxies } from './config';
import type { Database } from './db/client';
import { measureRequests } from './metrics';
import { accountsRoutes } from './modules/accounts';
import { adminRoutes } from './modules/admin';
import { auditRoutes } from './modules/audit';
import { type CartReminderOptions, cartRemindersPlugin, cartsRoutes } from './modules/carts';
import {
  catalogAdminRoutes,
  catalogImportRoutes,
  catalogRoutes,
  searchCounter,
  searchRoutes,
  type UnitsSoldOptions,
  unitsSoldPlugin,
} from './modules/catalog';
import type { OidcClientConfig } from './modules/google-sign-in';
import { googleRoutes } from './modules/google-sign-in';
import { healthRoutes } from './modules/health';
import type { DeliveryOptions } from './modules/mail';
import { mailboxRoutes, mailDeliveryPlugin, shopIdentity } from './modules/mail';
import {
  type ExpiryOptions,
  keptSettings,
  mercadoPagoReconciliationPlugin,
  mercadoPagoRedirect,
  mercadoPagoRoutes,
  mercadoPagoSandboxRoutes,
  ordersRoutes,
  type ReconciliationOptions,
  sandboxPaymentRoutes,
  stripeWebhookRoutes,
  unpaidOrdersExpiryPlugin,
  usesByPromotion,
} from './modules/orders';
import { pagesRoutes } from './modules/pages';
import { promotionsRoutes } from './modules/promotions';
import { adoptGuestRatings, ratingsAdminRoutes, ratingsRoutes } from './modules/ratings';
import {
  cookieSecure,
  DEFAULT_THROTTLE,
  findSession,
  SESSION_COOKIE,
  type ThrottlePolicy,
} from './modules/sessions';
import { settingsRoutes, shopIdentityRoutes } from './modules/settings';
import {
  loadRenderer,
  publicConfigRoutes,
  type RenderPage,
  siteRoutes,
  specFrontRoutes,
} from './modules/site';
import { specApiRoutes } from './modules/spec-api';
import { DEFAULT_UPLOAD_POLICY, type UploadPolicy, uploadsRoutes } from './modules/uploads';
import { createMercadoPago, createPaymentProvider } from './payments/create-provider';
import type { MercadoPagoGateway } from './payments/mercadopago';
import type { PaymentProvider } from './payments/provider';
import type { StripeApiOptions } from './payments/stripe';
import { apiDocsPlugin } from './plugins/api-docs';
import { authPlugin } from './plugins/auth';
import { csrfPlugin } from './plugins/csrf';
import { badUrlAnswer, errorsPlugin } from './plugins/errors';
import { etagPlugin } from './plugins/etag';
import { securityHeaders, securityHeadersPlugin } from './plugins/security-headers';
import { REQUEST_ID_HEADER, requestIdGenerator } from './request-id';
import { createStorage } from './storage/create';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Where "Continuar con Google" signs in: Google, or the local development issuer. */
  oidc: OidcClientConfig;
  logger?: FastifyServerOptions['logger'];
  /** Sign-in brute-force limits; tests pass faster ones. */
  throttle?: ThrottlePolicy;
  /** The payment provider; by default the one PAYMENT_PROVIDER names. Tests pass a failing one. */
  payments?: PaymentProvider;
  /** Where the default Stripe provider sends its requests; tests point it at a local fake. */
  stripeApi?: StripeApiOptions;
  /** Mercado Pago; by default the SDK's (MERCADOPAGO_ACCESS_TOKEN) or the offline sandbox. */
  mercadoPago?: MercadoPagoGateway;
  /** The loop that asks Mercado Pago about every order still waiting for it; tests run it faster or never. */
  mercadoPagoReconciliation?: Partial<ReconciliationOptions>;
  /** Uploads per caller and window; tests pass smaller ones. */
  uploadLimit?: UploadPolicy;
  /** The outbox's delivery loop; tests retry faster. */
  mailDelivery?: Partial<DeliveryOptions>;
  /** The loop that cancels unpaid orders at their deadline. */
  unpaidOrdersExpiry?: Partial<ExpiryOptions>;
  /** The abandoned-cart reminders' loop; tests run it faster. */
  cartReminders?: Partial<CartReminderOptions>;
  /** The loop that counts units sold into the products; tests run it faster. */
  unitsSold?: Partial<UnitsSoldOptions>;
  /** The storefront's server render; by default the web build's (config.webRender), when built. */
  renderPage?: RenderPage;
}

/**
 * What the sale's operations share in one process (OrderContext without a logger): the app's routes and
 * loops, and main.ts's start-up settling and sweeps, which add their own logger.
 */
export async function orderContextFor(
  config: Config,
  database: Database,
  deps: Pick<AppDeps, 'payments' | 'stripeApi' | 'mercadoPago'> = {},
) {
  const { db } = database;
  const shop = shopIdentity(config);
  return {
    db,
    payments: deps.payments ?? (await createPaymentProvider(config, db, { stripeApi: deps.stripeApi })),
    mercadoPago: deps.mercadoPago ?? (await createMercadoPago(config, db)),
    shop,
    settings: keptSettings(database, shop),
    connectionRetry: config.payments.connectionRetry,
  };
}

/** The whole HTTP application; main.ts listens with it, tests call it through inject(). */
export async function buildApp({
  config,
  database,
  oidc,
  logger,
  throttle = DEFAULT_THROTTLE,
  payments,
  stripeApi,
  mercadoPago,
  mercadoPagoReconciliation,
  mailDelivery,
  unpaidOrdersExpiry,
  cartReminders,
  unitsSold,
  uploadLimit = DEFAULT_UPLOAD_POLICY,
  renderPage,
}: AppDeps) {
  const headersOptions = {
    stripe: config.payments.provider === 'stripe',
    specFront: config.specFrontDist !== undefined,
    publicUrl: config.publicUrl,
    assetsUrl: config.storage.kind === 's3' ? config.storage.publicAssetsUrl : undefined,
  };
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // Named proxies, never `true`: with `true` the leftmost X-Forwarded-For entry, which the client writes
    // itself, would be its address, and every per-address limit could be dodged by changing it.
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy === false ? undefined : compileProxies(config.trustProxy)),
    // Query values are always validated as text by the zod schemas.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: badUrlAnswer(securityHeaders(headersOptions)),
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // Nobody can read the timings without METRICS_PORT: then every answer saves the histogram's work.
  if (config.metricsPort) measureRequests(app);
  // Draining (SIGTERM): the answers still in flight close their connection, else a keep-alive connection
  // that turns idle after close() began would hold the process until its timeout.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Order matters: errors first, ETags before compression (they hash the uncompressed body).
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, headersOptions);
  await app.register(etagPlugin);
  await app.register(compress, { threshold: 1024 });
  await app.register(apiDocsPlugin);

  const { db } = database;
  const orders = await orderContextFor(config, database, { payments, stripeApi, mercadoPago });
  await app.register(cookie);
  await app.register(csrfPlugin, { secure: cookieSecure(config.publicUrl), publicUrl: config.publicUrl });
  await app.register(authPlugin, {
    sessionCookie: SESSION_COOKIE,
    findSession: (token) => findSession(db, token),
  });

  const storage = await createStorage(config);
  const { shop } = orders;
  const reminders = { afterMs: config.abandonedCartHours * 3_600_000, ...cartReminders };
  const searches = searchCounter(db, app.log);
  app.addHook('onClose', () => searches.flush());
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(catalogRoutes, { database, searches });
      await api.register(searchRoutes, { database, searches, currency: config.currency });
      await api.register(catalogAdminRoutes, { db, storage, currency: config.currency });
      await api.register(catalogImportRoutes, { db, storage, currency: config.currency });
      await api.register(ratingsRoutes, { db, timeZone: config.shopTimeZone, linkSecret: shop.linkSecret });
      await api.register(ratingsAdminRoutes, { db });
      await api.register(publicConfigRoutes, { config, db });
      await api.register(accountsRoutes, { db, config, throttle, shop });
      await api.register(googleRoutes, { db, config, oidc, storage, shop });
      await api.register(uploadsRoutes, { db, storage, limit: uploadLimit });
      await api.register(ordersRoutes, {
        ...orders,
        timeZone: config.shopTimeZone,
        startRedirect: mercadoPagoRedirect(orders.mercadoPago),
        alsoClaim: adoptGuestRatings,
      });
      await api.register(mercadoPagoRoutes, orders);
      await api.register(cartsRoutes, {
        db,
        reminderAfterMs: reminders.afterMs,
        linkSecret: shop.linkSecret,
        secureCookies: cookieSecure(config.publicUrl),
      });
      await api.register(adminRoutes, { db, timeZone: config.shopTimeZone, currency: config.currency });
      await api.register(auditRoutes, { db, timeZone: config.shopTimeZone, currency: config.currency });
      await api.register(settingsRoutes, { db, currency: config.currency });
      await api.register(promotionsRoutes, { db, currency: config.currency, usesOf: usesByPromotion });
      await api.register(shopIdentityRoutes, { database, shopName: config.shopName });
      await api.register(pagesRoutes, { database });
      await api.register(mailboxRoutes, { db });
      await api.register(specApiRoutes, { prefix: '/spec', config, storage, throttle, ...orders });
      if (config.payments.provider === 'sandbox') await api.register(sandboxPaymentRoutes, { db });
      if (config.payments.stripe) {
        await api.register(stripeWebhookRoutes, {
          ...orders,
          webhookSecret: config.payments.stripe.webhookSecret,
        });
      }
    },
    { prefix: '/api' },
  );
  if (orders.mercadoPago.mode === 'sandbox') {
    await app.register(mercadoPagoSandboxRoutes, { db, shopName: config.shopName });
  }
  if (config.specFrontDist) {
    await app.register(specFrontRoutes, { config, storage, root: config.specFrontDist });
  } else {
    await app.register(siteRoutes, {
      database,
      config,
      storage,
      renderPage: renderPage ?? (await loadRenderer(config.webRender)),
    });
  }
  await app.register(mailDeliveryPlugin, { database, config, options: mailDelivery });
  await app.register(mercadoPagoReconciliationPlugin, {
    ...orders,
    options: mercadoPagoReconciliation,
  });
  await app.register(unpaidOrdersExpiryPlugin, { ...orders, options: unpaidOrdersExpiry });
  await app.register(cartRemindersPlugin, { db, shop: orders.shop, options: reminders });
  await app.register(unitsSoldPlugin, { db, options: unitsSold });
  return app;
}
