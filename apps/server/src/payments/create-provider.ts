import type { Config } from '../config';
import type { Db } from '../db/client';
import type { PaymentProvider } from './provider';
import { sandboxProvider } from './sandbox';

/** The provider PAYMENT_PROVIDER names; one per process, shared by checkout and start-up settling. */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  switch (config.payments.provider) {
    case 'sandbox':
      return sandboxProvider(db, { latencyMs: config.payments.sandboxLatencyMs });
    case 'stripe':
      // Wired by the Stripe provider (payments/stripe.ts) when it lands.
      throw new Error('PAYMENT_PROVIDER=stripe is not available yet; use PAYMENT_PROVIDER=sandbox');
  }
}
