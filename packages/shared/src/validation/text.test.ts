import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adminProductQuerySchema, auditQuerySchema } from '../admin';
import { productListQuerySchema } from '../catalog';
import { direccionEnvioSchema } from '../orders';
import { cardSchema } from '../payment-card';
import { checkoutSchema } from '../sales';
import { calificacionSchema } from './calificacion';
import { loginSchema } from './login';
import { passwordChangeSchema } from './password';
import { perfilInicialSchema, perfilUpdateSchema } from './perfil';
import { productoSchemaFor, productoUpdateSchemaFor } from './producto';
import { registroSchema } from './registro';
import { firstMessages } from './test-helpers';
import {
  FORBIDDEN_CHARACTERS,
  isMultiLineText,
  isSingleLineText,
  multiLineText,
  normalizeEmail,
  singleLineText,
} from './text';

const codePoints = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));

/** Every control character (C0, DEL, C1). */
const CONTROLS = [...codePoints(0x00, 0x1f), ...codePoints(0x7f, 0x9f)];
const LINE_CHARACTERS = ['\t', '\n', '\r'];
const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'a\uD83D', '\uDE00b'];

/** A character that is neither a control character nor a surrogate: what people type, in any script. */
const printableChar = fc
  .oneof(
    fc.integer({ min: 0x20, max: 0x7e }),
    fc.integer({ min: 0xa0, max: 0xd7ff }),
    fc.integer({ min: 0xe000, max: 0x10ffff }),
  )
  .map((code) => String.fromCodePoint(code));
const printableText = fc.array(printableChar, { maxLength: 40 }).map((chars) => chars.join(''));

/** `text` with `bad` inserted at a position chosen by `at` (0–1). */
const insert = (text: string, bad: string, at: number) => {
  const chars = [...text];
  const i = Math.floor(at * (chars.length + 1));
  return [...chars.slice(0, i), bad, ...chars.slice(i)].join('');
};
const position = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe('isSingleLineText and singleLineText', () => {
  it('refuses every control character, on its own and inside a text', () => {
    for (const c of CONTROLS) {
      const label = `U+${c.codePointAt(0)?.toString(16).padStart(4, '0')}`;
      expect(isSingleLineText(c), label).toBe(false);
      expect(isSingleLineText(`Calle ${c}45`), label).toBe(false);
      expect(singleLineText().safeParse(c).error?.issues[0]?.message, label).toBe(FORBIDDEN_CHARACTERS);
    }
  });

  it('refuses half of a surrogate pair and accepts a whole pair', () => {
    for (const text of LONE_SURROGATES) expect(isSingleLineText(text), JSON.stringify(text)).toBe(false);
    expect(isSingleLineText('Ana😀 👍🏽')).toBe(true);
  });

  it('accepts the text people type: accents, ñ, symbols, other scripts, emoji, no-break spaces', () => {
    for (const text of [
      '',
      'María José Núñez',
      '¿Qué tal? ¡Bien!',
      'Ünïcödé €',
      '日本語',
      'a\u00a0b',
      '😀',
    ]) {
      expect(isSingleLineText(text), text).toBe(true);
    }
  });

  it('accepts any text of printable characters', () => {
    fc.assert(
      fc.property(printableText, (text) => {
        expect(singleLineText().safeParse(text).success).toBe(true);
      }),
    );
  });

  it('refuses any text with a control character or a lone surrogate anywhere', () => {
    const bad = fc.constantFrom(...CONTROLS, '\uD800', '\uDC00');
    fc.assert(
      fc.property(printableText, bad, position, (text, c, at) => {
        const result = singleLineText().safeParse(insert(text, c, at));
        expect(result.error?.issues.map((i) => i.message)).toEqual([FORBIDDEN_CHARACTERS]);
      }),
    );
  });
});

