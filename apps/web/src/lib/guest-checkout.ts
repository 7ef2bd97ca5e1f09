import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuestCheckoutSettings } from '@vitrina/shared';
import { api } from './api-client';

/** Whether visitors may buy without an account (Ajustes › Tienda; decision 085). */
export const guestCheckoutQueryKey = ['ajustes', 'invitados'] as const;

/** GET /api/ajustes/invitados. */
export const guestCheckoutQueryOptions = () =>
  queryOptions({
    queryKey: guestCheckoutQueryKey,
    queryFn: ({ signal }) => api<GuestCheckoutSettings>('/ajustes/invitados', { signal }),
    staleTime: 60_000,
  });

/**
 * True while the shop lets visitors buy; false while unknown, so nobody is let in by a guess. Asked only
 * when `needed` (a visitor on a page that sells).
 */
export function useGuestCheckout(needed = true): { allowed: boolean; isPending: boolean } {
  const query = useQuery({ ...guestCheckoutQueryOptions(), enabled: needed });
  return { allowed: query.data?.compra_invitado === true, isPending: needed && query.isPending };
}
