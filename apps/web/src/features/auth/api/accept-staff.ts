import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

/** POST /api/personal/aceptar: the signed-in account joins the staff; the session now carries the role. */
export function useAcceptStaffInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api<SessionUser>('/personal/aceptar', { method: 'POST', body: { token } }),
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
  });
}
