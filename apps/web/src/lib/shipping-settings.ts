import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ajustes } from '@vitrina/shared';
import { api } from './api-client';

/** The shop's shipping rate and free-shipping threshold: the cart shows them, the admin's Ajustes edits them. */
export const shippingSettingsQueryKey = ['ajustes'] as const;

/** GET /api/ajustes. Read fresh on each cart visit: the admin may have changed them. */
export const shippingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: shippingSettingsQueryKey,
    queryFn: ({ signal }) => api<Ajustes>('/ajustes', { signal }),
    staleTime: 0,
  });

export function useShippingSettings() {
  return useQuery(shippingSettingsQueryOptions());
}
