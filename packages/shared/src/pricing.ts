import { PRICE_PREFIX } from './constants';

/** Money is handled as integer cents; the API and database speak currency units with two decimals. */
export type Cents = number;

const UNITS = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** Parses '1299.9', '1299.90', 1299.9 or '12' into cents without floating-point drift. */
export function toCents(amount: string | number): Cents {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const match = UNITS.exec(text);
  if (!match) throw new RangeError(`Not a money amount: ${amount}`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** Cents to currency units, as the API returns them (12990 → 129.9). */
export function fromCents(cents: Cents): number {
  return cents / 100;
}

/** Cents to the two-decimal text PostgreSQL's numeric columns take (12990 → '129.90'). */
export function centsToDecimal(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The price the shopper pays: the discounted one when there is a valid discount. */
export function effectivePrice(valor: Cents, valorDescuento: Cents | null | undefined): Cents {
  return hasDiscount(valor, valorDescuento) ? (valorDescuento as Cents) : valor;
}

/** A product's prices as the database (text) or the API (currency units) give them. */
export interface PricedProduct {
  valor: string | number;
  valor_descuento: string | number | null;
}

/** The unit price the shopper pays for a product, in cents. */
export function paidCents(product: PricedProduct): Cents {
  return effectivePrice(
    toCents(product.valor),
    product.valor_descuento == null ? null : toCents(product.valor_descuento),
  );
}

export function hasDiscount(valor: Cents, valorDescuento: Cents | null | undefined): boolean {
  return valorDescuento != null && valorDescuento > 0 && valorDescuento < valor;
}

/**
 * Percent off shown on cards: floor(100 × (valor − valor_descuento) / valor) (SPEC §9).
 * Null when there is no valid discount, so no '-0%' badge is ever drawn.
 */
export function discountPercent(valor: Cents, valorDescuento: Cents | null | undefined): number | null {
  if (!hasDiscount(valor, valorDescuento)) return null;
  return Math.floor((100 * (valor - (valorDescuento as Cents))) / valor);
}

/** Sum of unit price × quantity over lines, in cents. */
export function totalCents(lines: ReadonlyArray<{ unitCents: Cents; cantidad: number }>): Cents {
  return lines.reduce((sum, line) => sum + line.unitCents * line.cantidad, 0);
}

/** Where a thousands mark goes in a run of digits: before every group of three that ends the run. */
const THOUSANDS = /\B(?=(\d{3})+$)/g;

/**
 * '1,299.90': an amount with two decimals and no currency sign ('Pagar 1,299.90 USD'), with LOCALE's
 * marks (es-MX: a comma between thousands, a point before the cents), exactly as Intl.NumberFormat writes
 * it (pricing.test.ts holds the two equal). Written out because a page's first Intl.NumberFormat loads the
 * locale's number data in one long task on the main thread of every storefront page, before it answers a
 * tap (docs/decisions/044-no-intl-formatter-on-storefront.md). Where Intl writes '-0.00' (a negative
 * amount that rounds to zero), this writes '0.00'.
 */
export function formatAmount(amount: number): string {
  // Like Intl, round the shortest decimal that reads back as the amount (1.005 → '1.005' → 1.01), half
  // away from zero; below a millionth that decimal is written with an exponent, and rounds to 0.00.
  const size = Math.abs(amount);
  const [whole = '0', fraction = ''] = size < 1e-6 ? [] : String(size).split('.');
  const roundsUp = fraction.charAt(2) >= '5';
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + (roundsUp ? 1 : 0);
  const sign = amount < 0 && cents > 0 ? '-' : '';
  const units = String(Math.floor(cents / 100)).replace(THOUSANDS, ',');
  return `${sign}${units}.${String(cents % 100).padStart(2, '0')}`;
}

/** '$1,299.90': the one place a price becomes text. */
export function formatMoney(amount: number): string {
  return `${PRICE_PREFIX}${formatAmount(amount)}`;
}
