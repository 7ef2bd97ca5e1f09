import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchAnalytics } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

/**
 * GET /api/admin/busquedas: over 30 days, the 10 most frequent searches, those that found nothing and those
 * that found only sold-out products.
 */
export function getSearchAnalytics(signal?: AbortSignal): Promise<SearchAnalytics> {
  return api<SearchAnalytics>('/admin/busquedas', { signal });
}

export const searchAnalyticsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'busquedas'],
    queryFn: ({ signal }) => getSearchAnalytics(signal),
    staleTime: 0,
  });

export function useSearchAnalytics() {
  return useQuery(searchAnalyticsQueryOptions());
}
