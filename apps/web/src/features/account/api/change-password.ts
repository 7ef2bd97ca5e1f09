import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChangeInput } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { endLocalSession } from '../../../lib/session';

/** PUT /api/usuario/password (204): every session of the user ends, so they must log in again. */
export function changePassword(input: PasswordChangeInput): Promise<void> {
  return api<void>('/usuario/password', { method: 'PUT', body: input });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => endLocalSession(client),
  });
}
