import { z } from 'zod';

/** GET /api/config: what the browser needs to know about the shop's configuration (nothing secret). */
export const shopConfigSchema = z.object({
  shopName: z.string(),
  supportEmail: z.string(),
  /** Which card form the checkout shows: the sandbox's own (test cards), or Stripe's card element. */
  paymentProvider: z.enum(['sandbox', 'stripe']),
  /** Stripe's publishable key (`pk_…`) for Stripe.js; null with the sandbox. Never the secret key. */
  stripePublishableKey: z.string().nullable(),
});
export type ShopConfig = z.infer<typeof shopConfigSchema>;
