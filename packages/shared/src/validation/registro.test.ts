import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { imagenField, registroSchema } from './registro';
import { firstMessages, ofLength, without } from './test-helpers';
import { FORBIDDEN_CHARACTERS } from './text';

/** A registration that passes every rule; each test breaks one field of it. */
const valid = {
  primer_nombre: 'María José',
  primer_apellido: 'Núñez',
  direccion: 'Calle Alcalá 45, Madrid',
  telefono: '5512345678',
  email: 'maria@correo.es',
  password: 'secreto123',
  passwordconfirm: 'secreto123',
};
type Field = keyof typeof valid;

/** The messages the form shows when `field` holds `value` and every other field is valid. */
const messagesWith = (field: Field, value: unknown) =>
  firstMessages(registroSchema, { ...valid, [field]: value });
/** The message shown for `field` (undefined when it is valid) with every other field valid. */
const messageFor = (field: Field, value: unknown) => messagesWith(field, value)[field];

// Generators for the property tests.

const LETTERS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZáéíóúüñÁÉÍÓÚÜÑ'];
const NO_DIGIT_CHARS = [...LETTERS, ...' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'];
const ANY_PASSWORD_CHARS = [...NO_DIGIT_CHARS, ...'0123456789'];

/** Strings of Spanish letters (and spaces, unless `chars` says otherwise). */
function spanishText(minLength: number, maxLength: number, chars = [...LETTERS, ' ', ' ', ' ']) {
  return fc.string({ unit: fc.constantFrom(...chars), minLength, maxLength });
}

function digits(minLength: number, maxLength: number) {
  return fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });
}

function passwordText(minLength: number, maxLength: number, chars = ANY_PASSWORD_CHARS) {
  return fc.string({ unit: fc.constantFrom(...chars), minLength, maxLength });
}

const REQUIRED = 'Campo Requerido';
const BLANK = 'No puede ser un espacio en blanco';

describe('registroSchema: a complete registration', () => {
  it('accepts a registration where every field is valid', () => {
    expect(firstMessages(registroSchema, valid)).toEqual({});
  });

  it('shows one message per field, the first that fails, when nothing was filled', () => {
    expect(firstMessages(registroSchema, {})).toEqual({
      primer_nombre: REQUIRED,
      primer_apellido: REQUIRED,
      direccion: REQUIRED,
      telefono: REQUIRED,
      email: REQUIRED,
      password: REQUIRED,
      passwordconfirm: 'Por favor confirma tu contraseña',
    });
  });

  it('strips the unknown keys estado, admin and id_usuario from the parsed output', () => {
    const parsed = registroSchema.parse({ ...valid, estado: false, admin: true, id_usuario: 7 });
    expect(parsed).toEqual({ ...valid, imagen: '' });
    expect(parsed).not.toHaveProperty('estado');
    expect(parsed).not.toHaveProperty('admin');
    expect(parsed).not.toHaveProperty('id_usuario');
  });
});

