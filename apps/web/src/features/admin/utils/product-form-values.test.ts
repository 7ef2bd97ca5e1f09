import { productoUpdateSchemaFor } from '@vitrina/shared';
import { describe, expect, it } from 'vitest';
import { product } from '../../../testing/fixtures';
import { changedFields, hasChanges, productToFormValues } from './product-form-values';
import { withVariants } from './variant-rows';

const stored = product(3, { valor: 129.9, valor_descuento: 99, stock: 4 });
const edit = (changes: Record<string, string>) =>
  changedFields(
    stored,
    productoUpdateSchemaFor('USD').parse(withVariants({ ...productToFormValues(stored), ...changes })),
  );

describe('changedFields', () => {
  it('finds nothing to send for the untouched form, even with prices written differently', () => {
    expect(productToFormValues(stored)).toMatchObject({ valor: '129.90', valor_descuento: '99', stock: '4' });
    expect(edit({})).toEqual({});
    expect(hasChanges(edit({ valor: '129.9', valor_descuento: '99.00', stock: ' 4 ' }))).toBe(false);
  });

  it('sends only the fields filled with a different value, parsed', () => {
    expect(edit({ stock: '10', nombre: 'Producto 3' })).toEqual({ stock: 10 });
    expect(edit({ valor: '150', id_categoria_producto: '9' })).toEqual({
      valor: 150,
      id_categoria_producto: 9,
    });
  });

  it('treats an emptied field as unchanged', () => {
    expect(edit({ nombre: '', descripcion_producto: '  ', valor_descuento: '' })).toEqual({});
  });
});
