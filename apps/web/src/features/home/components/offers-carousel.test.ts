import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CAROUSEL_BREAKPOINTS, CAROUSEL_SLIDES } from '@vitrina/shared';
import { describe, expect, it } from 'vitest';

const css = readFileSync(fileURLToPath(import.meta.url).replace(/\.test\.ts$/, '.module.css'), 'utf8');

describe('offers carousel style sheet', () => {
  it('shows as many slides per view as the shared breakpoints say, at every width', () => {
    const base = /^\.track \{\n {2}--slides: (\d+);/m.exec(css);
    const rules = [
      ...css.matchAll(/@media \(max-width: ([\d.]+)px\) \{\s*\.track \{\s*--slides: (\d+);/g),
    ].map(([, width, slides]) => [Math.round(Number(width)), Number(slides)]);
    expect(Number(base?.[1])).toBe(CAROUSEL_SLIDES);
    expect(rules).toEqual(CAROUSEL_BREAKPOINTS.map(([width, slides]) => [width, slides]));
  });
});