describe.each(['primer_nombre', 'primer_apellido'] as const)('registroSchema: %s', (field) => {
  it('is required: an empty or a missing value gives "Campo Requerido"', () => {
    expect(messagesWith(field, '')).toEqual({ [field]: REQUIRED });
    expect(messagesWith(field, undefined)).toEqual({ [field]: REQUIRED });
    expect(firstMessages(registroSchema, without(valid, field))).toEqual({ [field]: REQUIRED });
  });

  it('rejects a value made only of whitespace with "No puede ser un espacio en blanco"', () => {
    for (const blank of [' ', '   ', ofLength(50, ' ')]) {
      expect(messagesWith(field, blank)).toEqual({ [field]: BLANK });
    }
  });

  it('accepts 50 characters and rejects 51 with "Máximo 50 caracteres"', () => {
    expect(messageFor(field, ofLength(50))).toBeUndefined();
    expect(messageFor(field, ofLength(50, 'Ñandú '))).toBeUndefined();
    expect(messagesWith(field, ofLength(51))).toEqual({ [field]: 'Máximo 50 caracteres' });
    expect(messagesWith(field, ofLength(51, 'Ñandú '))).toEqual({ [field]: 'Máximo 50 caracteres' });
  });

  it('rejects digits or symbols with "Los números ó símbolos son invalidos"', () => {
    for (const value of [
      'Juan2',
      '1234',
      'Ana-María',
      "O'Brien",
      'José!',
      'Ana.',
      '@na',
      'Juan_Carlos',
      'Zoë',
      'Ça va',
      'Ana😀',
    ]) {
      expect(messagesWith(field, value), value).toEqual({ [field]: 'Los números ó símbolos son invalidos' });
    }
  });

  it("rejects a tab, a line break or any control character with the text rule's message first", () => {
    for (const value of ['Ana\tMaría', 'Ana\nMaría', 'Ana\u0000', '\u0000']) {
      expect(messagesWith(field, value), JSON.stringify(value)).toEqual({ [field]: FORBIDDEN_CHARACTERS });
    }
  });

  it('accepts accented vowels, ñ, ü and inner spaces', () => {
    for (const value of [
      'José',
      'ÁÉÍÓÚ',
      'áéíóú',
      'Begoña',
      'ÑOÑO',
      'Güemes',
      'AGÜERO',
      'María José',
      'De la Peña',
    ]) {
      expect(messageFor(field, value), value).toBeUndefined();
    }
  });

  it('asks for at least 3 characters with 1 or 2 characters and accepts 3', () => {
    expect(messagesWith(field, 'a')).toEqual({ [field]: 'Inserta minimo 3 caracteres' });
    expect(messagesWith(field, 'Ñu')).toEqual({ [field]: 'Inserta minimo 3 caracteres' });
    expect(messageFor(field, 'Ana')).toBeUndefined();
    expect(messageFor(field, 'Íñó')).toBeUndefined();
  });

  it('counts the 3 characters after trimming the surrounding spaces', () => {
    expect(messagesWith(field, ' ab')).toEqual({ [field]: 'Inserta minimo 3 caracteres' });
    expect(messagesWith(field, 'ab   ')).toEqual({ [field]: 'Inserta minimo 3 caracteres' });
    expect(messageFor(field, 'a b')).toBeUndefined();
    expect(messageFor(field, '  Ana  ')).toBeUndefined();
  });

  it('shows the most basic problem first: length before symbols, symbols before the minimum', () => {
    expect(messageFor(field, ofLength(51, '1'))).toBe('Máximo 50 caracteres');
    expect(messageFor(field, 'a1')).toBe('Los números ó símbolos son invalidos');
  });

  it('accepts any 3 to 50 Spanish letters and spaces with at least 3 characters once trimmed', () => {
    fc.assert(
      fc.property(spanishText(3, 50), (value) => {
        fc.pre(value.trim().length >= 3);
        expect(messageFor(field, value)).toBeUndefined();
      }),
    );
  });

  it('rejects any 1 or 2 letters, however padded with spaces, with "Inserta minimo 3 caracteres"', () => {
    fc.assert(
      fc.property(spanishText(1, 2, LETTERS), fc.nat(10), fc.nat(10), (letters, before, after) => {
        const value = ' '.repeat(before) + letters + ' '.repeat(after);
        expect(messageFor(field, value)).toBe('Inserta minimo 3 caracteres');
      }),
    );
  });

  it('rejects any Spanish text longer than 50 characters with "Máximo 50 caracteres"', () => {
    fc.assert(
      fc.property(spanishText(51, 200), (value) => {
        fc.pre(value.trim().length > 0);
        expect(messageFor(field, value)).toBe('Máximo 50 caracteres');
      }),
    );
  });
});

