import { describe, expect, it } from 'vitest';
import { productoSchemaFor } from './validation/producto';
import {
  allCombinations,
  chosenVariant,
  initialChoice,
  valueUnavailable,
  variantLabel,
  variantParam,
  variantsLeft,
} from './variants';

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

describe('the product page choice', () => {
  const opciones = [
    { nombre: 'Talla', valores: ['S', 'M'] },
    { nombre: 'Color', valores: ['Rojo', 'Azul'] },
  ];
  const variant = (id: number, valores: string[], stock: number, estado = true) => ({
    id_variante: id,
    valores,
    stock,
    estado,
  });
  const variantes = [
    variant(1, ['S', 'Rojo'], 3),
    variant(2, ['S', 'Azul'], 0),
    variant(3, ['M', 'Rojo'], 2, false),
    variant(4, ['M', 'Azul'], 5),
  ];

  it('says why a value cannot be bought with the other values chosen, and nothing when it can', () => {
    expect(valueUnavailable(variantes, [undefined, undefined], 1, 'Azul')).toBeNull();
    expect(valueUnavailable(variantes, ['S', undefined], 1, 'Azul')).toBe('Agotado');
    expect(valueUnavailable(variantes, ['M', undefined], 1, 'Rojo')).toBe('No disponible');
    expect(valueUnavailable(variantes, ['M', 'Rojo'], 0, 'S')).toBeNull();
    expect(valueUnavailable([variant(1, ['S', 'Rojo'], 3)], [undefined, undefined], 1, 'Azul')).toBe(
      'No disponible',
    );
  });

  it('names a variant only once every option has a value, case and accents aside', () => {
    expect(chosenVariant(opciones, variantes, ['M', undefined])).toBeUndefined();
    expect(chosenVariant(opciones, variantes, ['m', 'azul'])?.id_variante).toBe(4);
    expect(chosenVariant([], [variant(9, [], 1)], [])?.id_variante).toBe(9);
    expect(variantsLeft(variantes, ['S', undefined]).map((v) => v.id_variante)).toEqual([1, 2]);
  });

  it('starts from the variant the address names, else from the options with one value', () => {
    expect(initialChoice(opciones, variantes, 4)).toEqual(['M', 'Azul']);
    expect(initialChoice(opciones, variantes, 99)).toEqual([undefined, undefined]);
    expect(initialChoice([{ nombre: 'Talla', valores: ['Única'] }], [], undefined)).toEqual(['Única']);
    expect(variantParam('34')).toBe(34);
    for (const bad of ['0', '-1', 'x', '1e3', '99999999999', '', null])
      expect(variantParam(bad)).toBeUndefined();
  });
});
