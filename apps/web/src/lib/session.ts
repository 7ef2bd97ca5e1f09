import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser, Usuario } from '@vitrina/shared';
import { forgetAccountData, rememberLoginType } from './account-storage';
import { api } from './api-client';

/*
 * Who is signed in: app-wide state that the layout, the guards and every feature read, and that auth
 * (login, logout) and the account (a profile or password change) update. It belongs to no feature.
 */

export const sessionQueryKey = ['session'] as const;

/** GET /api/usuario/me: the signed-in user, or null when signed out (the API answers 200 with null). */
export async function getSession(signal?: AbortSignal): Promise<SessionUser | null> {
  const user = (await api<SessionUser | null>('/usuario/me', { signal })) ?? null;
  rememberLoginType(user?.login ?? null);
  return user;
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 5 * 60_000,
    // A logout or a ban seen from another tab shows up when the shopper comes back.
    refetchOnWindowFocus: true,
  });

export interface Session {
  /** The signed-in user; null when signed out or while unknown. */
  user: SessionUser | null;
  /** True until the first answer (the navbar waits before showing account entries). */
  isPending: boolean;
}

/** Who is signed in. A failed lookup (server down) reads as signed out. */
export function useSession(): Session {
  const query = useQuery(sessionQueryOptions());
  return { user: query.data ?? null, isPending: query.isPending };
}

/** After a profile change: the session keeps its login type and takes the user's new data. */
export function updateSessionUser(client: QueryClient, usuario: Usuario): void {
  client.setQueryData<SessionUser | null>(sessionQueryKey, (current) =>
    current ? { ...current, ...usuario } : current,
  );
}

/** After a logout or a password change: this browser forgets the user and their cart. */
export function endLocalSession(client: QueryClient): void {
  forgetAccountData();
  client.setQueryData(sessionQueryKey, null);
}
