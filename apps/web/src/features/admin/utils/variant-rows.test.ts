import { productoSchemaFor, productoUpdateSchemaFor } from '@vitrina/shared';
import { describe, expect, it } from 'vitest';
import { product } from '../../../testing/fixtures';
import { emptyProductValues } from './product-form-values';
import {
  applyToRows,
  generateRows,
  splitValues,
  toOptions,
  type VariantFormValues,
  variantChanges,
  variantRowsOf,
  withVariants,
} from './variant-rows';

const talla = { nombre: 'Talla', valores: ['S', 'M'] };
const color = { nombre: 'Color', valores: ['Rojo', 'Azul'] };
const row = (valores: string[], more: Partial<VariantFormValues> = {}): VariantFormValues => ({
  valores,
  sku: '',
  valor: '',
  valor_descuento: '',
  stock: '0',
  stock_minimo: '',
  imagen: '',
  estado: true,
  ...more,
});

describe('splitValues / toOptions', () => {
  it('reads a comma list, trimming and skipping empty values', () => {
    expect(splitValues(' S, M ,, L ,')).toEqual(['S', 'M', 'L']);
    expect(toOptions([{ nombre: ' Talla ', valores: 'S,M' }])).toEqual([talla]);
  });
});

describe('generateRows', () => {
  it('makes one row per combination, in the options’ order', () => {
    expect(generateRows([talla, color], []).map((r) => r.valores)).toEqual([
      ['S', 'Rojo'],
      ['S', 'Azul'],
      ['M', 'Rojo'],
      ['M', 'Azul'],
    ]);
  });

  it('keeps the rows whose values still match (SKU, stock, prices, id), case and accents aside', () => {
    const edited = row(['m', 'rojo'], { id_variante: 4, sku: 'CAM-M-R', stock: '7', valor: '25' });
    const dropped = row(['XL', 'Rojo'], { sku: 'CAM-XL' });
    const rows = generateRows([talla, { nombre: 'Color', valores: ['Rojo'] }], [edited, dropped]);
    expect(rows).toEqual([row(['S', 'Rojo']), { ...edited, valores: ['M', 'Rojo'] }]);
  });
});

describe('applyToRows', () => {
  const rows = [row(['S']), row(['M']), row(['L'])];
  it('sets the value on every row when none is picked', () => {
    expect(applyToRows(rows, 'stock', '9', new Set()).map((r) => r.stock)).toEqual(['9', '9', '9']);
  });
  it('sets it only on the picked rows otherwise', () => {
    expect(applyToRows(rows, 'valor', '30', new Set([0, 2])).map((r) => r.valor)).toEqual(['30', '', '30']);
  });
});

describe('withVariants', () => {
  const base = {
    ...emptyProductValues,
    nombre: 'Camiseta básica',
    descripcion_producto: 'Camiseta de algodón peinado.',
    valor: '20',
    valor_descuento: '15',
    stock: '3',
    id_categoria_producto: '1',
    imagenes: [{ url: '/uploads/productos/a.webp', alt: '' }],
  };

  it('without options leaves SPEC’s product alone', () => {
    expect(productoSchemaFor('USD').parse(withVariants(base))).not.toHaveProperty('variantes');
  });

  it('with options sends the variants; an empty discount is none, a lost photo the main one, a typed stock mínimo a number', () => {
    const parsed = productoSchemaFor('USD').parse(
      withVariants({
        ...base,
        opciones: [{ nombre: 'Talla', valores: 'S, M' }],
        variantes: [
          row(['S'], { sku: 'CAM-S', stock: '4', stock_minimo: '3', imagen: '/uploads/productos/a.webp' }),
          row(['M'], {
            valor: '22.5',
            valor_descuento: '19',
            stock: '2',
            imagen: '/uploads/productos/gone.webp',
          }),
        ],
      }),
    );
    expect(parsed).toMatchObject({ valor: 20, valor_descuento: null, opciones: [talla] });
    expect(parsed.stock).toBeUndefined();
    expect(parsed.variantes).toEqual([
      {
        sku: 'CAM-S',
        valores: ['S'],
        valor: undefined,
        valor_descuento: null,
        stock: 4,
        stock_minimo: 3,
        imagen: '/uploads/productos/a.webp',
        estado: true,
      },
      {
        sku: '',
        valores: ['M'],
        valor: 22.5,
        valor_descuento: 19,
        stock: 2,
        stock_minimo: null,
        imagen: '',
        estado: true,
      },
    ]);
  });
});

describe('variantChanges', () => {
  const shirt = product(5, {
    valor: 20,
    valor_descuento: null,
    stock: 6,
    opciones: [talla],
    variantes: [
      {
        id_variante: 1,
        sku: 'CAM-S',
        valores: ['S'],
        valor: 20,
        valor_descuento: null,
        stock: 4,
        stock_minimo: null,
        imagen: '',
        estado: true,
      },
      {
        id_variante: 2,
        sku: 'CAM-M',
        valores: ['M'],
        valor: 22.5,
        valor_descuento: 19,
        stock: 2,
        stock_minimo: null,
        imagen: '',
        estado: true,
      },
    ],
  });
  const parse = (values: Partial<typeof emptyProductValues>) =>
    productoUpdateSchemaFor('USD').parse(
      withVariants({
        ...emptyProductValues,
        imagenes: shirt.imagenes,
        valor: '20',
        opciones: [{ nombre: 'Talla', valores: 'S, M' }],
        variantes: variantRowsOf(shirt),
        ...values,
      }),
    );

  it('sends nothing when the options and variants are as stored', () => {
    expect(variantChanges(shirt, parse({}))).toEqual({});
  });

  it('leaves out a variant kept only for its orders, whose value the options no longer have', () => {
    const sold = {
      id_variante: 3,
      sku: 'CAM-XL',
      valores: ['XL'],
      valor: 20,
      valor_descuento: null,
      stock: 0,
      stock_minimo: null,
      imagen: '',
      estado: false,
    };
    const kept = { ...shirt, variantes: [...shirt.variantes, sold] };
    expect(variantRowsOf(kept).map((r) => r.sku)).toEqual(['CAM-S', 'CAM-M']);
    expect(variantChanges(kept, parse({}))).toEqual({});
  });

  it('sends them all when one variant changed, with its id', () => {
    const rows = variantRowsOf(shirt).map((r) => (r.sku === 'CAM-M' ? { ...r, stock: '9' } : r));
    const changes = variantChanges(shirt, parse({ variantes: rows }));
    expect(changes.opciones).toEqual([talla]);
    expect(changes.variantes?.map((v) => [v.id_variante, v.stock])).toEqual([
      [1, 4],
      [2, 9],
    ]);
  });

  it('makes the product one variant again when every option goes, with the Stock typed', () => {
    expect(variantChanges(shirt, parse({ opciones: [], variantes: [], stock: '5' }))).toEqual({
      opciones: [],
      variantes: [{ valores: [], stock: 5, imagen: '', estado: true }],
    });
  });
});
