import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALE } from './locale';
import {
  centsToDecimal,
  discountPercent,
  effectivePrice,
  formatAmount,
  formatMoney,
  fromCents,
  paidCents,
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
    expect(formatMoney(1299.9)).toBe('$1,299.90');
    expect(formatMoney(3.2)).toBe('$3.20');
    expect(formatMoney(1234567.891)).toBe('$1,234,567.89');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(-0.001)).toBe('0.00');
    expect(formatAmount(-1234.5)).toBe('-1,234.50');
  });

  it("writes every amount of cents as the locale's Intl.NumberFormat does", () => {
    const intl = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const cents = fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.integer({ min: -(10 ** 15), max: 10 ** 15 }),
    );
    fc.assert(
      fc.property(cents, (amount) => {
        expect(formatAmount(amount / 100)).toBe(intl.format(amount / 100));
      }),
      { numRuns: 5000 },
    );
    // Any other amount rounds as Intl rounds it, half away from zero.
    for (const amount of [0.004, 0.005, 0.125, 1.005, 2.675, 99.995, 999.999, 1e-7, -0.015]) {
      expect(formatAmount(amount)).toBe(intl.format(amount));
    }
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (amount) => {
        expect(formatAmount(amount)).toBe(intl.format(amount).replace(/^-0\.00$/, '0.00'));
      }),
      { numRuns: 5000 },
    );
  });
});
