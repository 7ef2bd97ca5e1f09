import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Usuario } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';
import { usersQueryOptions } from './get-users';

export interface SetUserEstadoInput {
  id_usuario: number;
  /** false bans the user ('Banear'), true restores them ('Restaurar'). */
  estado: boolean;
}

/** PUT /api/usuario/delete: bans or restores a customer. */
export function setUserEnabled(input: SetUserEstadoInput): Promise<Usuario> {
  return api<Usuario>('/usuario/delete', { method: 'PUT', body: input });
}

/** The answered user replaces the cached one at once, then the admin data is fetched again. */
export function useSetUserEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserEnabled,
    onSuccess: (user) => {
      queryClient.setQueryData(usersQueryOptions().queryKey, (users) =>
        users?.map((u) => (u.id_usuario === user.id_usuario ? user : u)),
      );
      return queryClient.invalidateQueries({ queryKey: adminQueryKey });
    },
  });
}
