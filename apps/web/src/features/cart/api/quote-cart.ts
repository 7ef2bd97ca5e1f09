import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CartQuote, CartQuoteInput } from '@vitrina/shared';
import { api } from '../../../lib/api-client';

export interface QuoteLine {
  id_producto: number;
  cantidad: number;
}

/**
 * POST /api/carrito/cotizar: the cart priced as the sale would be (promotions, the typed code, shipping).
 * Asked again whenever the lines or the code change; the previous answer stays shown meanwhile.
 */
export function useCartQuote(lines: readonly QuoteLine[], code: string | null) {
  const body: CartQuoteInput = {
    detalle_venta: lines.map(({ id_producto, cantidad }) => ({ id_producto, cantidad })),
    ...(code && { cupon: code }),
  };
  return useQuery({
    queryKey: ['carrito', 'cotizar', body] as const,
    queryFn: ({ signal }) => api<CartQuote>('/carrito/cotizar', { method: 'POST', body, signal }),
    enabled: lines.length > 0,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
