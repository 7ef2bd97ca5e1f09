import { formatMoney } from '@vitrina/shared';
import { describe, expect, it } from 'vitest';
import { AXIS_TICKS_AND_GAP, legendIndex, valueAxisWidth } from './chart-labels';

/** About 7 px a character, as a 12 px sans-serif font measures. */
const measure = (text: string) => text.length * 7;

describe('the dashboard charts’ labels', () => {
  it('give the revenue axis room for its whole widest label, the leading $ included', () => {
    const labels = [0, 500, 1000, 1500].map((units) => formatMoney(units, 'USD'));
    expect(labels.at(-1)).toBe('$1,500.00');
    const width = valueAxisWidth(labels, measure);
    expect(width).toBeGreaterThanOrEqual(measure('$1,500.00') + AXIS_TICKS_AND_GAP);
    // The old fixed 72 px cut '$1,500.00' (9 characters, 63 px, plus the ticks) on the left.
    expect(width).toBeGreaterThan(72);
    expect(valueAxisWidth(['', '1', '2'], measure)).toBeLessThan(valueAxisWidth(['$10,000.00'], measure));
  });

  it('describe the hovered point, or today (line) and the best seller (bars) when none is hovered', () => {
    expect(legendIndex(3, 'line', 30)).toBe(3);
    expect(legendIndex(null, 'line', 30)).toBe(29);
    expect(legendIndex(undefined, 'bars', 5)).toBe(0);
    expect(legendIndex(null, 'line', 0)).toBeUndefined();
    expect(legendIndex(40, 'line', 30)).toBe(29);
  });
});
