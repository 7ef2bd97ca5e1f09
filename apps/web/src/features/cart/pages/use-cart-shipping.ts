import { type Cents, shippingCents, toCents } from '@vitrina/shared';
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

/**
 * The shipping line of the cart, worked out with the shared rule from GET /api/ajustes. For display
 * only: the server computes it again and refuses a total that does not match.
 */
export function useCartShipping(review: CartReview): CartShipping {
  const settings = useShippingSettings();
  const data = settings.data;
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
