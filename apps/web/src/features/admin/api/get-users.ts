import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Usuario } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

/** GET /api/usuario: every customer (never an admin), active and banned (`estado` false). */
export function getUsers(signal?: AbortSignal): Promise<Usuario[]> {
  return api<Usuario[]>('/usuario', { signal });
}

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'users'],
    queryFn: ({ signal }) => getUsers(signal),
    staleTime: 0,
  });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
