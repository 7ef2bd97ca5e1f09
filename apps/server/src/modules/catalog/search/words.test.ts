import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowedEdits, normalizeText, otherGenderOf, soundOf, withinEdits, wordsOf } from './words';

describe('search words', () => {
  it('normalizes like the database: lower case, no accents, ñ as n', () => {
    expect(normalizeText('  Jardinería  ÑANDÚ ')).toBe('jardineria nandu');
    expect(wordsOf('Taladro 18 V, USB-C')).toEqual(['taladro', '18', 'v', 'usb', 'c']);
  });

  it('turns an -o/-a word into the other gender, singular or plural, and leaves the rest alone', () => {
    expect(['roja', 'rojo', 'rojas', 'blancos'].map(otherGenderOf)).toEqual([
      'rojo',
      'roja',
      'rojos',
      'blancas',
    ]);
    expect(['verde', 'azul', 'xl', 'oa'].map(otherGenderOf)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('allows typos by length: none below 5 letters, one from 5, two from 9', () => {
    expect([4, 5, 8, 9, 12].map((n) => allowedEdits('a'.repeat(n)))).toEqual([0, 1, 1, 2, 2]);
  });

  it('counts insertions, deletions, substitutions and adjacent swaps as one edit each', () => {
    expect(withinEdits('camseta', 'camiseta', 1)).toBe(true);
    expect(withinEdits('camisseta', 'camiseta', 1)).toBe(true);
    expect(withinEdits('camixeta', 'camiseta', 1)).toBe(true);
    expect(withinEdits('caimseta', 'camiseta', 1)).toBe(true);
    expect(withinEdits('caimsetta', 'camiseta', 1)).toBe(false);
    expect(withinEdits('caimsetta', 'camiseta', 2)).toBe(true);
  });

  it('agrees with the full distance on any pair of words', () => {
    const distance = (a: string, b: string): number => {
      const d = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
          const row = d[i] as number[];
          const up = d[i - 1] as number[];
          row[j] = Math.min(
            (up[j] as number) + 1,
            (row[j - 1] as number) + 1,
            (up[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
          );
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
            row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
          }
        }
      }
      return (d[a.length] as number[])[b.length] as number;
    };
    const word = fc.string({ unit: fc.constantFrom(...'abcde'), maxLength: 9 });
    fc.assert(
      fc.property(word, word, fc.constantFrom(0, 1, 2), (a, b, max) => {
        expect(withinEdits(a, b, max)).toBe(distance(a, b) <= max);
      }),
    );
  });

  it('spells alike the words that sound alike in Spanish', () => {
    const same: Array<[string, string]> = [
      ['bicicleta', 'bisikleta'],
      ['vaso', 'baso'],
      ['zapato', 'sapato'],
      ['martillo', 'martiyo'],
      ['hervidor', 'ervidor'],
      ['refrigerador', 'refrijerador'],
      ['queso', 'keso'],
      ['guitarra', 'gitarra'],
    ];
    for (const [a, b] of same) expect(soundOf(a), `${a} / ${b}`).toBe(soundOf(b));
    expect(soundOf('chaqueta')).not.toBe(soundOf('saqueta'));
    expect(soundOf('casa')).not.toBe(soundOf('gasa'));
  });
});
