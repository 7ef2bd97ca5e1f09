import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productoSchemaFor, productoUpdateSchemaFor } from './producto';
import { FORM, firstMessages, ofLength, without } from './test-helpers';

/** A shop in dollars, the default SHOP_CURRENCY. */
const productoSchema = productoSchemaFor('USD');
const productoUpdateSchema = productoUpdateSchemaFor('USD');

/** A product as the create form sends it (every input is text); each test breaks one field of it. */
const valid = {
  nombre: 'Camiseta de algodón',
  descripcion_producto: 'Camiseta de algodón peinado, corte recto.',
  valor: '199.90',
  valor_descuento: '',
  stock: '12',
  id_categoria_producto: '1',
  imagen: '/uploads/productos/0a1b2c3d4e5f.webp',
};
type Field = keyof typeof valid;

const messageFor = (field: Field, value: unknown, base: Record<string, unknown> = valid) =>
  firstMessages(productoSchema, { ...base, [field]: value })[field];

const REQUIRED = 'Campo Requerido';
const BLANK = 'No puede ser un espacio en blanco';
const DISCOUNT_NOT_BELOW = 'El precio con descuento debe ser menor que el precio';

describe('productoSchema: a complete product', () => {
  it('accepts the form as text and answers numbers in currency units, trimmed text and no discount', () => {
    expect(productoSchema.parse({ ...valid, nombre: '  Camiseta  ' })).toEqual({
      nombre: 'Camiseta',
      descripcion_producto: valid.descripcion_producto,
      valor: 199.9,
      valor_descuento: null,
      stock: 12,
      id_categoria_producto: 1,
      imagen: valid.imagen,
      imagenes: [{ url: valid.imagen, alt: '' }],
    });
  });

  it('accepts the same product as JSON numbers', () => {
    const parsed = productoSchema.parse({ ...valid, valor: 199.9, valor_descuento: 150, stock: 12 });
    expect(parsed).toMatchObject({ valor: 199.9, valor_descuento: 150, stock: 12 });
  });

  it('gives the same result when what it answered is parsed again', () => {
    const once = productoSchema.parse({ ...valid, valor_descuento: '99.5' });
    expect(productoSchema.parse(once)).toEqual(once);
  });

  it('shows one message per field when nothing was filled', () => {
    expect(firstMessages(productoSchema, {})).toEqual({
      nombre: REQUIRED,
      descripcion_producto: REQUIRED,
      valor: REQUIRED,
      stock: REQUIRED,
      id_categoria_producto: 'Elige una categoría',
      imagen: 'Elige una imagen',
    });
  });

  it('drops keys the form may not set (estado, an id)', () => {
    const parsed = productoSchema.parse({ ...valid, estado: false, id_producto: 7 });
    expect(parsed).not.toHaveProperty('estado');
    expect(parsed).not.toHaveProperty('id_producto');
  });
});

describe('productoSchema: nombre', () => {
  it('requires it, refuses blanks, and counts 3 to 120 characters once trimmed', () => {
    expect(messageFor('nombre', '')).toBe(REQUIRED);
    expect(messageFor('nombre', undefined)).toBe(REQUIRED);
    expect(messageFor('nombre', '    ')).toBe(BLANK);
    expect(messageFor('nombre', '  ab  ')).toBe('Mínimo 3 caracteres');
    expect(messageFor('nombre', 'abc')).toBeUndefined();
    expect(messageFor('nombre', ofLength(120))).toBeUndefined();
    expect(messageFor('nombre', ` ${ofLength(120)} `)).toBeUndefined();
    expect(messageFor('nombre', ofLength(121))).toBe('Máximo 120 caracteres');
  });
});

describe('productoSchema: descripcion_producto', () => {
  it('requires 10 to 2000 characters once trimmed, not blank', () => {
    expect(messageFor('descripcion_producto', '')).toBe(REQUIRED);
    expect(messageFor('descripcion_producto', ofLength(12, ' '))).toBe(BLANK);
    expect(messageFor('descripcion_producto', ` ${ofLength(9)} `)).toBe('Mínimo 10 caracteres');
    expect(messageFor('descripcion_producto', ofLength(10))).toBeUndefined();
    expect(messageFor('descripcion_producto', ofLength(2000))).toBeUndefined();
    expect(messageFor('descripcion_producto', ofLength(2001))).toBe('Máximo 2000 caracteres');
  });
});

