import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentProvider } from '../../payments/provider';
import type { FileStorage } from '../../storage/local';
import type { ShopIdentity } from '../mail';
import type { ThrottlePolicy } from '../sessions';
import { specAccountRoutes } from './account-routes';
import { specCatalogRoutes } from './catalog-routes';
import { specRatingRoutes } from './rating-routes';
import { specSaleRoutes } from './sale-routes';

export interface SpecApiOptions {
  db: Db;
  config: Config;
  storage: FileStorage;
  throttle: ThrottlePolicy;
  payments: PaymentProvider;
  shop: ShopIdentity;
}

/**
 * SPEC §7 as BrandonFabila/Henry-Market-Front calls it, under /api/spec (its `api_host`): the same
 * services as the shop's own API, answered in the shapes that front reads
 * (docs/decisions/065-spec-front-compatibility.md). Registered under the /api prefix.
 */
export const specApiRoutes: FastifyPluginAsync<SpecApiOptions> = async (
  app,
  { db, config, storage, throttle, payments, shop },
) => {
  await app.register(specCatalogRoutes, { db, storage, currency: config.currency });
  await app.register(specRatingRoutes, { db, timeZone: config.shopTimeZone });
  await app.register(specAccountRoutes, { db, config, throttle, shop });
  await app.register(specSaleRoutes, { db, payments, shop, timeZone: config.shopTimeZone });
};
