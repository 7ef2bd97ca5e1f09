import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_CODES, fitsCurrency } from './currency';
import { LOCALE } from './locale';
import {
  centsToDecimal,
  discountPercent,
  effectivePrice,
  formatAmount,
  formatCharge,
  formatMoney,
  fromCents,
  paidCents,
  plainAmount,
  toCents,
  totalCents,
} from './pricing';

describe('discountPercent', () => {
  it('is the floor of 100 × (valor − valor_descuento) / valor', () => {
    expect(discountPercent(10000, 7500)).toBe(25);
    expect(discountPercent(1990, 1590)).toBe(20); // 20.1 → 20
    expect(discountPercent(300, 200)).toBe(33); // 33.3 → 33
    expect(discountPercent(300, 100)).toBe(66); // 66.6 → 66, never rounded up
  });

  it('handles the edges: one cent off, one cent left, no discount, invalid discounts', () => {
    expect(discountPercent(10000, 9999)).toBe(0);
    expect(discountPercent(10000, 1)).toBe(99);
    expect(discountPercent(10000, null)).toBeNull();
    expect(discountPercent(10000, undefined)).toBeNull();
    expect(discountPercent(10000, 10000)).toBeNull();
    expect(discountPercent(10000, 12000)).toBeNull();
    expect(discountPercent(10000, 0)).toBeNull();
  });

  it('is always between 0 and 99 for a valid discount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10 ** 11 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (valor, f) => {
          const descuento = Math.min(valor - 1, Math.max(1, Math.floor(valor * f)));
          const percent = discountPercent(valor, descuento) as number;
          expect(percent).toBeGreaterThanOrEqual(0);
          expect(percent).toBeLessThanOrEqual(99);
          expect(percent).toBe(Math.floor((100 * (valor - descuento)) / valor));
        },
      ),
    );
  });
});

describe('cents arithmetic', () => {
  it('parses amounts without floating-point drift', () => {
    expect(toCents('0.1')).toBe(10);
    expect(toCents('19.90')).toBe(1990);
    expect(toCents('1299')).toBe(129900);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.1 * 3)).toBe(330);
    expect(toCents('-3.5')).toBe(-350);
    expect(() => toCents('abc')).toThrow(RangeError);
    expect(() => toCents('1.999')).toThrow(RangeError);
  });

  it('round-trips between cents, units and the numeric text of the database', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (cents) => {
        expect(toCents(centsToDecimal(cents))).toBe(cents);
        expect(toCents(fromCents(cents))).toBe(cents);
      }),
    );
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(129990)).toBe('1299.90');
  });

  it('adds lines exactly: 3 × 0.10 is 0.30', () => {
    expect(totalCents([{ unitCents: toCents('0.10'), cantidad: 3 }])).toBe(30);
    expect(
      totalCents([
        { unitCents: 1990, cantidad: 2 },
        { unitCents: 5, cantidad: 25 },
      ]),
    ).toBe(4105);
  });

  it('charges the discounted price only when the discount is valid', () => {
    expect(effectivePrice(1000, 800)).toBe(800);
    expect(effectivePrice(1000, null)).toBe(1000);
    expect(effectivePrice(1000, 1500)).toBe(1000);
  });

  it('gives the price paid of a product from database text or API units', () => {
    expect(paidCents({ valor: '19.90', valor_descuento: '15.90' })).toBe(1590);
    expect(paidCents({ valor: 19.9, valor_descuento: null })).toBe(1990);
    expect(paidCents({ valor: '10.00', valor_descuento: '12.00' })).toBe(1000);
  });

  it('formats with the $ prefix and two decimals', () => {
    expect(formatMoney(1299.9, 'USD')).toBe('$1,299.90');
    expect(formatMoney(3.2, 'USD')).toBe('$3.20');
    expect(formatMoney(1234567.891, 'USD')).toBe('$1,234,567.89');
    expect(formatAmount(0, 'USD')).toBe('0.00');
    expect(formatAmount(-0.001, 'USD')).toBe('0.00');
    expect(formatAmount(-1234.5, 'USD')).toBe('-1,234.50');
  });

  it("writes every amount of cents as the locale's Intl.NumberFormat does", () => {
    const intl = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const cents = fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.integer({ min: -(10 ** 15), max: 10 ** 15 }),
    );
    fc.assert(
      fc.property(cents, (amount) => {
        expect(formatAmount(amount / 100, 'USD')).toBe(intl.format(amount / 100));
      }),
      { numRuns: 5000 },
    );
    // Any other amount rounds as Intl rounds it, half away from zero.
    for (const amount of [0.004, 0.005, 0.125, 1.005, 2.675, 99.995, 999.999, 1e-7, -0.015]) {
      expect(formatAmount(amount, 'USD')).toBe(intl.format(amount));
    }
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (amount) => {
        expect(formatAmount(amount, 'USD')).toBe(intl.format(amount).replace(/^-0\.00$/, '0.00'));
      }),
      { numRuns: 5000 },
    );
  });
});

