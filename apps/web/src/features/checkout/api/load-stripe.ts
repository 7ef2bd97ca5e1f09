import type { Stripe } from '@stripe/stripe-js';
import { queryOptions } from '@tanstack/react-query';

/**
 * Stripe.js from https://js.stripe.com, once per visit (the instance stays cached), with its messages
 * and 3-D Secure screens in Spanish. `@stripe/stripe-js` is imported here, on demand, because it
 * inserts Stripe's <script> as soon as it is evaluated: only shoppers paying in stripe mode download it
 * (the server's CSP allows js.stripe.com only then), and never from the entry bundle.
 */
export async function loadStripeJs(publishableKey: string): Promise<Stripe> {
  const { loadStripe } = await import('@stripe/stripe-js');
  const stripe = await loadStripe(publishableKey, { locale: 'es' });
  if (!stripe) throw new Error('Stripe.js is not available');
  return stripe;
}

export const stripeQueryOptions = (publishableKey: string) =>
  queryOptions({
    queryKey: ['stripe-js', publishableKey],
    queryFn: () => loadStripeJs(publishableKey),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    // A failed load is shown at once ('recarga la página'); the instance is not plain data.
    retry: false,
    structuralSharing: false,
  });