describe('registroSchema: direccion', () => {
  /** A well-formed address (a number and two words) cut to `length` characters. */
  const address = (length: number) => ofLength(length, 'Calle Alcalá 45 Madrid ');

  it('is required: an empty or a missing value gives "Campo Requerido"', () => {
    expect(messagesWith('direccion', '')).toEqual({ direccion: REQUIRED });
    expect(messagesWith('direccion', undefined)).toEqual({ direccion: REQUIRED });
    expect(firstMessages(registroSchema, without(valid, 'direccion'))).toEqual({ direccion: REQUIRED });
  });

  it('rejects an address made only of whitespace with "No puede ser un espacio en blanco"', () => {
    for (const blank of [' ', ofLength(15, ' '), ofLength(100, ' ')]) {
      expect(messagesWith('direccion', blank)).toEqual({ direccion: BLANK });
    }
  });

  it('rejects 14 characters with "Mínimo 15 caracteres" and accepts 15', () => {
    expect(address(14)).toBe('Calle Alcalá 4');
    expect(messagesWith('direccion', address(14))).toEqual({ direccion: 'Mínimo 15 caracteres' });
    expect(messagesWith('direccion', 'Calle Sol 1234')).toEqual({ direccion: 'Mínimo 15 caracteres' });
    expect(address(15)).toBe('Calle Alcalá 45');
    expect(messageFor('direccion', address(15))).toBeUndefined();
    expect(messageFor('direccion', 'Calle Sol 12345')).toBeUndefined();
  });

  it('accepts 100 characters and rejects 101 with "Máximo 100 caracteres"', () => {
    expect(messageFor('direccion', address(100))).toBeUndefined();
    expect(messagesWith('direccion', address(101))).toEqual({ direccion: 'Máximo 100 caracteres' });
  });

  it('rejects an address without a digit or with fewer than two words with "Números y letras"', () => {
    for (const value of [
      'Calle Alcalá sin número',
      'Avenida de la Reforma',
      '123456789012345',
      'Calle 45678901234',
      '45 Madrid 12345678',
      '45 a b c d e f g h i',
    ]) {
      expect(messagesWith('direccion', value), value).toEqual({ direccion: 'Números y letras' });
    }
  });

  it('accepts a number with two words, in either order', () => {
    for (const value of [
      'Calle Alcalá 45, Madrid',
      '45 Calle Alcalá, Madrid',
      'Av. Reforma 222, CDMX',
      'Carrera 7 # 32-16, Bogotá',
      'Plaza Mayor 1, 3º izquierda',
    ]) {
      expect(messageFor('direccion', value), value).toBeUndefined();
    }
  });

  it('checks the length before the content of the address', () => {
    expect(messageFor('direccion', 'Calle')).toBe('Mínimo 15 caracteres');
    expect(messageFor('direccion', ofLength(101, 'Calle Alcalá '))).toBe('Máximo 100 caracteres');
  });
});

describe('registroSchema: telefono', () => {
  it('is required: an empty or a missing value gives "Campo Requerido"', () => {
    expect(messagesWith('telefono', '')).toEqual({ telefono: REQUIRED });
    expect(messagesWith('telefono', undefined)).toEqual({ telefono: REQUIRED });
    expect(firstMessages(registroSchema, without(valid, 'telefono'))).toEqual({ telefono: REQUIRED });
  });

  it('rejects a phone made only of whitespace with "No puede ser un espacio en blanco"', () => {
    for (const blank of [' ', ofLength(10, ' ')]) {
      expect(messagesWith('telefono', blank)).toEqual({ telefono: BLANK });
    }
  });

  it('rejects anything but digits with "Debe contener solo números"', () => {
    for (const value of [
      '55-1234-5678',
      '55 1234 5678',
      '+525512345678',
      '(55)12345678',
      '5512345678 ',
      'abcdefghij',
      '1e10',
      '5512345678.0',
      '５５１２３４５６７８',
      'abc',
    ]) {
      expect(messagesWith('telefono', value), value).toEqual({ telefono: 'Debe contener solo números' });
    }
  });

  it('rejects 9 digits with "Mínimo 10 digitos" and accepts 10', () => {
    expect(messagesWith('telefono', '1')).toEqual({ telefono: 'Mínimo 10 digitos' });
    expect(messagesWith('telefono', '551234567')).toEqual({ telefono: 'Mínimo 10 digitos' });
    expect(messageFor('telefono', '5512345678')).toBeUndefined();
    expect(messageFor('telefono', '0000000000')).toBeUndefined();
  });

  it('accepts 20 digits and rejects 21 with "Máximo 20 digitos"', () => {
    expect(messageFor('telefono', ofLength(20, '1234567890'))).toBeUndefined();
    expect(messagesWith('telefono', ofLength(21, '1234567890'))).toEqual({ telefono: 'Máximo 20 digitos' });
  });

  it('accepts any string of 10 to 20 digits', () => {
    fc.assert(
      fc.property(digits(10, 20), (value) => {
        expect(messageFor('telefono', value)).toBeUndefined();
      }),
    );
  });

  it('rejects any string of 1 to 9 digits with "Mínimo 10 digitos"', () => {
    fc.assert(
      fc.property(digits(1, 9), (value) => {
        expect(messageFor('telefono', value)).toBe('Mínimo 10 digitos');
      }),
    );
  });

  it('rejects any string of more than 20 digits with "Máximo 20 digitos"', () => {
    fc.assert(
      fc.property(digits(21, 60), (value) => {
        expect(messageFor('telefono', value)).toBe('Máximo 20 digitos');
      }),
    );
  });
});

