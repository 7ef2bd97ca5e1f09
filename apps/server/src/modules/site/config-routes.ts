import { shopConfigSchema } from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';

/** What the browser needs to know about this shop's configuration (nothing secret). */
export const publicConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
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
    async () => ({
      shopName: config.shopName,
      supportEmail: config.supportEmail,
      paymentProvider: config.payments.provider,
      stripePublishableKey: config.payments.stripe?.publishableKey ?? null,
      timeZone: config.shopTimeZone,
      moneda: config.currency,
    }),
  );
};
