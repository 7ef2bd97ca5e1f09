import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuestCheckoutSettings } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { guestCheckoutQueryKey, guestCheckoutQueryOptions } from '../../../lib/guest-checkout';

/** GET /api/ajustes/invitados: whether visitors may buy without an account. */
export const useGuestCheckoutSettings = () => useQuery({ ...guestCheckoutQueryOptions(), staleTime: 0 });

/** PUT /api/ajustes/invitados. */
export function useSaveGuestCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: GuestCheckoutSettings) =>
      api<GuestCheckoutSettings>('/ajustes/invitados', { method: 'PUT', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(guestCheckoutQueryKey, saved),
  });
}