describe('registroSchema: email', () => {
  it('is required: an empty or a missing value gives "Campo Requerido"', () => {
    expect(messagesWith('email', '')).toEqual({ email: REQUIRED });
    expect(messagesWith('email', undefined)).toEqual({ email: REQUIRED });
    expect(firstMessages(registroSchema, without(valid, 'email'))).toEqual({ email: REQUIRED });
  });

  it('rejects an email made only of whitespace with "No puede ser un espacio en blanco"', () => {
    expect(messagesWith('email', '   ')).toEqual({ email: BLANK });
  });

  it('rejects an invalid email with "Por favor ingresa un email válido"', () => {
    for (const value of [
      'maria',
      'maria@',
      '@correo.es',
      'maria@correo',
      'maria@@correo.es',
      'maria correo@x.es',
      'maria@correo .es',
      'maria.correo.es',
    ]) {
      expect(messagesWith('email', value), value).toEqual({ email: 'Por favor ingresa un email válido' });
    }
  });

  it('accepts common valid emails', () => {
    for (const value of ['maria@correo.es', 'ana.lopez+tienda@gmail.com', 'juan_perez@mi-tienda.com.mx']) {
      expect(messageFor('email', value), value).toBeUndefined();
    }
  });

  it('accepts 30 characters and rejects 31 with "Máximo 30 caracteres"', () => {
    const thirty = `${ofLength(18, 'maria')}@example.com`;
    expect(thirty).toHaveLength(30);
    expect(messageFor('email', thirty)).toBeUndefined();
    const thirtyOne = `${ofLength(19, 'maria')}@example.com`;
    expect(thirtyOne).toHaveLength(31);
    expect(messagesWith('email', thirtyOne)).toEqual({ email: 'Máximo 30 caracteres' });
  });

  it('reports the length before the format', () => {
    expect(messageFor('email', ofLength(31))).toBe('Máximo 30 caracteres');
  });
});

describe('registroSchema: password', () => {
  it('is required: an empty or a missing value gives "Campo Requerido"', () => {
    expect(messageFor('password', '')).toBe(REQUIRED);
    expect(messageFor('password', undefined)).toBe(REQUIRED);
    expect(firstMessages(registroSchema, without(valid, 'password')).password).toBe(REQUIRED);
  });

  it('rejects a password made only of whitespace with "No puede ser un espacio en blanco"', () => {
    for (const blank of [' ', ofLength(8, ' '), ofLength(20, ' ')]) {
      expect(messagesWith('password', blank).password).toBe(BLANK);
    }
  });

  it('rejects 7 characters with "Inserta minimo 8 caracteres" and accepts 8', () => {
    expect(messagesWith('password', 'secre12').password).toBe('Inserta minimo 8 caracteres');
    expect(
      firstMessages(registroSchema, { ...valid, password: 'secre123', passwordconfirm: 'secre123' }),
    ).toEqual({});
  });

  it('accepts 20 characters and rejects 21 with "Inserta maximo 20 caracteres"', () => {
    const twenty = ofLength(20, 'secreto1');
    expect(firstMessages(registroSchema, { ...valid, password: twenty, passwordconfirm: twenty })).toEqual(
      {},
    );
    const twentyOne = ofLength(21, 'secreto1');
    expect(
      firstMessages(registroSchema, { ...valid, password: twentyOne, passwordconfirm: twentyOne }),
    ).toEqual({
      password: 'Inserta maximo 20 caracteres',
    });
  });

  it('rejects a password without a digit with "Ingresa al menos un número"', () => {
    expect(
      firstMessages(registroSchema, { ...valid, password: 'secretos', passwordconfirm: 'secretos' }),
    ).toEqual({
      password: 'Ingresa al menos un número',
    });
  });

  it('reports the length before the missing digit', () => {
    expect(messageFor('password', 'abc')).toBe('Inserta minimo 8 caracteres');
    expect(messageFor('password', ofLength(21, 'abc'))).toBe('Inserta maximo 20 caracteres');
  });

  it('accepts any 8 to 20 character password with a digit that is not only whitespace', () => {
    fc.assert(
      fc.property(passwordText(8, 20), (password) => {
        fc.pre(/\d/.test(password) && password.trim().length > 0);
        expect(firstMessages(registroSchema, { ...valid, password, passwordconfirm: password })).toEqual({});
      }),
    );
  });

  it('rejects any 8 to 20 character password without a digit with "Ingresa al menos un número"', () => {
    fc.assert(
      fc.property(passwordText(8, 20, NO_DIGIT_CHARS), (password) => {
        fc.pre(password.trim().length > 0);
        expect(firstMessages(registroSchema, { ...valid, password, passwordconfirm: password })).toEqual({
          password: 'Ingresa al menos un número',
        });
      }),
    );
  });
});

