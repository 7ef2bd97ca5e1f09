import { useQueryClient } from '@tanstack/react-query';
import { NOTIFY_MS } from '@vitrina/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api, errorMessage, isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { endLocalSession } from '../../../lib/session';

/** POST /api/usuario/logout: ends the session on the server (204). */
export function logout(): Promise<void> {
  return api<void>('/usuario/logout', { method: 'POST' });
}

/**
 * Logs out, forgets the account in this browser, says so and goes home (SPEC §4). A plain state hook
 * rather than useMutation: the navbar uses it, and it keeps the mutation machinery out of the entry bundle.
 */
export function useLogout(): { mutate: () => void; isPending: boolean } {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);

  const mutate = () => {
    if (isPending) return;
    setPending(true);
    logout()
      .catch((error: unknown) => {
        // A session that already ended (401) is as good as a logout.
        if (!(isApiError(error) && error.status === 401)) throw error;
      })
      .then(
        () => {
          endLocalSession(client);
          notify({ title: 'Sesión cerrada con éxito', icon: 'info', timer: NOTIFY_MS });
          navigate('/');
        },
        (error: unknown) => notify({ title: 'Error', text: errorMessage(error), icon: 'error' }),
      )
      .finally(() => setPending(false));
  };

  return { mutate, isPending };
}
