import { type CartQuote, type Cents, toCents } from '@vitrina/shared';
import { useShippingSettings } from '../../../lib/shipping-settings';
import { type CartDestination, useCartQuote } from '../api/quote-cart';
import { setCouponCode, useCouponCode } from '../store/coupon-store';
import type { CartReview } from '../utils/cart-review';

export interface CartPricing {
  /** The server's quote of what can be paid now; null until it answered. */
  quote: CartQuote | null;
  subtotalCents: Cents | null;
  discountCents: Cents;
  /** The shipping of what can be paid now; null until the server answered. */
  cents: Cents | null;
  totalCents: Cents | null;
  /** Free from this subtotal on (cents), when the shop has a threshold and charges shipping. */
  freeFromCents: Cents | null;
  /** The code the shopper typed, and whether the server applies it. */
  code: string | null;
  /** The code to send with the sale: only one the server applies. */
  appliedCode: string | null;
  setCode: (code: string | null) => void;
  loading: boolean;
  error: unknown;
  retry: () => void;
}

/**
 * The cart's money as POST /api/carrito/cotizar answers it (subtotal, promotions' discount, the
 * destination's shipping, total): the browser computes no discount and no rate, so the total shown is the
 * total the sale charges.
 */
export function useCartPricing(review: CartReview, destination: CartDestination): CartPricing {
  const code = useCouponCode();
  const lines = review.payable.map(({ line }) => ({
    id_producto: line.id,
    id_variante: line.variante,
    cantidad: line.cantidad,
  }));
  const quoted = useCartQuote(lines, code, destination);
  const settings = useShippingSettings();
  const quote = lines.length > 0 && quoted.data ? quoted.data : null;
  const data = settings.data;
  const applied = quote?.cupon?.aplicado === true;
  return {
    quote,
    subtotalCents: quote ? toCents(quote.subtotal) : null,
    discountCents: quote ? toCents(quote.descuento) : 0,
    cents: quote ? toCents(quote.envio) : null,
    totalCents: quote ? toCents(quote.total) : null,
    freeFromCents:
      data && data.envio_tarifa > 0 && data.envio_gratis_desde !== null
        ? toCents(data.envio_gratis_desde)
        : null,
    code,
    appliedCode: applied ? code : null,
    setCode: setCouponCode,
    loading: quoted.isFetching,
    error: quoted.isError ? quoted.error : null,
    retry: () => void quoted.refetch(),
  };
}

/** Why the server did not apply the typed code ('El código venció el …'), or null. */
export function couponRefusal(pricing: CartPricing): string | null {
  const verdict = pricing.quote?.cupon;
  return pricing.code && verdict && !verdict.aplicado ? verdict.motivo : null;
}
