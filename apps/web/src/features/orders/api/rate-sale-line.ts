import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalificacionInput } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { productQueryKey } from '../../../lib/query-keys';
import { salesQueryKey } from './get-sales';

export interface RateSaleLineInput {
  id_producto: number;
  rating: CalificacionInput;
}

/**
 * POST /api/products/:id/calificacion: rates a bought line once (409 already rated, 403 not the buyer's).
 */
export function rateSaleLine({ id_producto, rating }: RateSaleLineInput): Promise<unknown> {
  return api<unknown>(`/products/${id_producto}/calificacion`, { method: 'POST', body: rating });
}

/** Afterwards the line reads as rated, and the product's page (its opinions and average) is fetched again. */
export function useRateSaleLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateSaleLine,
    onSettled: (_data, _error, { id_producto }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: salesQueryKey }),
        // The product's key prefixes its opinions' key: both are refreshed.
        queryClient.invalidateQueries({ queryKey: productQueryKey(id_producto) }),
      ]),
  });
}
