import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShippingSettingsAnswer } from '@vitrina/shared';
import { api } from './api-client';

/** The country's regions and the store's pickup (and, for the owner, the zones): Ajustes › Envío. */
export const shippingOptionsQueryKey = ['ajustes', 'envio'] as const;

/** GET /api/ajustes/envio. Read fresh on each checkout: the owner may have changed the pickup. */
export const shippingOptionsQueryOptions = () =>
  queryOptions({
    queryKey: shippingOptionsQueryKey,
    queryFn: ({ signal }) => api<ShippingSettingsAnswer>('/ajustes/envio', { signal }),
    staleTime: 0,
  });

export function useShippingOptions() {
  return useQuery(shippingOptionsQueryOptions());
}
