import { CURRENCIES, type Currency, type CurrencyCode, fitsCurrency } from './currency';

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

/** `amount` rounded to the currency's decimals as Intl rounds it, written with its country's marks. */
function writtenDigits(
  amount: number,
  currency: Currency,
  wholeWithoutCents: boolean,
): { negative: boolean; digits: string } {
  // Like Intl, round the shortest decimal that reads back as the amount (1.005 → '1.005' → 1.01), half
  // away from zero; below a millionth that decimal is written with an exponent, and rounds to 0.
  const size = Math.abs(amount);
  const [whole = '0', fraction = ''] = size < 1e-6 ? [] : String(size).split('.');
  const { decimals } = currency;
  const scale = 10 ** decimals;
  const roundsUp = fraction.charAt(decimals) >= '5';
  const scaled =
    Number(whole) * scale + Number(fraction.slice(0, decimals).padEnd(decimals, '0')) + (roundsUp ? 1 : 0);
  const units = String(Math.floor(scaled / scale));
  const grouped = units.length >= currency.groupFrom ? units.replace(THOUSANDS, currency.thousands) : units;
  const cents = scaled % scale;
  const digits =
    decimals === 0 || (wholeWithoutCents && cents === 0)
      ? grouped
      : `${grouped}${currency.decimalMark}${String(cents).padStart(decimals, '0')}`;
  return { negative: amount < 0 && scaled > 0, digits };
}

/**
 * '1,299.90' in dollars, '1.235' in Chilean pesos: an amount without a currency sign, with the decimals
 * and marks of the currency's country, exactly as Intl.NumberFormat writes it there (pricing.test.ts holds
 * the two equal). Written out because a page's first Intl.NumberFormat loads the locale's number data in
 * one long task on the main thread of every storefront page, before it answers a tap
 * (docs/decisions/044-no-intl-formatter-on-storefront.md). Where Intl writes '-0.00' (a negative amount
 * that rounds to zero), this writes '0.00'.
 */
export function formatAmount(amount: number, code: CurrencyCode): string {
  const { negative, digits } = writtenDigits(amount, CURRENCIES[code], false);
  return `${negative ? '-' : ''}${digits}`;
}

/**
 * '$1,299.90', '$ 1.234,50', '1234,50 €': the one place a price becomes text. `wholeWithoutCents` writes
 * a whole amount without its zero cents ('$25' in a price range), as Intl's trailingZeroDisplay does.
 */
export function formatMoney(
  amount: number,
  code: CurrencyCode,
  { wholeWithoutCents = false }: { wholeWithoutCents?: boolean } = {},
): string {
  const currency = CURRENCIES[code];
  const { negative, digits } = writtenDigits(amount, currency, wholeWithoutCents);
  const minus = negative ? '-' : '';
  const space = currency.spaced ? '\u00a0' : '';
  if (currency.symbolAfter) return `${minus}${digits}${space}${currency.symbol}`;
  if (currency.minusAfterSymbol) return `${currency.symbol}${space}${minus}${digits}`;
  return `${minus}${currency.symbol}${space}${digits}`;
}

/** A price as text for one component, with the shop's currency already chosen. */
export type FormatMoney = (amount: number) => string;

export const moneyFormatter =
  (code: CurrencyCode): FormatMoney =>
  (amount) =>
    formatMoney(amount, code);

/**
 * The amount a card is charged, as the pay button names it: SPEC's '1,299.90 USD', '$12.990 CLP' where
 * several currencies write '$', '1234,50 €' where the symbol says which.
 */
export function formatCharge(amount: number, code: CurrencyCode): string {
  switch (CURRENCIES[code].charge) {
    case 'code':
      return `${formatAmount(amount, code)} ${code}`;
    case 'symbol and code':
      return `${formatMoney(amount, code)} ${code}`;
    case 'symbol':
      return formatMoney(amount, code);
  }
}

/**
 * Cents as a plain number in the currency's decimals, for files and tags that programs read (the CSV,
 * schema.org's price): '129.90', or '12990' in pesos without cents. An amount with cents in such a
 * currency (a price from before the shop changed currency) keeps them rather than lose money.
 */
export function plainAmount(cents: Cents, code: CurrencyCode): string {
  return fitsCurrency(cents, code) && CURRENCIES[code].decimals === 0
    ? String(cents / 100)
    : centsToDecimal(cents);
}
