import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductoData } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from '../../../lib/query-keys';
import { adminQueryKey } from './admin-query-key';

/** POST /api/products: a new, active product (400 with `fields` when a value is refused). */
export function createProduct(product: ProductoData): Promise<Product> {
  return api<Product>('/products', { method: 'POST', body: product });
}

/** Afterwards the admin tables and the storefront's product lists are fetched again. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
        // The storefront's product queries (listings, offers, detail) all start with productsQueryKey.
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]),
  });
}
