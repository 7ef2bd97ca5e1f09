import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRating } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { productQueryKey } from '../../../lib/query-keys';
import { adminQueryKey } from './admin-query-key';

/** PUT /api/products/calificaciones/:id: hides a rating (no longer shown nor counted in the average). */
export function hideRating(id: number): Promise<AdminRating> {
  return api<AdminRating>(`/products/calificaciones/${id}`, { method: 'PUT' });
}

/** PUT /api/products/calificaciones/:id/restaurar: shows a hidden rating again (and counts it). */
export function restoreRating(id: number): Promise<AdminRating> {
  return api<AdminRating>(`/products/calificaciones/${id}/restaurar`, { method: 'PUT' });
}

/**
 * Hides (`visible` false) or restores a rating. Afterwards the admin tables and the product's page (its
 * opinions and average) are fetched again.
 */
export function useSetRatingVisible() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, visible }: { id: number; visible: boolean }) =>
      visible ? restoreRating(id) : hideRating(id),
    onSuccess: (rating) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
        // The product's key prefixes its opinions' key: both are refreshed.
        queryClient.invalidateQueries({ queryKey: productQueryKey(rating.id_producto) }),
      ]),
  });
}
