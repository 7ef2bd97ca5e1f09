import { describe, expect, it } from 'vitest';
import {
  brandColorProblems,
  brandPalette,
  contrastRatio,
  DARK_TEXT,
  DEFAULT_BRAND_COLORS,
  LIGHT_TEXT,
  textColorOn,
} from './brand-colors';

describe('contrastRatio', () => {
  it('gives the WCAG figures: 21:1 for black on white, 1:1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#b4410f', '#b4410f')).toBe(1);
    // The figure WebAIM's checker gives for #767676 on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});

describe('textColorOn', () => {
  it('writes white on a dark colour and the dark text on a light one', () => {
    expect(textColorOn('#1e3a8a')).toBe(LIGHT_TEXT);
    expect(textColorOn('#fde68a')).toBe(DARK_TEXT);
  });
});

describe('brandColorProblems', () => {
  it('accepts the theme of the shop', () => {
    expect(brandColorProblems(DEFAULT_BRAND_COLORS)).toEqual({});
  });

  it('refuses a primary colour no text reads on, saying the ratio and the minimum', () => {
    // A mid grey: 4,2:1 at best (either text), below 4,5:1.
    const problems = brandColorProblems({ primario: '#7a7a7a', acento: '#1d4ed8' });
    expect(problems.primario).toBe(
      'Ningún texto se lee bien sobre el color primario: el mejor contraste es 4,2:1 y el mínimo es 4,5:1 (WCAG AA). Elige un color más claro o más oscuro.',
    );
    expect(problems.acento).toBeUndefined();
  });

  it('refuses a light accent: its links and buttons would not read on the page', () => {
    const problems = brandColorProblems({ primario: '#111827', acento: '#f59e0b' });
    expect(problems.acento).toMatch(
      /^Los enlaces y botones en el color de acento tienen un contraste de 2,0:1/,
    );
    expect(problems.acento).toContain('el mínimo es 4,5:1 (WCAG AA)');
  });

  it('never lets through an accent whose button text would fail', () => {
    for (let v = 0; v < 256; v += 5) {
      const hex = `#${v.toString(16).padStart(2, '0').repeat(3)}`;
      if (brandColorProblems({ primario: '#000000', acento: hex }).acento === undefined) {
        expect(contrastRatio(hex, textColorOn(hex))).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

describe('brandPalette', () => {
  it('gives the theme properties with the text colour computed on each', () => {
    expect(brandPalette({ primario: '#FDE68A', acento: '#1D4ED8' })).toEqual({
      '--color-ink': '#fde68a',
      '--color-on-ink': DARK_TEXT,
      '--color-accent': '#1d4ed8',
      '--color-accent-strong': '#173ead',
      '--color-accent-soft': '#e8edfb',
      '--color-on-accent': LIGHT_TEXT,
    });
  });
});
