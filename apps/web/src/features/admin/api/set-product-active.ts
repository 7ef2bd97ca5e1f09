import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from '../../../lib/query-keys';
import { adminQueryKey } from './admin-query-key';
import { adminProductQueryOptions } from './get-admin-product';

export interface SetProductEstadoInput {
  id: number;
  /** false: 'Eliminar' (hidden from the shop); true: 'Restaurar'. */
  estado: boolean;
}

/**
 * PUT /api/products/delete/:id: the Eliminar / Restaurar toggle. The wanted state is sent, so a repeated
 * click (or a second tab) cannot undo the first one.
 */
export function setProductActive({ id, estado }: SetProductEstadoInput): Promise<Product> {
  return api<Product>(`/products/delete/${id}`, { method: 'PUT', body: { estado } });
}

export function useSetProductActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProductActive,
    onSuccess: (product, { id }) => {
      // The page shows the new state at once.
      queryClient.setQueryData(adminProductQueryOptions(id).queryKey, product);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
        // The storefront's product queries (listings, offers, detail) all start with productsQueryKey.
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]);
    },
  });
}
