import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

/** GET /api/admin/resumen: sales figures, revenue per day, best sellers, stock, customers and audit. */
export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return api<Dashboard>('/admin/resumen', { signal });
}

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'dashboard'],
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: 0,
  });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
