import type { Sale } from '@vitrina/shared';
import type { ReactNode } from 'react';
import { Loader } from '../../../components/loader';
import { useConfig } from '../../auth';
import type { Order } from '../hooks/use-pay-cart';
import { PaymentUnavailable } from './payment-unavailable';
import { SandboxCheckout } from './sandbox-checkout';
import { StripeCheckout } from './stripe-checkout';

export interface CheckoutPanelProps {
  /** The lines to pay and the total the shopper sees, in cents. */
  order: Order;
  disabled?: boolean;
  disabledReason?: ReactNode;
  /** The server confirmed the sale: empty the cart, leave the page. */
  onPaid: (sale: Sale) => void;
  /** 409: refresh the lines' prices and stock. */
  onConflict?: () => void;
}

/**
 * The card payment of /carrito and /pay, with the provider /api/config names: the sandbox's own card
 * form, or Stripe's card element (whose code and Stripe.js are lazy chunks, fetched only in stripe mode).
 * Nothing can be paid until the provider is known and loaded (SPEC §5).
 */
export function CheckoutPanel(props: CheckoutPanelProps) {
  const config = useConfig();
  if (config.isPending) return <Loader label="Cargando el formulario de pago…" />;
  if (config.isError) return <PaymentUnavailable />;
  if (config.data.paymentProvider !== 'stripe') return <SandboxCheckout {...props} />;
  const publishableKey = config.data.stripePublishableKey;
  if (!publishableKey) return <PaymentUnavailable />;
  return <StripeCheckout publishableKey={publishableKey} {...props} />;
}