describe('isMultiLineText and multiLineText', () => {
  it('keeps tab, line feed and carriage return (a textarea sends CR LF)', () => {
    expect(isMultiLineText('Muy bueno.\r\nLo recomiendo.\n\tGracias')).toBe(true);
  });

  it('refuses every other control character and lone surrogates', () => {
    for (const c of CONTROLS.filter((c) => !LINE_CHARACTERS.includes(c))) {
      expect(isMultiLineText(`línea${c}`), `U+${c.codePointAt(0)?.toString(16)}`).toBe(false);
    }
    for (const text of LONE_SURROGATES) expect(isMultiLineText(text)).toBe(false);
  });

  it('accepts any printable text with line breaks, and refuses it with any other control character', () => {
    const lineBreak = fc.constantFrom(...LINE_CHARACTERS);
    const bad = fc.constantFrom(...CONTROLS.filter((c) => !LINE_CHARACTERS.includes(c)));
    fc.assert(
      fc.property(printableText, lineBreak, bad, position, (text, br, c, at) => {
        const withBreak = insert(text, br, at);
        expect(multiLineText().safeParse(withBreak).success).toBe(true);
        expect(multiLineText().safeParse(insert(withBreak, c, at)).error?.issues[0]?.message).toBe(
          FORBIDDEN_CHARACTERS,
        );
      }),
    );
  });
});

describe('normalizeEmail', () => {
  it('drops surrounding whitespace and lower-cases', () => {
    for (const variant of [
      ' victima@ejemplo.mx',
      'victima@ejemplo.mx ',
      '\tvictima@ejemplo.mx\n',
      'VICTIMA@Ejemplo.MX',
    ]) {
      expect(normalizeEmail(variant), JSON.stringify(variant)).toBe('victima@ejemplo.mx');
    }
  });

  it('gives one spelling to an accent typed as one character or as a letter and a combining mark', () => {
    const composed = 'josé@ejemplo.mx';
    const decomposed = 'jose\u0301@ejemplo.mx';
    expect(decomposed).not.toBe(composed);
    expect(normalizeEmail(decomposed)).toBe(composed);
    expect(normalizeEmail('JOSE\u0301@EJEMPLO.MX')).toBe(composed);
  });

  it('changes nothing when applied twice, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const once = normalizeEmail(text);
        expect(normalizeEmail(once)).toBe(once);
      }),
    );
  });
});

describe('loginSchema and the registration e-mail give the normalized address', () => {
  it('login: surrounding whitespace, case and decomposed accents are one address; inner characters are checked', () => {
    for (const email of [' Victima@Ejemplo.mx', 'victima@ejemplo.mx\t', '\nVICTIMA@EJEMPLO.MX ']) {
      expect(loginSchema.parse({ email, password: 'x' }).email).toBe('victima@ejemplo.mx');
    }
    expect(loginSchema.parse({ email: 'jose\u0301@x.mx', password: 'x' }).email).toBe('josé@x.mx');
    expect(firstMessages(loginSchema, { email: 'a\u0000@b.mx', password: 'x' })).toEqual({
      email: FORBIDDEN_CHARACTERS,
    });
    expect(firstMessages(loginSchema, { email: ' \t ', password: 'x' })).toEqual({ email: 'Field required' });
  });

  it('login: measures the address once normalized, in Spanish', () => {
    // 'İ' lower-cases to two characters: 200 of them would not fit the 254 the account allows.
    expect(firstMessages(loginSchema, { email: `${'İ'.repeat(200)}@x.mx`, password: 'x' })).toEqual({
      email: 'Máximo 254 caracteres',
    });
  });

  it('registration: stores the address trimmed and in lower case', () => {
    const registro = {
      primer_nombre: 'María',
      primer_apellido: 'Núñez',
      direccion: 'Calle Alcalá 45, Madrid',
      telefono: '5512345678',
      email: ' Maria@Correo.ES\t',
      password: 'secreto123',
      passwordconfirm: 'secreto123',
    };
    expect(registroSchema.parse(registro).email).toBe('maria@correo.es');
  });
});

/** Every string a client can send through a shared schema, and a valid input around it. */
const SHIPPING = { nombre: 'Ana López', direccion: 'Calle Falsa 123, Col. Centro', telefono: '5512345678' };

