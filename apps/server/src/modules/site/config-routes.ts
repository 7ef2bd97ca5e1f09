import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { PAYMENT_PROVIDERS } from '../../payments/provider';

/** What the browser needs to know about this shop's configuration (nothing secret). */
export const publicConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/config',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['Sistema'],
        summary: 'Configuración pública de la tienda',
        response: {
          200: z.object({
            shopName: z.string(),
            supportEmail: z.string(),
            /** Which card form the checkout shows: the sandbox's own, or Stripe Elements. */
            paymentProvider: z.enum(PAYMENT_PROVIDERS),
            /** For Stripe.js (loadStripe); null with the sandbox. Publishable by design, never the secret key. */
            stripePublishableKey: z.string().nullable(),
          }),
        },
      },
    },
    async () => ({
      shopName: config.shopName,
      supportEmail: config.supportEmail,
      paymentProvider: config.payments.provider,
      stripePublishableKey: config.payments.stripe?.publishableKey ?? null,
    }),
  );
};
