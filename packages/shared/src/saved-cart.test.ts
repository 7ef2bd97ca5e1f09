import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  mergeCarts,
  reminderCheckEveryMs,
  type SavedCartLine,
  sameCartLines,
  savedCartInputSchema,
} from './saved-cart';

const line = (id_producto: number, cantidad: number, id_variante: number | null = null): SavedCartLine => ({
  id_producto,
  id_variante,
  cantidad,
});
const plenty = () => 100;

describe('mergeCarts', () => {
  it('keeps every product of both carts with the larger quantity, the device’s lines first', () => {
    expect(
      mergeCarts({ first: [line(1, 2), line(2, 1)], second: [line(3, 4), line(1, 5)], stockOf: plenty }),
    ).toEqual([line(1, 5), line(2, 1), line(3, 4)]);
  });

  it('tells variants of one product apart', () => {
    expect(
      mergeCarts({ first: [line(1, 2, 7)], second: [line(1, 3, 8), line(1, 1, 7)], stockOf: plenty }),
    ).toEqual([line(1, 2, 7), line(1, 3, 8)]);
  });

  it('caps a product at 25 units across its variants, and each variant at its own stock', () => {
    const stockOf = ({ id_variante }: Pick<SavedCartLine, 'id_variante'>) => (id_variante === 9 ? 2 : 100);
    expect(
      mergeCarts({ first: [line(1, 20, 7), line(1, 10, 8), line(1, 5, 9), line(2, 4)], stockOf }),
    ).toEqual([line(1, 20, 7), line(1, 5, 8), line(2, 4)]);
    expect(mergeCarts({ first: [line(1, 5, 9)], stockOf })).toEqual([line(1, 2, 9)]);
  });

  it('caps a product at 25 units and at its stock, and drops what is gone or sold out', () => {
    const stock = new Map([
      [1, 100],
      [2, 3],
      [3, 0],
    ]);
    expect(
      mergeCarts({
        first: [line(1, 20), line(2, 2), line(3, 1), line(4, 1)],
        second: [line(1, 30), line(2, 5)],
        stockOf: (l) => stock.get(l.id_producto) ?? null,
      }),
    ).toEqual([line(1, 25), line(2, 3)]);
  });

  it('never holds more than 50 units: the first cart keeps its units before the second', () => {
    expect(
      mergeCarts({ first: [line(1, 25), line(2, 20)], second: [line(3, 10), line(4, 1)], stockOf: plenty }),
    ).toEqual([line(1, 25), line(2, 20), line(3, 5)]);
  });

  it('tidies a single cart (duplicates take the larger quantity)', () => {
    expect(mergeCarts({ first: [line(1, 2), line(1, 4)], stockOf: plenty })).toEqual([line(1, 4)]);
  });

  it('always stays within the limits and never invents a product', () => {
    const lines = fc.array(
      fc.record({
        id_producto: fc.integer({ min: 1, max: 8 }),
        id_variante: fc.constantFrom(null, 1, 2),
        cantidad: fc.integer({ min: 1, max: 60 }),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(lines, lines, fc.integer({ min: 0, max: 30 }), (first, second, stock) => {
        const merged = mergeCarts({ first, second, stockOf: () => stock });
        const total = merged.reduce((n, l) => n + l.cantidad, 0);
        expect(total).toBeLessThanOrEqual(50);
        for (const l of merged) {
          expect(l.cantidad).toBeGreaterThan(0);
          expect(l.cantidad).toBeLessThanOrEqual(Math.min(25, stock));
          const asked = [...first, ...second].filter(
            (o) => o.id_producto === l.id_producto && o.id_variante === l.id_variante,
          );
          expect(asked.length).toBeGreaterThan(0);
          expect(l.cantidad).toBeLessThanOrEqual(Math.max(...asked.map((o) => o.cantidad)));
        }
      }),
    );
  });
});

describe('sameCartLines', () => {
  it('compares lines whatever their order', () => {
    expect(sameCartLines([line(1, 2), line(2, 1)], [line(2, 1), line(1, 2)])).toBe(true);
    expect(sameCartLines([line(1, 2)], [line(1, 3)])).toBe(false);
    expect(sameCartLines([line(1, 2)], [line(1, 2), line(2, 1)])).toBe(false);
  });
});

describe('savedCartInputSchema', () => {
  it('takes lines without a variant and refuses a quantity that is not a positive whole number', () => {
    expect(savedCartInputSchema.parse({ lineas: [{ id_producto: 1, cantidad: 2 }] })).toEqual({
      lineas: [line(1, 2)],
    });
    const bad = savedCartInputSchema.safeParse({ lineas: [{ id_producto: 1, cantidad: 0 }] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('La cantidad debe ser un número entero positivo');
  });
});

describe('how often a process looks for abandoned carts', () => {
  it('within a tenth of the delay, never more often than every second nor less than every 5 minutes', () => {
    expect(reminderCheckEveryMs(4 * 3_600_000)).toBe(5 * 60_000);
    // An operator's quarter of an hour: a reminder at most 90 seconds late.
    expect(reminderCheckEveryMs(0.25 * 3_600_000)).toBe(90_000);
    // A browser test's delay of seconds.
    expect(reminderCheckEveryMs(18_000)).toBe(1_800);
    expect(reminderCheckEveryMs(2_000)).toBe(1_000);
  });
});
