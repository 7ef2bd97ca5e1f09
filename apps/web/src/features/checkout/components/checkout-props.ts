import type { OrderSummary } from '@vitrina/shared';
import type { ReactNode } from 'react';
import type { Order } from '../hooks/use-pay-cart';
import type { ShippingChoice } from '../hooks/use-shipping-address';

/** What a page gives the checkout (CheckoutPanel), and the panel gives the provider's own checkout. */
export interface CheckoutPanelProps {
  /** The lines to pay and the total the shopper sees, in cents. */
  order: Order;
  disabled?: boolean;
  disabledReason?: ReactNode;
  /** The server confirmed the sale: empty the cart, leave the page. */
  onPaid: (sale: OrderSummary) => void;
  /** 409: refresh the lines' prices and stock. */
  onConflict?: () => void;
  /** The shipping address to send, or undefined after its fields showed what to fix (nothing is paid). */
  readAddress: () => ShippingChoice | undefined;
}
