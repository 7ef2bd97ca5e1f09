import { describe, expect, it } from 'vitest';
import { listingSearch, parseListingSearch, toApiParams } from './listing';

// The shared package is typed without the DOM or Node; the tests run on Node, which has it.
const { URLSearchParams } = globalThis as unknown as {
  URLSearchParams: new (query: string) => { get(name: string): string | null };
};

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
    expect(listingSearch(params)).toBe('?name=silla+gamer&descuento=true&orden=recientes&page=2');
    expect(listingSearch({ page: 1 })).toBe('');
  });

  it('asks the API for the same listing, the category included', () => {
    const params = parseListingSearch(new URLSearchParams('descuento=true&orden=nombre_desc&page=2'), 4);
    expect(toApiParams(params, 8)).toEqual({
      name: undefined,
      categoria: 4,
      descuento: 'true',
      minPrecio: undefined,
      maxPrecio: undefined,
      orden: 'nombre_desc',
      page: 2,
      pageSize: 8,
    });
  });
});
