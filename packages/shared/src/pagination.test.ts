import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageWindow, showsPager, totalPages } from './pagination';

describe('pageWindow', () => {
  it('shows every page when there are fewer than the window', () => {
    expect(pageWindow(1, 3, 10)).toEqual([1, 2, 3]);
  });

  it('centres the window on the current page', () => {
    expect(pageWindow(10, 30, 10)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(pageWindow(10, 30, 8)).toEqual([6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('slides against the first and the last page', () => {
    expect(pageWindow(1, 30, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(30, 30, 10)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(pageWindow(29, 30, 8)).toEqual([23, 24, 25, 26, 27, 28, 29, 30]);
  });

  it('clamps a page outside the range and answers nothing for no pages', () => {
    expect(pageWindow(99, 4, 10)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(1, 0, 10)).toEqual([]);
  });

  it('always holds the current page in consecutive numbers within 1..total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 12 }),
        fc.nat(),
        (total, size, p) => {
          const current = (p % total) + 1;
          const pages = pageWindow(current, total, size);
          expect(pages).toContain(current);
          expect(pages).toHaveLength(Math.min(size, total));
          expect(pages[0]).toBeGreaterThanOrEqual(1);
          expect(pages.at(-1)).toBeLessThanOrEqual(total);
          expect(pages).toEqual(pages.map((_, i) => (pages[0] as number) + i));
        },
      ),
    );
  });
});

describe('showsPager and totalPages', () => {
  it('shows the pager from 9 products at 8 per page (SPEC §9)', () => {
    expect(showsPager(8, 8)).toBe(false);
    expect(showsPager(9, 8)).toBe(true);
    expect(showsPager(6, 6)).toBe(false);
    expect(showsPager(7, 6)).toBe(true);
  });

  it('counts pages, at least one', () => {
    expect(totalPages(0, 8)).toBe(1);
    expect(totalPages(16, 8)).toBe(2);
    expect(totalPages(17, 8)).toBe(3);
  });
});
