import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopConfig } from '@vitrina/shared';
import { api } from './api-client';

/** GET /api/config: the shop's public settings, read across the app (support e-mail, payment provider). */
export function getConfig(signal?: AbortSignal): Promise<ShopConfig> {
  return api<ShopConfig>('/config', { signal });
}

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useConfig() {
  return useQuery(configQueryOptions());
}
