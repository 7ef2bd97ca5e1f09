import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tienda, TiendaInput } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { shopIdentityQueryKey } from '../../../lib/shop-identity';

/** PUT /api/ajustes/tienda: the answered identity replaces the one the layout shows. */
export function useSaveShopIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identity: TiendaInput) => api<Tienda>('/ajustes/tienda', { method: 'PUT', body: identity }),
    onSuccess: (saved) => queryClient.setQueryData(shopIdentityQueryKey, saved),
  });
}