const NBSP = '\u00a0';

describe('each currency as its country writes it', () => {
  it('writes the examples of issue 35: pesos without cents, marks by country, the euro after', () => {
    expect(formatMoney(12990, 'CLP')).toBe('$12.990');
    expect(formatMoney(1234.5, 'ARS')).toBe(`$${NBSP}1.234,50`);
    expect(formatMoney(1234.5, 'EUR')).toBe(`1234,50${NBSP}€`);
    expect(formatMoney(12345.5, 'EUR')).toBe(`12.345,50${NBSP}€`);
    expect(formatMoney(1234.5, 'MXN')).toBe('$1,234.50');
    expect(formatMoney(12990, 'COP')).toBe(`$${NBSP}12.990`);
    expect(formatMoney(1234.5, 'PEN')).toBe(`S/${NBSP}1,234.50`);
    expect(formatMoney(1234.5, 'UYU')).toBe(`$${NBSP}1.234,50`);
    expect(formatMoney(-1234, 'CLP')).toBe('$-1.234');
  });

  it('names the charge with the code where the symbol is shared, and as SPEC writes it in dollars', () => {
    expect(formatCharge(1299.9, 'USD')).toBe('1,299.90 USD');
    expect(formatCharge(12990, 'CLP')).toBe('$12.990 CLP');
    expect(formatCharge(1234.5, 'MXN')).toBe('$1,234.50 MXN');
    expect(formatCharge(1234.5, 'EUR')).toBe(`1234,50${NBSP}€`);
    expect(formatCharge(1234.5, 'PEN')).toBe(`S/${NBSP}1,234.50`);
  });

  it("writes plain amounts in the currency's decimals for programs to read", () => {
    expect(plainAmount(12990, 'USD')).toBe('129.90');
    expect(plainAmount(1299000, 'CLP')).toBe('12990');
    expect(plainAmount(1299000, 'COP')).toBe('12990');
    expect(plainAmount(12345, 'EUR')).toBe('123.45');
    // A price with cents from before the shop changed currency keeps them.
    expect(plainAmount(12990, 'CLP')).toBe('129.90');
  });

  it('knows which amounts a currency without cents can be priced in', () => {
    expect(fitsCurrency(1299000, 'CLP')).toBe(true);
    expect(fitsCurrency(1299050, 'CLP')).toBe(false);
    expect(fitsCurrency(1299050, 'EUR')).toBe(true);
  });

  it('writes a whole amount without its zero cents when asked, as a price range does', () => {
    expect(formatMoney(25, 'USD', { wholeWithoutCents: true })).toBe('$25');
    expect(formatMoney(25.5, 'USD', { wholeWithoutCents: true })).toBe('$25.50');
    expect(formatMoney(500, 'ARS', { wholeWithoutCents: true })).toBe(`$${NBSP}500`);
    expect(formatMoney(2500, 'EUR', { wholeWithoutCents: true })).toBe(`2500${NBSP}€`);
    for (const code of CURRENCY_CODES) {
      const { locale, decimals } = CURRENCIES[code];
      const intl = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: code,
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
        trailingZeroDisplay: 'stripIfInteger',
      });
      for (const n of [0, 25, 50, 99.99, 1000, 12345.6, 1e6]) {
        expect(formatMoney(n, code, { wholeWithoutCents: true })).toBe(intl.format(n));
      }
    }
  });

  describe.each(CURRENCY_CODES)('%s', (code) => {
    const { locale, decimals } = CURRENCIES[code];
    const digits = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency: code, ...digits });
    const amount = new Intl.NumberFormat(locale, digits);
    // Intl writes a negative amount that rounds to zero with its minus ('-$ 0'); the shop writes none.
    const withoutNegativeZero = (text: string) => (/^[^1-9]*$/.test(text) ? text.replace('-', '') : text);

    it('writes every amount of cents as Intl.NumberFormat does in its country', () => {
      const cents = fc.oneof(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: -(10 ** 15), max: 10 ** 15 }),
      );
      fc.assert(
        fc.property(cents, (n) => {
          expect(formatMoney(n / 100, code)).toBe(withoutNegativeZero(money.format(n / 100)));
          expect(formatAmount(n / 100, code)).toBe(withoutNegativeZero(amount.format(n / 100)));
        }),
        { numRuns: 2000 },
      );
    });

    it('rounds any other amount as Intl does, half away from zero', () => {
      for (const n of [0.004, 0.005, 0.5, 1.005, 2.5, 2.675, 99.995, 999.999, 1e-7, -0.015, -2.5]) {
        expect(formatMoney(n, code)).toBe(withoutNegativeZero(money.format(n)));
      }
      fc.assert(
        fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (n) => {
          expect(formatMoney(n, code)).toBe(withoutNegativeZero(money.format(n)));
        }),
        { numRuns: 2000 },
      );
    });
  });
});
