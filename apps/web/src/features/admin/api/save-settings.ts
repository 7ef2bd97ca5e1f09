import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ajustes } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { shippingSettingsQueryKey } from '../../../lib/shipping-settings';

/** PUT /api/ajustes: the answered settings replace the cached ones (the cart reads the same query). */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Ajustes) => api<Ajustes>('/ajustes', { method: 'PUT', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(shippingSettingsQueryKey, saved),
  });
}
