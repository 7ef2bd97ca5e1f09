import { describe, expect, it } from 'vitest';
import { productListQuerySchema } from './catalog';
import { roundedStars } from './ratings';

describe('productListQuerySchema', () => {
  it('defaults to page 1 of 8 and treats empty values as absent', () => {
    expect(productListQuerySchema.parse({ name: '  ', orden: '', minPrecio: '' })).toEqual({
      page: 1,
      pageSize: 8,
    });
  });

  it('coerces the text of a URL into typed values', () => {
    expect(
      productListQuerySchema.parse({
        page: '2',
        pageSize: '48',
        categoria: '3',
        descuento: 'true',
        minPrecio: '9.5',
      }),
    ).toEqual({ page: 2, pageSize: 48, categoria: 3, descuento: true, minPrecio: 9.5 });
  });

  it('refuses a minimum above the maximum', () => {
    expect(productListQuerySchema.safeParse({ minPrecio: '10', maxPrecio: '5' }).success).toBe(false);
    expect(productListQuerySchema.safeParse({ minPrecio: '5', maxPrecio: '5' }).success).toBe(true);
  });
});

describe('roundedStars', () => {
  it('rounds to the nearest whole star out of 5', () => {
    expect(roundedStars(4.5)).toBe(5);
    expect(roundedStars(4.49)).toBe(4);
    expect(roundedStars(1.2)).toBe(1);
    expect(roundedStars(null)).toBe(0);
  });
});