const CASES: Array<[string, { safeParse(input: unknown): { error?: unknown } }, object, string[]]> = [
  ['loginSchema', loginSchema, { email: 'maria@correo.es', password: 'secreto123' }, ['email', 'password']],
  [
    'registroSchema',
    registroSchema,
    {
      primer_nombre: 'María',
      primer_apellido: 'Núñez',
      direccion: 'Calle Alcalá 45, Madrid',
      telefono: '5512345678',
      email: 'maria@correo.es',
      password: 'secreto123',
      passwordconfirm: 'secreto123',
      imagen: '',
    },
    [
      'primer_nombre',
      'primer_apellido',
      'direccion',
      'telefono',
      'email',
      'password',
      'passwordconfirm',
      'imagen',
    ],
  ],
  [
    'passwordChangeSchema',
    passwordChangeSchema,
    { password_actual: 'anterior1', password: 'secreto123', passwordconfirm: 'secreto123' },
    ['password_actual', 'password', 'passwordconfirm'],
  ],
  [
    'perfilUpdateSchema',
    perfilUpdateSchema,
    { direccion: 'Calle Alcalá 45, Madrid', telefono: '5512345678', imagen: '/uploads/avatars/a.webp' },
    ['direccion', 'telefono', 'imagen'],
  ],
  [
    'perfilInicialSchema',
    perfilInicialSchema,
    { direccion: 'Calle Alcalá 45, Madrid', telefono: '5512345678' },
    ['direccion', 'telefono'],
  ],
  [
    'productoSchema',
    productoSchemaFor('USD'),
    {
      nombre: 'Licuadora',
      descripcion_producto: 'Una licuadora potente',
      valor: '19.90',
      valor_descuento: '15.90',
      stock: '4',
      id_categoria_producto: '1',
      imagen: '/uploads/productos/a.webp',
    },
    [
      'nombre',
      'descripcion_producto',
      'valor',
      'valor_descuento',
      'stock',
      'id_categoria_producto',
      'imagen',
    ],
  ],
  [
    'productoUpdateSchema',
    productoUpdateSchemaFor('USD'),
    { nombre: 'Licuadora', descripcion_producto: 'Una licuadora potente', valor: '19.90' },
    ['nombre', 'descripcion_producto', 'valor'],
  ],
  [
    'calificacionSchema',
    calificacionSchema,
    { valor_calificacion: 5, descripcion_motivo: 'Muy buena', id_detalle_venta: 1 },
    ['descripcion_motivo'],
  ],
  [
    'cardSchema',
    cardSchema,
    { numero: '4242 4242 4242 4242', expiracion: '12/39', cvc: '123', nombre: 'Lucía Hernández' },
    ['numero', 'expiracion', 'cvc', 'nombre'],
  ],
  [
    'checkoutSchema',
    checkoutSchema,
    { detalle_venta: [{ id_producto: 1, cantidad: 1 }], id_pago: 'pm_1', direccion_envio: SHIPPING },
    ['id_pago'],
  ],
  ['direccionEnvioSchema', direccionEnvioSchema, SHIPPING, ['nombre', 'direccion', 'telefono']],
  ['productListQuerySchema', productListQuerySchema, { name: 'licuadora' }, ['name']],
  ['adminProductQuerySchema', adminProductQuerySchema, { name: 'licuadora' }, ['name']],
  ['auditQuerySchema', auditQuerySchema, { entidad: 'producto' }, ['entidad']],
];

describe.each(CASES)('%s refuses control characters in every text field', (_name, schema, valid, fields) => {
  it('accepts the valid input', () => {
    expect(firstMessages(schema as never, valid)).toEqual({});
  });

  it.each(fields)('refuses a NUL, a control character or a lone surrogate in %s', (field) => {
    const value = (valid as Record<string, unknown>)[field];
    const text = typeof value === 'string' && value !== '' ? value : 'abc';
    for (const bad of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\uD800']) {
      const messages = firstMessages(schema as never, { ...valid, [field]: insert(text, bad, 0.5) });
      // Only this field is wrong (a password's confirmation may no longer match, which says so too).
      expect(messages[field], `${field} with U+${bad.charCodeAt(0).toString(16)}`).toBe(FORBIDDEN_CHARACTERS);
      expect(Object.keys(messages).filter((key) => key !== field && key !== 'passwordconfirm')).toEqual([]);
    }
  });
});
