import type { Config } from '../config';
import type { Db } from '../db/client';
import { type MercadoPagoGateway, type MercadoPagoOptions, mercadoPagoGateway } from './mercadopago';
import { mercadoPagoSandbox } from './mercadopago-sandbox';
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

/**
 * Mercado Pago: the real service through its SDK when MERCADOPAGO_ACCESS_TOKEN is set, otherwise the
 * offline sandbox in the shop's own database. One per process, like the card provider.
 */
export async function createMercadoPago(
  config: Config,
  db: Db,
  options: MercadoPagoOptions = {},
): Promise<MercadoPagoGateway> {
  const account = config.payments.mercadopago;
  return account ? mercadoPagoGateway(account, options) : mercadoPagoSandbox(db);
}
