import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type CartQuote, type CartQuoteInput, type ShippingMethod, toSaleLine } from '@vitrina/shared';
import { api } from '../../../lib/api-client';

export interface QuoteLine {
  id_producto: number;
  /** The line's variant; none for a product without options. */
  id_variante?: number | undefined;
  cantidad: number;
}

/** Where the order goes, as the checkout's shipping fields say so far. */
export interface CartDestination {
  method: ShippingMethod;
  /** '' until the shopper picks one: the server then quotes the rest of the country's rate. */
  region: string;
}

/**
 * POST /api/carrito/cotizar: the cart priced as the sale would be (promotions, the typed code, the
 * destination's shipping). Asked again whenever the lines, the code or the destination change; the
 * previous answer stays shown meanwhile.
 */
export function useCartQuote(lines: readonly QuoteLine[], code: string | null, destination: CartDestination) {
  const body: CartQuoteInput = {
    detalle_venta: lines.map(toSaleLine),
    ...(code && { cupon: code }),
    metodo_envio: destination.method,
    ...(destination.method === 'domicilio' && destination.region !== '' && { region: destination.region }),
  };
  return useQuery({
    queryKey: ['carrito', 'cotizar', body] as const,
    queryFn: ({ signal }) => api<CartQuote>('/carrito/cotizar', { method: 'POST', body, signal }),
    enabled: lines.length > 0,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
