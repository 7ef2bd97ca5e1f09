import { shopConfigSchema } from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { readShopIdentity } from '../settings';

/** What the browser needs to know about this shop's configuration (nothing secret). */
export const publicConfigRoutes: FastifyPluginAsyncZod<{ config: Config; db: Db }> = async (
  app,
  { config, db },
) => {
  app.get(
    '/config',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['Sistema'],
        summary: 'Configuración pública de la tienda',
        response: { 200: shopConfigSchema },
      },
    },
    async () => {
      // The name and contact address the owner saved (Ajustes › Tienda), SHOP_NAME and SUPPORT_EMAIL until then.
      const identity = await readShopIdentity(db, config.shopName);
      return {
        shopName: identity.nombre,
        supportEmail: identity.contacto.email || config.supportEmail,
        paymentProvider: config.payments.provider,
        stripePublishableKey: config.payments.stripe?.publishableKey ?? null,
        timeZone: config.shopTimeZone,
        moneda: config.currency,
      };
    },
  );
};
