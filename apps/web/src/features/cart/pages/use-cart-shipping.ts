import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type CartQuote, type Cents, type ShippingMethod, shippingCents, toCents } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { useShippingSettings } from '../../../lib/shipping-settings';
import type { CartReview } from '../utils/cart-review';

export interface CartShipping {
  /** The shipping of what can be paid now; null until the shop's rates are known. */
  cents: Cents | null;
  /** Free from this subtotal on (cents), when the shop has a threshold and charges shipping. */
  freeFromCents: Cents | null;
  loading: boolean;
  error: unknown;
  retry: () => void;
}

/** Where the order goes, as the checkout's shipping fields say so far. */
export interface CartDestination {
  method: ShippingMethod;
  /** '' until the shopper picks one. */
  region: string;
}

/**
 * The shipping line of the cart. Once the shopper picked a region (or pickup) it is the server's quote
 * for that destination (POST /api/carrito/cotizar), the rate of the region's zone; until then the
 * rest-of-country rate from GET /api/ajustes, worked out with the shared rule. For display only: the
 * server computes it again and refuses a total that does not match.
 */
export function useCartShipping(review: CartReview, destination: CartDestination): CartShipping {
  const settings = useShippingSettings();
  const data = settings.data;
  const lines = review.payable.map(({ line }) => ({ id_producto: line.id, cantidad: line.cantidad }));
  const chosen = destination.method === 'retiro' || destination.region !== '';
  const body = {
    detalle_venta: lines,
    metodo_envio: destination.method,
    ...(destination.method === 'domicilio' && destination.region !== '' && { region: destination.region }),
  };
  const quote = useQuery({
    queryKey: ['carrito', 'cotizar', body],
    queryFn: ({ signal }) => api<CartQuote>('/carrito/cotizar', { method: 'POST', body, signal }),
    enabled: chosen && lines.length > 0,
    placeholderData: keepPreviousData,
  });
  if (chosen && lines.length > 0) {
    return {
      cents: quote.data ? toCents(quote.data.envio) : null,
      freeFromCents: null,
      loading: quote.isPending,
      error: quote.isError ? quote.error : null,
      retry: () => void quote.refetch(),
    };
  }
  return {
    cents: data ? shippingCents(review.totalCents, data) : null,
    freeFromCents:
      data && data.envio_tarifa > 0 && data.envio_gratis_desde !== null
        ? toCents(data.envio_gratis_desde)
        : null,
    loading: settings.isPending,
    error: settings.isError ? settings.error : null,
    retry: () => void settings.refetch(),
  };
}
