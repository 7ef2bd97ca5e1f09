import { discountPercent, effectivePrice, fromCents, toCents } from '@vitrina/shared';

export interface PriceView {
  /** Regular price in currency units. */
  regular: number;
  /** The price the shopper pays, in currency units. */
  final: number;
  /** Whole percent off, or null when there is no discount. */
  percent: number | null;
}

/** How a price is shown: the shared rules applied on cents, back to currency units for formatting. */
export function priceView(valor: number, valorDescuento: number | null): PriceView {
  const regular = toCents(valor);
  const discounted = valorDescuento == null ? null : toCents(valorDescuento);
  return {
    regular: valor,
    final: fromCents(effectivePrice(regular, discounted)),
    percent: discountPercent(regular, discounted),
  };
}
