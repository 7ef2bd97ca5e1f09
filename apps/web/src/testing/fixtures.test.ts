import { describe, expect, it } from 'vitest';
import { product, sale, shopConfig } from './fixtures';

describe('the web tests fixtures', () => {
  it('refuse an answer the API could not send', () => {
    expect(() => product(1, { stock: 1.5 })).toThrow();
    expect(() => sale({ estado: 'perdida' as never })).toThrow();
    expect(() => shopConfig({ paymentProvider: 'paypal' as never })).toThrow();
  });
});
