import { useMutation } from '@tanstack/react-query';
import type { PasswordRecoveryInput, PasswordResetInput } from '@vitrina/shared';
import { api } from '../../../lib/api-client';

/** POST /api/usuario/recuperar (204 for any address): e-mails a link to choose a new password. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordRecoveryInput) =>
      api<void>('/usuario/recuperar', { method: 'POST', body: input }),
  });
}

/** POST /api/usuario/restablecer (204): the link's new password; every session of the account ends. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: PasswordResetInput) =>
      api<void>('/usuario/restablecer', { method: 'POST', body: input }),
  });
}
