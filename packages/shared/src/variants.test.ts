import { describe, expect, it } from 'vitest';
import { productoSchemaFor } from './validation/producto';
import { allCombinations, variantLabel } from './variants';

const base = {
  nombre: 'Camiseta básica',
  descripcion_producto: 'Camiseta de algodón peinado',
  valor: 10000,
  id_categoria_producto: 1,
  imagen: '/uploads/productos/a.webp',
};
const opciones = [
  { nombre: 'Talla', valores: ['S', 'M', 'L'] },
  { nombre: 'Color', valores: ['Rojo', 'Azul'] },
];
const schema = productoSchemaFor('CLP');
const messages = (input: unknown) =>
  schema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('product options and variants', () => {
  it('names a variant by its values, a short one after its option', () => {
    expect(variantLabel(opciones, ['M', 'Rojo'])).toBe('Talla M · Rojo');
    expect(variantLabel([], [])).toBe('');
  });

  it('generates every combination of the values', () => {
    expect(allCombinations(opciones)).toHaveLength(6);
    expect(allCombinations(opciones)[1]).toEqual(['S', 'Azul']);
    expect(allCombinations([])).toEqual([[]]);
  });

  it('accepts a product with variants and no stock of its own', () => {
    const variantes = allCombinations(opciones).map((valores, i) => ({ valores, stock: i, sku: `CAM-${i}` }));
    const parsed = schema.parse({ ...base, opciones, variantes });
    expect(parsed.variantes).toHaveLength(6);
    expect(parsed.variantes?.[0]).toMatchObject({ estado: true, imagen: '', sku: 'CAM-0' });
  });

  it('refuses a fourth option, a repeated combination, a value of no option and a bad SKU, in Spanish', () => {
    const four = [...opciones, { nombre: 'Manga', valores: ['Corta'] }, { nombre: 'Cuello', valores: ['V'] }];
    expect(messages({ ...base, opciones: four, variantes: [] })).toContain(
      'opciones: Un producto admite hasta 3 opciones',
    );
    expect(
      messages({
        ...base,
        opciones,
        variantes: [
          { valores: ['M', 'Rojo'], stock: 1 },
          { valores: ['m', 'rojo'], stock: 1 },
          { valores: ['XL', 'Rojo'], stock: 1 },
          { valores: ['S', 'Rojo'], stock: 1, sku: 'con espacio' },
        ],
      }),
    ).toEqual([
      'variantes.3.sku: El SKU admite hasta 40 letras, números, guiones, guiones bajos o puntos, sin espacios',
    ]);
    expect(
      messages({
        ...base,
        opciones,
        variantes: [
          { valores: ['M', 'Rojo'], stock: 1 },
          { valores: ['m', 'rojo'], stock: 1 },
          { valores: ['XL', 'Rojo'], stock: 1 },
        ],
      }),
    ).toEqual([
      'variantes.1.valores: Esa combinación ya es otra variante',
      'variantes.2.valores: Elige un valor de cada opción: Talla, Color',
    ]);
  });

  it('asks for the variants of a product with options', () => {
    expect(messages({ ...base, stock: 3, opciones })).toEqual([
      'variantes: Indica las variantes del producto',
    ]);
  });
});
