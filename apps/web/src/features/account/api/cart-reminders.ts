import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartReminders } from '@vitrina/shared';
import { api } from '../../../lib/api-client';

const remindersKey = ['carrito', 'recordatorios'] as const;

/** GET /api/carrito/recordatorios: whether the account gets the reminder of a cart left with items. */
export function useCartReminders() {
  return useQuery({
    queryKey: remindersKey,
    queryFn: ({ signal }) => api<CartReminders>('/carrito/recordatorios', { signal }),
  });
}

/** PUT /api/carrito/recordatorios: turns the reminder on or off; the answer becomes what the page shows. */
export function useSetCartReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CartReminders) =>
      api<CartReminders>('/carrito/recordatorios', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(remindersKey, saved),
  });
}
