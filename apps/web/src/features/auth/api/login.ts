import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, SessionUser } from '@vitrina/shared';
import { rememberLoginType } from '../../../lib/account-storage';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

/** POST /api/usuario/login: sets the HttpOnly session cookie and answers the session's user. */
export function login(input: LoginInput): Promise<{ session: SessionUser }> {
  return api<{ session: SessionUser }>('/usuario/login', { method: 'POST', body: input });
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ session }) => {
      rememberLoginType(session.login);
      client.setQueryData(sessionQueryKey, session);
      void client.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
