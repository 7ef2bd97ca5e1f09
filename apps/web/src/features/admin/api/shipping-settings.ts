import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShippingSettings, ShippingSettingsAnswer, ShopNotices } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { shippingOptionsQueryKey, shippingOptionsQueryOptions } from '../../../lib/shipping-options';
import { shippingSettingsQueryKey } from '../../../lib/shipping-settings';

/** GET /api/ajustes/envio as the owner reads it: the zones and rates too. */
export const useShippingZones = () => useQuery(shippingOptionsQueryOptions());

/** PUT /api/ajustes/envio; the flat rate of GET /api/ajustes (the rest of the country) is read again. */
export function useSaveShippingZones() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ShippingSettings) =>
      api<ShippingSettingsAnswer>('/ajustes/envio', { method: 'PUT', body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(shippingOptionsQueryKey, saved);
      void queryClient.invalidateQueries({ queryKey: shippingSettingsQueryKey, exact: true });
    },
  });
}

const noticesKey = ['ajustes', 'avisos'] as const;

/** GET /api/ajustes/avisos: one e-mail per order, or a daily summary. */
export const useShopNotices = () =>
  useQuery({
    queryKey: noticesKey,
    queryFn: ({ signal }) => api<ShopNotices>('/ajustes/avisos', { signal }),
  });

/** PUT /api/ajustes/avisos. */
export function useSaveShopNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notices: ShopNotices) =>
      api<ShopNotices>('/ajustes/avisos', { method: 'PUT', body: notices }),
    onSuccess: (saved) => queryClient.setQueryData(noticesKey, saved),
  });
}
