import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Usuario } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { updateSessionUser } from '../../../lib/session';

export interface ProfileChanges {
  direccion?: string;
  telefono?: string;
  imagen?: string;
}

/** PUT /api/usuario with only the fields that change; answers the updated user. */
export function updateProfile(changes: ProfileChanges): Promise<Usuario> {
  const body = Object.fromEntries(Object.entries(changes).filter(([, value]) => value));
  return api<Usuario>('/usuario', { method: 'PUT', body });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (usuario) => updateSessionUser(client, usuario),
  });
}
