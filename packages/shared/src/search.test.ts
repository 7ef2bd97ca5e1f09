import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from './currency';
import { priceBands } from './search';

describe('priceBands', () => {
  it("keeps SPEC's dollar bands for a dollar shop", () => {
    expect(priceBands('USD')).toEqual([
      { desde: 0, hasta: 25 },
      { desde: 25, hasta: 50 },
      { desde: 50, hasta: 100 },
      { desde: 100, hasta: 250 },
      { desde: 250, hasta: 500 },
      { desde: 500, hasta: null },
    ]);
  });

  it('sizes the bands to what things cost in pesos', () => {
    expect(priceBands('MXN').map((b) => b.desde)).toEqual([0, 500, 1000, 2000, 5000, 10_000]);
    expect(priceBands('CLP').at(-1)).toEqual({ desde: 500_000, hasta: null });
  });

  it('covers every price once in every currency: from 0, each band starting where the last ended, open at the top', () => {
    for (const code of CURRENCY_CODES) {
      const bands = priceBands(code);
      expect(bands[0]?.desde, code).toBe(0);
      expect(bands.at(-1)?.hasta, code).toBeNull();
      for (let i = 1; i < bands.length; i++) expect(bands[i]?.desde, code).toBe(bands[i - 1]?.hasta);
      // Whole units, so a zero-decimal currency's bands are prices it can have.
      for (const band of bands) expect(Number.isInteger(band.desde), code).toBe(true);
    }
  });
});
