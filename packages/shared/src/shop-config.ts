import { z } from 'zod';
import { CURRENCY_CODES } from './currency';

/** GET /api/config: what the browser needs to know about the shop's configuration (nothing secret). */
/** Who takes the card payments: the built-in sandbox (test cards, no outside service) or Stripe. */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;

export const shopConfigSchema = z.object({
  shopName: z.string(),
  supportEmail: z.string(),
  /** Which card form the checkout shows: the sandbox's own (test cards), or Stripe's card element. */
  paymentProvider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key (`pk_…`) for Stripe.js; null with the sandbox. Never the secret key. */
  stripePublishableKey: z.string().nullable(),
  /** SHOP_TIMEZONE: the IANA zone every date is shown in and that decides what "a day" is. */
  timeZone: z.string(),
  /** SHOP_CURRENCY: the ISO 4217 code of every price; the web writes amounts as its country does. */
  moneda: z.enum(CURRENCY_CODES),
});
export type ShopConfig = z.infer<typeof shopConfigSchema>;
