import { describe, expect, it } from 'vitest';
import { productListQuerySchema } from '../catalog';
import { ajustesSchema } from '../orders';
import { agreeing } from './agreement';

describe('agreeing', () => {
  it("makes the adjective agree with the label's article", () => {
    expect(agreeing('La tarifa de envío', 'negativo')).toBe('negativa');
    expect(agreeing('El precio mínimo', 'negativo')).toBe('negativo');
    expect(agreeing('Los precios', 'negativo')).toBe('negativos');
    expect(agreeing('Las tarifas', 'alto')).toBe('altas');
  });

  it('refuses a label without an article, so a new message cannot guess', () => {
    expect(() => agreeing('Tarifa', 'negativo')).toThrow();
  });
});

describe('messages built from a field name', () => {
  const messages = (result: { error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message) ?? [];

  it('say a negative shipping rate is «negativa» and a negative threshold «negativo»', () => {
    expect(messages(ajustesSchema.safeParse({ envio_tarifa: -1, envio_gratis_desde: -1 }))).toEqual([
      'La tarifa de envío no puede ser negativa',
      'El mínimo para envío gratis no puede ser negativo',
      'El mínimo para envío gratis debe ser mayor que 0 (o déjalo vacío)',
    ]);
  });

  it('say a negative price filter is «negativo»', () => {
    expect(messages(productListQuerySchema.safeParse({ minPrecio: '-2', maxPrecio: '-1' }))).toEqual([
      'El precio mínimo no puede ser negativo',
      'El precio máximo no puede ser negativo',
    ]);
  });
});
