import compress from '@fastify/compress';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { catalogRoutes } from './modules/catalog/routes';
import { healthRoutes } from './modules/health/routes';
import { ratingsRoutes } from './modules/ratings/routes';
import { siteRoutes } from './modules/site/routes';
import { apiDocsPlugin } from './plugins/api-docs';
import { errorsPlugin } from './plugins/errors';
import { etagPlugin } from './plugins/etag';
import { securityHeadersPlugin } from './plugins/security-headers';

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

/** The whole HTTP application; main.ts listens with it, tests call it through inject(). */
export async function buildApp({ config, database, logger }: AppDeps) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: true,
    // Query values are always validated as text by the zod schemas.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Order matters: errors first, ETags before compression (they hash the uncompressed body).
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(etagPlugin);
  await app.register(compress, { threshold: 1024 });
  await app.register(apiDocsPlugin);

  const { db } = database;
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(catalogRoutes, { db });
      await api.register(ratingsRoutes, { db });
    },
    { prefix: '/api' },
  );
  await app.register(siteRoutes, { db, config });
  return app;
}