describe('productoSchema: valor', () => {
  it.each([
    ['', REQUIRED],
    ['   ', REQUIRED],
    [null, REQUIRED],
    ['abc', 'Ingresa un número válido'],
    ['12.', 'Ingresa un número válido'],
    ['1e3', 'Ingresa un número válido'],
    ['19,99', 'Usa punto para separar los decimales'],
    ['0', 'El precio debe ser mayor que 0'],
    ['0.00', 'El precio debe ser mayor que 0'],
    ['-5', 'El precio debe ser mayor que 0'],
    ['10.999', 'Máximo 2 decimales'],
    [0.1 + 0.2, 'Máximo 2 decimales'],
    ['10000000', 'El precio máximo es 9,999,999.99'],
    ['9999999.991', 'Máximo 2 decimales'],
    [10_000_000, 'El precio máximo es 9,999,999.99'],
  ])('refuses %j with "%s"', (value, message) => {
    expect(messageFor('valor', value)).toBe(message);
  });

  it('reads NaN (an empty number input read with valueAsNumber) as not filled', () => {
    expect(messageFor('valor', Number.NaN)).toBe(REQUIRED);
  });

  it.each([
    ['0.01', 0.01],
    ['9999999.99', 9_999_999.99],
    [' 19.9 ', 19.9],
    ['19.900', 19.9],
    ['007', 7],
    [19.99, 19.99],
  ])('accepts %j as %d', (value, expected) => {
    expect(productoSchema.parse({ ...valid, valor: value }).valor).toBe(expected);
  });

  it('reads any two-decimal text to the exact cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), (cents) => {
        const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        expect(Math.round(productoSchema.parse({ ...valid, valor: text }).valor * 100)).toBe(cents);
      }),
    );
  });
});

describe('productoSchema in a currency without cents (SHOP_CURRENCY=CLP)', () => {
  const pesos = productoSchemaFor('CLP');
  const pesosUpdate = productoUpdateSchemaFor('CLP');
  const clp = { ...valid, valor: '12990', valor_descuento: '9990' };

  it('takes whole pesos, as text or numbers', () => {
    expect(pesos.parse(clp)).toMatchObject({ valor: 12990, valor_descuento: 9990 });
    expect(pesos.parse({ ...clp, valor: 12990.0, valor_descuento: '9990.00' })).toMatchObject({
      valor: 12990,
      valor_descuento: 9990,
    });
  });

  it('refuses a price or a discount with decimals in Spanish, on the field', () => {
    const NO_DECIMALS = 'Los precios en CLP no llevan decimales';
    expect(firstMessages(pesos, { ...clp, valor: '12990.50' }).valor).toBe(NO_DECIMALS);
    expect(firstMessages(pesos, { ...clp, valor_descuento: 9990.5 }).valor_descuento).toBe(NO_DECIMALS);
    expect(firstMessages(pesosUpdate, { valor: '0.10' }).valor).toBe(NO_DECIMALS);
    expect(firstMessages(pesosUpdate, { valor_descuento: '99.9' }).valor_descuento).toBe(NO_DECIMALS);
  });

  it('names the highest price as Chile writes it', () => {
    expect(pesos.parse({ ...clp, valor: '9999999' }).valor).toBe(9_999_999);
    expect(firstMessages(pesos, { ...clp, valor: '10000000' }).valor).toBe('El precio máximo es 9.999.999');
  });

  it('keeps cents in a currency that has them (EUR)', () => {
    expect(productoSchemaFor('EUR').parse(valid).valor).toBe(199.9);
  });
});

describe('productoSchema: valor_descuento', () => {
  it('means no discount when empty, blank, null or missing', () => {
    for (const value of ['', '  ', null, undefined]) {
      expect(productoSchema.parse({ ...valid, valor_descuento: value }).valor_descuento).toBeNull();
    }
    expect(productoSchema.parse(without(valid, 'valor_descuento')).valor_descuento).toBeNull();
  });

  it('must be above 0 and below valor, with the message on valor_descuento', () => {
    expect(messageFor('valor_descuento', '0')).toBe('El descuento debe ser mayor que 0');
    expect(messageFor('valor_descuento', '199.90')).toBe(DISCOUNT_NOT_BELOW);
    expect(messageFor('valor_descuento', '250')).toBe(DISCOUNT_NOT_BELOW);
    expect(messageFor('valor_descuento', '199.89')).toBeUndefined();
    expect(messageFor('valor_descuento', '0.01')).toBeUndefined();
    expect(messageFor('valor_descuento', '10.005')).toBe('Máximo 2 decimales');
  });

  it('compares the prices while other fields are still wrong, but not while valor itself is', () => {
    const messages = firstMessages(productoSchema, { ...valid, nombre: '', valor_descuento: '500' });
    expect(messages).toEqual({ nombre: REQUIRED, valor_descuento: DISCOUNT_NOT_BELOW });
    expect(firstMessages(productoSchema, { ...valid, valor: 'x', valor_descuento: '500' })).toEqual({
      valor: 'Ingresa un número válido',
    });
  });
});

