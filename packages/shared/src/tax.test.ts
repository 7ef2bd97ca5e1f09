import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRate, includedTaxCents, includedTaxLine, taxSettingsSchema, toBasisPoints } from './tax';

describe('includedTaxCents', () => {
  it('is the total minus the total before tax, rounded to the cent', () => {
    // $116.00 with 16 %: $100.00 before tax, $16.00 of tax.
    expect(includedTaxCents(11_600, 1600)).toBe(1600);
    // $25.00 with 16 %: 2500 / 1.16 = 2155.17… → 2155, so 345 of tax.
    expect(includedTaxCents(2500, 1600)).toBe(345);
    // $1,299.90 with 21 %: 129990 / 1.21 = 107429.75… → 107430, so 22560.
    expect(includedTaxCents(129_990, 2100)).toBe(22_560);
    // 10,5 % (Argentina's reduced rate): 1000 / 1.105 = 904.97… → 905, so 95.
    expect(includedTaxCents(1000, 1050)).toBe(95);
  });

  it('rounds a half cent of the price before tax up', () => {
    // At 100 % a total of 3 cents is 1.5 cents before tax: 2 before tax, 1 of tax (down would say 2).
    expect(includedTaxCents(3, 10_000)).toBe(1);
    expect(includedTaxCents(5, 10_000)).toBe(2);
  });

  it('is nothing without a rate or an amount', () => {
    expect(includedTaxCents(11_600, 0)).toBe(0);
    expect(includedTaxCents(0, 1600)).toBe(0);
  });

  it('never exceeds the total, and adding it back to the price before tax gives the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 * 999_999_999 }),
        fc.integer({ min: 1, max: 10_000 }),
        (total, rate) => {
          const tax = includedTaxCents(total, rate);
          const before = total - tax;
          expect(tax).toBeGreaterThanOrEqual(0);
          expect(tax).toBeLessThanOrEqual(total);
          // The price before tax is the nearest cent to total / (1 + rate): within half a cent.
          expect(Math.abs(before * (10_000 + rate) - total * 10_000)).toBeLessThanOrEqual(
            (10_000 + rate) / 2,
          );
        },
      ),
    );
  });
});

describe('how the tax is written', () => {
  it('writes the rate with the decimal mark of the shop’s country', () => {
    expect(formatRate(1600, 'MXN')).toBe('16');
    expect(formatRate(1050, 'ARS')).toBe('10,5');
    expect(formatRate(1050, 'USD')).toBe('10.5');
    expect(formatRate(825, 'EUR')).toBe('8,25');
  });

  it('says what the total includes', () => {
    expect(includedTaxLine({ nombre: 'IVA', tasa: 1600 }, 11_600, 'MXN')).toBe(
      'Incluye IVA (16\u00a0%): $16.00',
    );
    expect(includedTaxLine({ nombre: 'IVA', tasa: 2100 }, 12_100, 'ARS')).toBe(
      'Incluye IVA (21\u00a0%): $\u00a021,00',
    );
  });
});

describe('taxSettingsSchema', () => {
  it('takes a rate in percent with up to two decimals', () => {
    expect(taxSettingsSchema.parse({ activo: true, nombre: ' IVA ', tasa: 10.5 })).toEqual({
      activo: true,
      nombre: 'IVA',
      tasa: 10.5,
    });
    expect(toBasisPoints(10.5)).toBe(1050);
    expect(toBasisPoints(16.15)).toBe(1615);
  });

  it.each([
    [{ activo: true, nombre: 'IVA', tasa: -1 }, 'La tasa debe ser mayor que 0'],
    [{ activo: true, nombre: 'IVA', tasa: 16.123 }, 'La tasa puede tener hasta dos decimales'],
    [{ activo: true, nombre: '   ', tasa: 16 }, 'Escribe el nombre del impuesto (por ejemplo, IVA)'],
    [
      { activo: true, nombre: 'Impuesto al valor agregado', tasa: 16 },
      'El nombre del impuesto puede tener hasta 20 caracteres',
    ],
  ])('refuses %j', (input, message) => {
    const result = taxSettingsSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
