import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { useConfig } from '../../../lib/shop-config';
import type { CheckoutPanelProps } from './checkout-props';
import { PaymentUnavailable } from './payment-unavailable';
import { SandboxCheckout } from './sandbox-checkout';
import { StripeCheckout } from './stripe-checkout';

/**
 * The card payment of /carrito and /pay, with the provider /api/config names: the sandbox's own card
 * form, or Stripe's card element (whose code and Stripe.js are lazy chunks, fetched only in stripe mode).
 * Nothing can be paid until the provider is known and loaded (SPEC §5).
 */
export function CheckoutPanel(props: CheckoutPanelProps) {
  const config = useConfig();
  if (config.isPending) return <Loader label="Cargando el formulario de pago…" />;
  if (config.isError) {
    return (
      <LoadError
        what="el sistema de pago"
        error={config.error}
        onRetry={config.refetch}
        retrying={config.isFetching}
      />
    );
  }
  if (config.data.paymentProvider !== 'stripe') return <SandboxCheckout {...props} />;
  const publishableKey = config.data.stripePublishableKey;
  if (!publishableKey) return <PaymentUnavailable />;
  return <StripeCheckout publishableKey={publishableKey} {...props} />;
}
