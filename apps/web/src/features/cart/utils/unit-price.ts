import { type Cents, effectivePrice, toCents } from '@vitrina/shared';

/** What pricing needs of a product (currency units, as the API sends them). */
export interface PricedProduct {
  valor: number;
  valor_descuento: number | null;
}

/** The unit price the shopper pays, in cents: the discounted one when there is a valid discount. */
export function unitCents(product: PricedProduct): Cents {
  return effectivePrice(
    toCents(product.valor),
    product.valor_descuento == null ? null : toCents(product.valor_descuento),
  );
}