describe('registroSchema: passwordconfirm', () => {
  it('asks for the confirmation with "Por favor confirma tu contraseña" when it is empty or missing', () => {
    expect(messagesWith('passwordconfirm', '')).toEqual({
      passwordconfirm: 'Por favor confirma tu contraseña',
    });
    expect(messagesWith('passwordconfirm', undefined)).toEqual({
      passwordconfirm: 'Por favor confirma tu contraseña',
    });
    expect(firstMessages(registroSchema, without(valid, 'passwordconfirm'))).toEqual({
      passwordconfirm: 'Por favor confirma tu contraseña',
    });
  });

  it('rejects a confirmation made only of whitespace with "No puede ser un espacio en blanco"', () => {
    expect(messagesWith('passwordconfirm', '   ')).toEqual({ passwordconfirm: BLANK });
  });

  it('rejects a confirmation that differs from the password with "Las contraseñas no coinciden"', () => {
    for (const value of ['secreto124', 'Secreto123', 'secreto123 ', ' secreto123', 'secreto12']) {
      expect(messagesWith('passwordconfirm', value), value).toEqual({
        passwordconfirm: 'Las contraseñas no coinciden',
      });
    }
  });

  it('reports the mismatch even while every other field is invalid', () => {
    expect(firstMessages(registroSchema, { password: 'abc', passwordconfirm: 'abd' })).toEqual({
      primer_nombre: REQUIRED,
      primer_apellido: REQUIRED,
      direccion: REQUIRED,
      telefono: REQUIRED,
      email: REQUIRED,
      password: 'Inserta minimo 8 caracteres',
      passwordconfirm: 'Las contraseñas no coinciden',
    });
    const allWrong = {
      primer_nombre: 'J1',
      primer_apellido: ' ',
      direccion: 'Calle',
      telefono: 'abc',
      email: 'maria',
      password: 'secretos',
      passwordconfirm: 'secreto',
      imagen: 'javascript:alert(1)',
    };
    expect(firstMessages(registroSchema, allWrong).passwordconfirm).toBe('Las contraseñas no coinciden');
  });

  it('does not report a mismatch while the password itself is missing', () => {
    expect(firstMessages(registroSchema, without(valid, 'password'))).toEqual({ password: REQUIRED });
  });
});

describe('registroSchema: imagen', () => {
  it('defaults to an empty string when no image was chosen', () => {
    expect(registroSchema.parse(valid).imagen).toBe('');
    expect(imagenField.parse(undefined)).toBe('');
    expect(imagenField.parse('')).toBe('');
  });

  it('accepts an avatar stored by the shop under /uploads', () => {
    expect(registroSchema.parse({ ...valid, imagen: '/uploads/avatars/x.webp' }).imagen).toBe(
      '/uploads/avatars/x.webp',
    );
  });

  it('rejects a script URL, an external URL and anything that is not an uploaded .webp', () => {
    for (const imagen of [
      'javascript:alert(1)',
      'https://res.cloudinary.com/demo/image/upload/x.webp',
      'http://example.com/uploads/avatars/x.webp',
      '//evil.example/uploads/x.webp',
      'data:image/webp;base64,AAAA',
      '/uploads/avatars/x.png',
      'uploads/avatars/x.webp',
      '/uploads/avatars/x.webp?x=1',
      '/uploads/avatars/x y.webp',
    ]) {
      expect(firstMessages(registroSchema, { ...valid, imagen }), imagen).toEqual({
        imagen: 'La imagen no es válida',
      });
    }
  });

  it('rejects a path longer than 300 characters', () => {
    const imagen = `/uploads/${ofLength(292)}.webp`;
    expect(imagen).toHaveLength(306);
    expect(firstMessages(registroSchema, { ...valid, imagen })).toHaveProperty('imagen');
  });
});
