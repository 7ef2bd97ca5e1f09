import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { salesQueryKey } from './get-sales';

/** POST /api/pedidos/reclamar: the shop mails the account the link that claims its guest orders. */
export function useRequestClaim() {
  return useMutation({
    mutationFn: () => api<{ message: string }>('/pedidos/reclamar', { method: 'POST' }),
  });
}

/** POST /api/pedidos/reclamar/confirmar: the mailed link's token moves the guest orders to the account. */
export function useClaimGuestOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api<{ reclamados: number; message: string }>('/pedidos/reclamar/confirmar', {
        method: 'POST',
        body: { token },
      }),
    // Reset, not only invalidated: a history answer already on its way left before the orders moved, and
    // must not be the one shown.
    onSuccess: () => queryClient.resetQueries({ queryKey: salesQueryKey }),
  });
}
