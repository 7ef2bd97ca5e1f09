import type { Config } from '../config';
import type { Db } from '../db/client';
import type { PaymentProvider } from './provider';
import { sandboxProvider } from './sandbox';
import { type StripeApiOptions, stripeProvider } from './stripe';

export interface ProviderOptions {
  /** Where the Stripe SDK sends its requests instead of api.stripe.com (tests: a local fake). */
  stripeApi?: StripeApiOptions | undefined;
}

/** The provider PAYMENT_PROVIDER names; one per process, shared by checkout and start-up settling. */
export async function createPaymentProvider(
  config: Config,
  db: Db,
  options: ProviderOptions = {},
): Promise<PaymentProvider> {
  switch (config.payments.provider) {
    case 'sandbox':
      return sandboxProvider(db, { latencyMs: config.payments.sandboxLatencyMs });
    case 'stripe':
      return stripeProvider(config, options.stripeApi);
  }
}
