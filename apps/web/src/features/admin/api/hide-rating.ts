import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRating } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { productQueryKey } from '../../../lib/query-keys';
import { adminQueryKey } from './admin-query-key';

/** PUT /api/products/calificaciones/:id: hides a rating (no longer shown nor counted in the average). */
export function hideRating(id: number): Promise<AdminRating> {
  return api<AdminRating>(`/products/calificaciones/${id}`, { method: 'PUT' });
}

/** Afterwards the admin tables and the product's page (its opinions and average) are fetched again. */
export function useHideRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hideRating,
    onSuccess: (rating) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
        // The product's key prefixes its opinions' key: both are refreshed.
        queryClient.invalidateQueries({ queryKey: productQueryKey(rating.id_producto) }),
      ]),
  });
}
