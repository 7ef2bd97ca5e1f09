import { useQuery } from '@tanstack/react-query';
import type { AbandonedCarts } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

/** GET /api/admin/carritos: carts left with items, reminders sent and orders they recovered. */
export function useAbandonedCarts() {
  return useQuery({
    queryKey: [...adminQueryKey, 'abandonedCarts'],
    queryFn: ({ signal }) => api<AbandonedCarts>('/admin/carritos', { signal }),
    staleTime: 0,
  });
}
