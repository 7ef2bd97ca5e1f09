import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListedPromotion, Promotion, PromotionInput } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

const promotionsKey = [...adminQueryKey, 'cupones'] as const;

/** GET /api/cupones: every code and automatic promotion, by code, with its uses so far. */
export const promotionsQueryOptions = () =>
  queryOptions({
    queryKey: promotionsKey,
    queryFn: ({ signal }) => api<ListedPromotion[]>('/cupones', { signal }),
    staleTime: 0,
  });

export function usePromotions() {
  return useQuery(promotionsQueryOptions());
}

/** POST /api/cupones (no `id`) or PUT /api/cupones/:id. */
export function useSavePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | undefined; input: PromotionInput }) =>
      id === undefined
        ? api<Promotion>('/cupones', { method: 'POST', body: input })
        : api<Promotion>(`/cupones/${id}`, { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionsKey }),
  });
}