describe('productoSchema: stock', () => {
  it.each([
    ['', REQUIRED],
    ['1.5', 'El stock debe ser un número entero'],
    [2.5, 'El stock debe ser un número entero'],
    ['doce', 'Ingresa un número válido'],
    ['-1', 'El stock no puede ser negativo'],
    ['100001', 'Máximo 100000 unidades'],
  ])('refuses %j with "%s"', (value, message) => {
    expect(messageFor('stock', value)).toBe(message);
  });

  it('accepts 0 to 100000 as a whole number', () => {
    for (const [value, expected] of [
      ['0', 0],
      ['100000', 100_000],
      [' 7 ', 7],
      [7, 7],
    ] as const) {
      expect(productoSchema.parse({ ...valid, stock: value }).stock).toBe(expected);
    }
  });
});

describe('productoSchema: id_categoria_producto and imagen', () => {
  it('asks to choose a category, and refuses anything but a positive whole number', () => {
    expect(messageFor('id_categoria_producto', '')).toBe('Elige una categoría');
    for (const value of ['0', '-2', '1.5', 'ropa', 3_000_000_000]) {
      expect(messageFor('id_categoria_producto', value), String(value)).toBe('La categoría no es válida');
    }
    expect(productoSchema.parse({ ...valid, id_categoria_producto: 11 }).id_categoria_producto).toBe(11);
  });

  it("accepts only the shop's own WebP product pictures", () => {
    expect(messageFor('imagen', '')).toBe('Elige una imagen');
    for (const value of [
      'https://evil.example.com/x.webp',
      '/uploads/avatars/abc.webp',
      '/uploads/productos/abc.png',
      '/uploads/productos/../usuario.webp',
      '/uploads/productos/a b.webp',
      `/uploads/productos/${ofLength(300)}.webp`,
    ]) {
      expect(messageFor('imagen', value), value).toBe('La imagen no es válida');
    }
    expect(messageFor('imagen', '/uploads/productos/c1-1.webp')).toBeUndefined();
  });
});

describe('productoUpdateSchema', () => {
  it('treats empty fields as unchanged and asks for at least one change', () => {
    const empty = { nombre: '', descripcion_producto: '', valor: '', stock: '', imagen: '' };
    expect(firstMessages(productoUpdateSchema, empty)).toEqual({ [FORM]: 'No hay cambios para guardar' });
    expect(firstMessages(productoUpdateSchema, {})).toEqual({ [FORM]: 'No hay cambios para guardar' });
  });

  it('applies the create rules to each field sent', () => {
    expect(firstMessages(productoUpdateSchema, { nombre: 'ab', stock: '-1', imagen: '/x.webp' })).toEqual({
      nombre: 'Mínimo 3 caracteres',
      stock: 'El stock no puede ser negativo',
      imagen: 'La imagen no es válida',
    });
  });

  it('parses only what was sent, and drops what may not be edited here', () => {
    expect(productoUpdateSchema.parse({ stock: '3', estado: false, id_producto: 4 })).toEqual({ stock: 3 });
  });

  it('removes the discount with null and leaves it with an empty value', () => {
    expect(productoUpdateSchema.parse({ valor_descuento: null }).valor_descuento).toBeNull();
    expect(productoUpdateSchema.parse({ valor_descuento: '', stock: 1 }).valor_descuento).toBeUndefined();
  });

  it('compares the prices when both are sent; the server compares with the stored price otherwise', () => {
    expect(firstMessages(productoUpdateSchema, { valor: '10', valor_descuento: '10' })).toEqual({
      valor_descuento: DISCOUNT_NOT_BELOW,
    });
    expect(productoUpdateSchema.parse({ valor_descuento: '10' })).toEqual({ valor_descuento: 10 });
  });
});

describe('productoSchema while the form is still being filled', () => {
  it('reports a discount above the price even while other fields are empty', () => {
    const result = productoSchema.safeParse({
      nombre: '',
      descripcion_producto: '',
      valor: '10',
      valor_descuento: '20',
      stock: '',
      id_categoria_producto: '',
      imagen: '',
    });
    const discount = result.error?.issues.find((i) => i.path[0] === 'valor_descuento');
    expect(discount?.message).toBe('El precio con descuento debe ser menor que el precio');
  });
});
