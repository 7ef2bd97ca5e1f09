import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DIGITS_ONLY,
  HAS_DIGIT,
  LETTERS_AND_SPACES,
  looksLikeAddress,
  notBlank,
  requiredText,
} from './rules';

describe('notBlank', () => {
  it('is true for an empty string, which the required check reports instead', () => {
    expect(notBlank('')).toBe(true);
  });

  it('is false for whitespace only: spaces, tabs, new lines and non-breaking spaces', () => {
    for (const value of [' ', '   ', '\t', '\n', ' \t\n ', '\u00a0']) {
      expect(notBlank(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('is true as soon as one character is not whitespace', () => {
    for (const value of ['a', ' a ', '  1', '.']) {
      expect(notBlank(value)).toBe(true);
    }
  });
});

describe('LETTERS_AND_SPACES', () => {
  it('matches Spanish letters, with accented vowels, ñ and ü, and spaces', () => {
    expect(LETTERS_AND_SPACES.test('José Núñez Güemes')).toBe(true);
    expect(LETTERS_AND_SPACES.test('ÁÉÍÓÚÜÑ áéíóúüñ')).toBe(true);
  });

  it('does not match digits, symbols, other whitespace or other accents', () => {
    for (const value of ['', 'Ana1', 'Ana-María', 'Ana\tMaría', 'Zoë', 'François', 'àè']) {
      expect(LETTERS_AND_SPACES.test(value), value).toBe(false);
    }
  });
});

describe('DIGITS_ONLY and HAS_DIGIT', () => {
  it('DIGITS_ONLY matches a non-empty run of ASCII digits and nothing else', () => {
    expect(DIGITS_ONLY.test('0123456789')).toBe(true);
    for (const value of ['', '12 34', '+12', '12a', '１２']) {
      expect(DIGITS_ONLY.test(value), value).toBe(false);
    }
  });

  it('HAS_DIGIT matches any text with at least one ASCII digit', () => {
    expect(HAS_DIGIT.test('secreto1')).toBe(true);
    expect(HAS_DIGIT.test('1')).toBe(true);
    expect(HAS_DIGIT.test('secreto')).toBe(false);
    expect(HAS_DIGIT.test('secreto１')).toBe(false);
  });
});

describe('looksLikeAddress', () => {
  it('accepts a number and two words of at least two letters, in any order', () => {
    for (const value of ['Calle Alcalá 45', '45 Calle Alcalá', 'Calle 45 Alcalá', 'Av. Reforma 222, CDMX']) {
      expect(looksLikeAddress(value), value).toBe(true);
    }
  });

  it('rejects text without a digit', () => {
    expect(looksLikeAddress('Calle Alcalá sin número')).toBe(false);
  });

  it('rejects a number with fewer than two words of two letters', () => {
    for (const value of ['45', 'Calle 45', '45 a b c', 'Calle 45 y', '1234 Ñ Madrid']) {
      expect(looksLikeAddress(value), value).toBe(false);
    }
  });

  it('counts accented letters, ñ and ü as letters of a word', () => {
    expect(looksLikeAddress('45 Ñu Üé')).toBe(true);
  });

  it('is false for any text without a digit', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        fc.pre(!/\d/.test(value));
        expect(looksLikeAddress(value)).toBe(false);
      }),
    );
  });
});

describe('requiredText', () => {
  const schema = requiredText('Campo Requerido');

  it('gives its message for an empty string and for a missing value', () => {
    expect(schema.safeParse('').error?.issues.map((issue) => issue.message)).toEqual(['Campo Requerido']);
    expect(schema.safeParse(undefined).error?.issues.map((issue) => issue.message)).toEqual([
      'Campo Requerido',
    ]);
  });

  it('gives its message for a value that is not a string', () => {
    for (const value of [null, 12, true, {}, []]) {
      expect(schema.safeParse(value).error?.issues[0]?.message).toBe('Campo Requerido');
    }
  });

  it('accepts any non-empty string, whitespace included', () => {
    expect(schema.parse('a')).toBe('a');
    expect(schema.parse(' ')).toBe(' ');
  });
});
