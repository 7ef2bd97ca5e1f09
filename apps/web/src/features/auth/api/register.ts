import { useMutation } from '@tanstack/react-query';
import type { RegistroInput, Usuario } from '@vitrina/shared';
import { api } from '../../../lib/api-client';

/** POST /api/usuario: creates a database account (201); 400/409 carry per-field messages. */
export function registerUser(input: RegistroInput): Promise<Usuario> {
  return api<Usuario>('/usuario', { method: 'POST', body: input });
}

export function useRegister() {
  return useMutation({ mutationFn: registerUser });
}
