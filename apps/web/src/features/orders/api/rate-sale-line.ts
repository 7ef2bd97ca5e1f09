import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalificacionInput } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { productQueryKey } from '../../../lib/query-keys';
import { guestOrderQueryKey } from './get-guest-order';
import { salesQueryKey } from './get-sales';

export interface RateSaleLineInput {
  id_producto: number;
  id_venta: number;
  rating: CalificacionInput;
}

/**
 * Rates a bought line once (409 already rated): the account's POST /api/products/:id/calificacion, or, on
 * an order opened by its signed link (a guest's), POST /api/pedidos/:id/calificaciones?acceso= (decision 093).
 */
export function rateSaleLine(
  { id_producto, id_venta, rating }: RateSaleLineInput,
  acceso: string | undefined,
): Promise<unknown> {
  const path = acceso
    ? `/pedidos/${id_venta}/calificaciones?${new URLSearchParams({ acceso })}`
    : `/products/${id_producto}/calificacion`;
  return api<unknown>(path, { method: 'POST', body: rating });
}

/**
 * Afterwards the line reads as rated (in the purchases and the order, or the guest's order), and the
 * product's page (its opinions and average) is fetched again.
 */
export function useRateSaleLine(acceso?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RateSaleLineInput) => rateSaleLine(input, acceso),
    onSettled: (_data, _error, { id_producto, id_venta }) =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: acceso ? guestOrderQueryKey(id_venta, acceso) : salesQueryKey,
        }),
        // The product's key prefixes its opinions' key: both are refreshed.
        queryClient.invalidateQueries({ queryKey: productQueryKey(id_producto) }),
      ]),
  });
}
