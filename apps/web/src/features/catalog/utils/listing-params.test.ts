import { describe, expect, it } from 'vitest';
import { listingSearch, parseId, parseListingSearch } from './listing-params';

describe('listing URL parameters', () => {
  it('reads every filter, the order, the search words and the page from the query string', () => {
    const search = new URLSearchParams(
      'name=licuadora&descuento=true&orden=precio_asc&minPrecio=10&maxPrecio=99.5&page=3',
    );
    expect(parseListingSearch(search, 2)).toEqual({
      name: 'licuadora',
      categoria: 2,
      descuento: true,
      orden: 'precio_asc',
      minPrecio: 10,
      maxPrecio: 99.5,
      page: 3,
    });
  });

  it('drops malformed values and starts at page 1', () => {
    const search = new URLSearchParams(
      'name=%20%20&descuento=yes&orden=random&minPrecio=-4&maxPrecio=abc&page=0',
    );
    expect(parseListingSearch(search)).toEqual({ page: 1 });
  });

  it('writes a query string that reads back to the same listing, leaving out page 1', () => {
    const params = { name: 'silla gamer', descuento: true, orden: 'recientes' as const, page: 2 };
    expect(parseListingSearch(new URLSearchParams(listingSearch(params)))).toEqual(params);
    expect(listingSearch({ page: 1 })).toBe('');
  });

  it('accepts only positive whole ids from the route', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId('0')).toBeUndefined();
    expect(parseId('abc')).toBeUndefined();
    expect(parseId('1.5')).toBeUndefined();
    expect(parseId(undefined)).toBeUndefined();
  });
});
