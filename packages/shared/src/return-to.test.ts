import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-to';

describe('safeReturnPath', () => {
  it('keeps a path of the shop with its query and fragment', () => {
    expect(safeReturnPath('/pedido/12')).toBe('/pedido/12');
    expect(safeReturnPath('/admin/pedidos?estado=enviada#lista')).toBe('/admin/pedidos?estado=enviada#lista');
    expect(safeReturnPath('/')).toBe('/');
  });

  it.each([
    '//evil.com',
    '//evil.com/pedido/1',
    'https://evil.com',
    'http://evil.com/',
    '/\\evil.com',
    '\\/evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    ' //evil.com',
    'javascript:alert(1)',
    'pedido/12',
    '',
    '/login',
    '/login?returnTo=/pedido/1',
    '/register',
    '/api/auth/google',
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses what is not a text, and a text too long for an address', () => {
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(['/pedido/1'])).toBeNull();
    expect(safeReturnPath(`/${'a'.repeat(2000)}`)).toBeNull();
  });

  it('never leads away from the shop, whatever the text', () => {
    // The WHATWG URL parser of the runtime the tests run on (this package's own types know no URL).
    const { URL } = globalThis as unknown as { URL: new (url: string, base: string) => { origin: string } };
    const base = 'http://tienda.example';
    fc.assert(
      // Texts made of the characters that change what an address points at.
      fc.property(fc.string({ unit: fc.constantFrom(...'/\\.:@%?#\t a5'.split('')) }), (value) => {
        const path = safeReturnPath(value);
        if (path !== null) expect(new URL(path, base).origin).toBe(base);
      }),
    );
  });
});
