import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/* The shop's public settings, read across the app (the support e-mail, the payment provider). */

export interface ShopConfig {
  shopName: string;
  supportEmail: string;
  /** Which card provider takes payments: the built-in sandbox (test cards) or Stripe. */
  paymentProvider: 'sandbox' | 'stripe';
  /** Stripe's publishable key (`pk_…`) in stripe mode; null with the sandbox. */
  stripePublishableKey: string | null;
}

/** GET /api/config: the shop's public settings. */
export function getConfig(signal?: AbortSignal): Promise<ShopConfig> {
  return api<ShopConfig>('/config', { signal });
}

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useConfig() {
  return useQuery(configQueryOptions());
}
