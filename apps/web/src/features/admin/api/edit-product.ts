import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductoUpdate } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from '../../../lib/query-keys';
import { adminQueryKey } from './admin-query-key';
import { adminProductQueryOptions } from './get-admin-product';

export interface EditProductInput {
  id: number;
  /** Only the fields that changed; `valor_descuento: null` removes the discount. */
  changes: ProductoUpdate;
}

/** PUT /api/products/:id/editProduct: applies the fields sent and answers the updated product. */
export function editProduct({ id, changes }: EditProductInput): Promise<Product> {
  return api<Product>(`/products/${id}/editProduct`, { method: 'PUT', body: changes });
}

export function useEditProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProduct,
    onSuccess: (product, { id }) => {
      // The form compares the next edit with this answer, not with the value before this one.
      queryClient.setQueryData(adminProductQueryOptions(id).queryKey, product);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
        // The storefront's product queries (listings, offers, detail) all start with productsQueryKey.
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]);
    },
  });
}
