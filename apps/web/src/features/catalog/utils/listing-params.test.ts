import { describe, expect, it } from 'vitest';
import { parseId } from './listing-params';

describe('listing route parameters', () => {
  it('accepts only positive whole ids from the route', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId('0')).toBeUndefined();
    expect(parseId('abc')).toBeUndefined();
    expect(parseId('1.5')).toBeUndefined();
    expect(parseId(undefined)).toBeUndefined();
  });
});
