import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ShopConfig {
  shopName: string;
  supportEmail: string;
  /** Which card provider takes payments (absent on servers that predate it: the sandbox). */
  paymentProvider?: 'sandbox' | 'stripe';
  stripePublishableKey?: string;
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
