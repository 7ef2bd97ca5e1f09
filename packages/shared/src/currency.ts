/*
 * The shop's one currency (SHOP_CURRENCY, ISO 4217) and how its country writes money. pricing.ts writes
 * amounts from this table instead of Intl.NumberFormat (docs/decisions/044); pricing.test.ts holds each
 * row equal to what Intl writes in `locale`.
 */

export const CURRENCY_CODES = ['USD', 'MXN', 'ARS', 'COP', 'CLP', 'PEN', 'UYU', 'EUR'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** Out of the box the shop sells in dollars, so SPEC's 'Pagar {total} USD' is what shoppers see. */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

export interface Currency {
  code: CurrencyCode;
  /** Where the country writes money this way: Intl's output there is what pricing.test.ts compares. */
  locale: string;
  /**
   * Decimals of every price and amount the shop shows and accepts: 0 where cents are not used (Chile,
   * Colombia), so a price with decimals is refused rather than shown rounded and charged unrounded.
   */
  decimals: 0 | 2;
  /** ISO 4217 minor units: what a provider charges in (COP has centavos on paper, CLP none). */
  minorUnits: 0 | 2;
  symbol: string;
  /** '1234,50 €' rather than '€1234,50'. */
  symbolAfter: boolean;
  /** A no-break space between the symbol and the digits ('$ 1.234,50'), none in '$1,234.50'. */
  spaced: boolean;
  thousands: ',' | '.';
  decimalMark: '.' | ',';
  /** The fewest digits a whole part has before it gets thousands marks: Spain writes 1234 but 12.345. */
  groupFrom: 4 | 5;
  /** Chile writes the minus after the symbol: '$-1.235'. */
  minusAfterSymbol: boolean;
  /**
   * How the pay button names the amount: SPEC's 'Pagar 39.80 USD' for dollars; the symbol and the code
   * where several currencies write '$' ('Pagar $12.990 CLP'); the symbol alone where it says which ('€').
   */
  charge: 'code' | 'symbol and code' | 'symbol';
  /**
   * Roughly what a dollar's worth costs in it, rounded to a plain figure, so the listing's price bands
   * read as its shoppers think of prices ('Menos de $500' in pesos, not 'Menos de $25').
   */
  dollarScale: number;
}

const DOLLAR_MARKS = { thousands: ',', decimalMark: '.', groupFrom: 4, minusAfterSymbol: false } as const;
const PESO_MARKS = { thousands: '.', decimalMark: ',', groupFrom: 4, minusAfterSymbol: false } as const;

export const CURRENCIES: Readonly<Record<CurrencyCode, Currency>> = {
  USD: {
    code: 'USD',
    locale: 'es-US',
    decimals: 2,
    minorUnits: 2,
    symbol: '$',
    symbolAfter: false,
    spaced: false,
    ...DOLLAR_MARKS,
    charge: 'code',
    dollarScale: 1,
  },
  MXN: {
    code: 'MXN',
    locale: 'es-MX',
    decimals: 2,
    minorUnits: 2,
    symbol: '$',
    symbolAfter: false,
    spaced: false,
    ...DOLLAR_MARKS,
    charge: 'symbol and code',
    dollarScale: 20,
  },
  ARS: {
    code: 'ARS',
    locale: 'es-AR',
    decimals: 2,
    minorUnits: 2,
    symbol: '$',
    symbolAfter: false,
    spaced: true,
    ...PESO_MARKS,
    charge: 'symbol and code',
    dollarScale: 1000,
  },
  COP: {
    code: 'COP',
    locale: 'es-CO',
    decimals: 0,
    minorUnits: 2,
    symbol: '$',
    symbolAfter: false,
    spaced: true,
    ...PESO_MARKS,
    charge: 'symbol and code',
    dollarScale: 4000,
  },
  CLP: {
    code: 'CLP',
    locale: 'es-CL',
    decimals: 0,
    minorUnits: 0,
    symbol: '$',
    symbolAfter: false,
    spaced: false,
    ...PESO_MARKS,
    minusAfterSymbol: true,
    charge: 'symbol and code',
    dollarScale: 1000,
  },
  PEN: {
    code: 'PEN',
    locale: 'es-PE',
    decimals: 2,
    minorUnits: 2,
    symbol: 'S/',
    symbolAfter: false,
    spaced: true,
    ...DOLLAR_MARKS,
    charge: 'symbol',
    dollarScale: 4,
  },
  UYU: {
    code: 'UYU',
    locale: 'es-UY',
    decimals: 2,
    minorUnits: 2,
    symbol: '$',
    symbolAfter: false,
    spaced: true,
    ...PESO_MARKS,
    charge: 'symbol and code',
    dollarScale: 40,
  },
  EUR: {
    code: 'EUR',
    locale: 'es-ES',
    decimals: 2,
    minorUnits: 2,
    symbol: '€',
    symbolAfter: true,
    spaced: true,
    ...PESO_MARKS,
    groupFrom: 5,
    charge: 'symbol',
    dollarScale: 1,
  },
};

/** Why a price with decimals is refused in a currency without them. */
export const noDecimalsMessage = (code: CurrencyCode) => `Los precios en ${code} no llevan decimales`;

/** True when `cents` (hundredths of a unit) is an amount the currency can be priced in. */
export const fitsCurrency = (cents: number, code: CurrencyCode) =>
  CURRENCIES[code].decimals === 2 || cents % 100 === 0;
