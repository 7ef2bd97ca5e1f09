import type { StripeCardElement } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { stripeQueryOptions } from '../api/load-stripe';
import { stripePayments } from '../api/stripe-payments';
import { usePayCart } from '../hooks/use-pay-cart';
import type { CheckoutPanelProps } from './checkout-props';
import { PaymentUnavailable } from './payment-unavailable';
import { StripeCardForm } from './stripe-card-form';

export interface StripeCheckoutProps extends CheckoutPanelProps {
  /** /api/config's `stripePublishableKey`. */
  publishableKey: string;
}

/**
 * The checkout with Stripe (`paymentProvider: 'stripe'`). The flow is the sandbox's (usePayCart); only
 * the card → payment method and 3-D Secure steps are Stripe's (stripePayments). Stripe.js
 * (stripeQueryOptions) and @stripe/react-stripe-js (the card field) are lazy chunks, fetched only here.
 */
export function StripeCheckout({
  publishableKey,
  order,
  disabled,
  disabledReason,
  onPaid,
  onConflict,
  readAddress,
}: StripeCheckoutProps) {
  const stripe = useQuery(stripeQueryOptions(publishableKey));
  const card = useRef<StripeCardElement | null>(null);
  const [elementFailed, setElementFailed] = useState(false);
  const { pay, paying, error } = usePayCart({
    onPaid,
    onConflict,
    readAddress,
    payments: stripePayments(stripe.data ?? null, () => card.current),
  });

  if (stripe.isError || elementFailed) return <PaymentUnavailable />;
  return (
    <StripeCardForm
      stripe={stripe.data ?? null}
      totalCents={order.totalCents}
      disabled={disabled || order.lines.length === 0}
      disabledReason={disabledReason}
      paying={paying}
      error={error}
      onPay={(details) => pay(details, order)}
      onCardReady={(element) => {
        card.current = element;
      }}
      onUnavailable={() => setElementFailed(true)}
    />
  );
}
