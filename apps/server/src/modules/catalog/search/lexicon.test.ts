import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isSpanishWord } from './lexicon';

const list = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('an-array-of-spanish-words'), 'utf8'),
) as string[];
const normalized = (word: string) => word.replace(/ñ/g, 'n');

describe('isSpanishWord', () => {
  it('finds every word of the list at the start, the end and every position of a block', () => {
    const sample = [...list.slice(0, 40), ...list.slice(-40), ...list.filter((_, i) => i % 997 === 0)];
    for (const word of sample) expect(isSpanishWord(normalized(word)), word).toBe(true);
  });

  it('finds words written with ñ when the search brings them with n', () => {
    expect(isSpanishWord('panuelo')).toBe(true);
    expect(isSpanishWord('nuzcos')).toBe(true);
    expect(isSpanishWord('ano')).toBe(true);
  });

  it('finds no word outside the list: before its first, after its last, between two of it', () => {
    const set = new Set(list);
    const others = ['a0', 'zzzzzz', 'ñzzzz', 'chaquetass', 'croquetaz', 'qwerty', ''];
    for (const word of list.filter((_, i) => i % 4999 === 0))
      others.push(`${word}q`, `${word.slice(0, -1)}x`);
    for (const word of others) {
      const expected = [word, ...variantsWithÑ(word)].some((w) => set.has(w));
      expect(isSpanishWord(normalized(word)), word).toBe(expected);
    }
  });
});

/** Every spelling of `word` with some of its first three n as ñ, as isSpanishWord tries them. */
function variantsWithÑ(word: string): string[] {
  const plain = normalized(word);
  const ns = [...plain.matchAll(/n/g)].map((m) => m.index).slice(0, 3);
  const out: string[] = [];
  for (let mask = 0; mask < 1 << ns.length; mask++) {
    const letters = [...plain];
    ns.forEach((at, bit) => {
      if (mask & (1 << bit)) letters[at] = 'ñ';
    });
    out.push(letters.join(''));
  }
  return out;
}
