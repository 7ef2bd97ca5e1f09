import { describe, expect, it } from 'vitest';
import { perfilInicialSchema, perfilSchema } from './perfil';
import { registroDireccion } from './registro';
import { FORM, firstMessages, ofLength } from './test-helpers';

/** A well-formed address (a number and two words) cut to `length` characters. */
const address = (length: number) => ofLength(length, 'Calle Alcalá 45 Madrid ');

const ADDRESS_BLANK = 'La dirección no puede ser un espacio en blanco';
const ADDRESS_PATTERN = 'La dirección debe contener números y letras';
const PHONE_BLANK = 'El número de teléfono no puede ser un espacio en blanco';
const NOTHING_TO_CHANGE = 'No hay cambios para guardar';

describe('perfilSchema: direccion', () => {
  const messageFor = (direccion: string) => firstMessages(perfilSchema, { direccion });

  it('accepts a valid address on its own', () => {
    expect(perfilSchema.parse({ direccion: 'Calle Alcalá 45, Madrid' })).toEqual({
      direccion: 'Calle Alcalá 45, Madrid',
    });
  });

  it('rejects whitespace only with "La dirección no puede ser un espacio en blanco"', () => {
    for (const blank of [' ', ofLength(15, ' '), ofLength(100, ' ')]) {
      expect(messageFor(blank)).toEqual({ direccion: ADDRESS_BLANK });
    }
  });

  it('rejects an address without a digit or two words with "La dirección debe contener números y letras"', () => {
    for (const value of [
      'Calle Alcalá sin número',
      '123456789012345',
      'Calle 45678901234',
      '45 a b c d e f g h i',
    ]) {
      expect(messageFor(value), value).toEqual({ direccion: ADDRESS_PATTERN });
    }
  });

  it('accepts a number with two words, in either order', () => {
    for (const value of ['Calle Alcalá 45, Madrid', '45 Calle Alcalá, Madrid', 'Av. Reforma 222, CDMX']) {
      expect(messageFor(value), value).toEqual({});
    }
  });

  it('rejects 14 characters with "Minimo 15 caracteres" and accepts 15', () => {
    expect(messageFor(address(14))).toEqual({ direccion: 'Minimo 15 caracteres' });
    expect(messageFor(address(15))).toEqual({});
  });

  it('accepts 100 characters and rejects 101 with "Maximo 100 caracteres"', () => {
    expect(messageFor(address(100))).toEqual({});
    expect(messageFor(address(101))).toEqual({ direccion: 'Maximo 100 caracteres' });
  });

  it('checks the length of the address before its content, in the order registration does', () => {
    expect(messageFor('Calle 1')).toEqual({ direccion: 'Minimo 15 caracteres' });
    expect(messageFor('Calle')).toEqual({ direccion: 'Minimo 15 caracteres' });
    expect(messageFor(ofLength(101, 'Calle Alcalá '))).toEqual({ direccion: 'Maximo 100 caracteres' });
    expect(messageFor('Calle Alcalá sin número')).toEqual({ direccion: ADDRESS_PATTERN });
  });

  it('gives the same kind of message as registration for the same input', () => {
    const kind = (message: string | undefined) =>
      ({
        [ADDRESS_BLANK]: 'blank',
        'No puede ser un espacio en blanco': 'blank',
        'Minimo 15 caracteres': 'short',
        'Mínimo 15 caracteres': 'short',
        'Maximo 100 caracteres': 'long',
        'Máximo 100 caracteres': 'long',
        [ADDRESS_PATTERN]: 'pattern',
        'Números y letras': 'pattern',
      })[message ?? ''] ?? message;
    for (const value of [
      '   ',
      'Calle 1',
      'Calle',
      ofLength(101, 'Calle Alcalá '),
      'Calle Alcalá sin número',
      address(20),
    ]) {
      const profile = messageFor(value).direccion;
      const registration = firstMessages(registroDireccion, value)[FORM];
      expect(kind(profile), value).toBe(kind(registration));
    }
  });
});

describe('perfilSchema: telefono', () => {
  const messageFor = (telefono: string) => firstMessages(perfilSchema, { telefono });

  it('accepts a valid phone on its own', () => {
    expect(perfilSchema.parse({ telefono: '5512345678' })).toEqual({ telefono: '5512345678' });
  });

  it('rejects whitespace only with "El número de teléfono no puede ser un espacio en blanco"', () => {
    for (const blank of [' ', ofLength(10, ' ')]) {
      expect(messageFor(blank)).toEqual({ telefono: PHONE_BLANK });
    }
  });

  it('rejects anything but digits with "Debe contener solo números"', () => {
    for (const value of ['55-1234-5678', '55 1234 5678', '+525512345678', 'abcdefghij', 'abc']) {
      expect(messageFor(value), value).toEqual({ telefono: 'Debe contener solo números' });
    }
  });

  it('rejects 9 digits with "Minimo 10 digitos" and accepts 10', () => {
    expect(messageFor('1')).toEqual({ telefono: 'Minimo 10 digitos' });
    expect(messageFor('551234567')).toEqual({ telefono: 'Minimo 10 digitos' });
    expect(messageFor('5512345678')).toEqual({});
  });

  it('accepts 25 digits and rejects 26 with "El telefono no debería sumar más de 25 caracteres"', () => {
    expect(messageFor(ofLength(20, '1234567890'))).toEqual({});
    expect(messageFor(ofLength(25, '1234567890'))).toEqual({});
    expect(messageFor(ofLength(26, '1234567890'))).toEqual({
      telefono: 'El telefono no debería sumar más de 25 caracteres',
    });
  });
});

describe('perfilSchema: the form as a whole', () => {
  it('treats an empty or null field as not sent and keeps only what was filled', () => {
    expect(perfilSchema.parse({ direccion: '', telefono: '5512345678' })).toEqual({ telefono: '5512345678' });
    expect(perfilSchema.parse({ direccion: 'Calle Alcalá 45, Madrid', telefono: null })).toEqual({
      direccion: 'Calle Alcalá 45, Madrid',
    });
  });

  it('validates every filled field at once', () => {
    expect(firstMessages(perfilSchema, { direccion: ' ', telefono: '123' })).toEqual({
      direccion: ADDRESS_BLANK,
      telefono: 'Minimo 10 digitos',
    });
  });

  it('accepts an avatar alone, and refuses an external one', () => {
    expect(perfilSchema.parse({ imagen: '/uploads/avatars/x.webp' })).toEqual({
      imagen: '/uploads/avatars/x.webp',
    });
    expect(firstMessages(perfilSchema, { imagen: 'https://example.com/x.webp' })).toEqual({
      imagen: 'La imagen no es válida',
    });
  });

  it('gives the form-level error "No hay cambios para guardar" when nothing was filled', () => {
    expect(firstMessages(perfilSchema, {})).toEqual({ [FORM]: NOTHING_TO_CHANGE });
    expect(firstMessages(perfilSchema, { direccion: '', telefono: '' })).toEqual({
      [FORM]: NOTHING_TO_CHANGE,
    });
    expect(firstMessages(perfilSchema, { direccion: null, telefono: null })).toEqual({
      [FORM]: NOTHING_TO_CHANGE,
    });
  });

  it('never passes email, admin or estado through', () => {
    expect(
      perfilSchema.parse({ telefono: '5512345678', email: 'x@y.es', admin: true, estado: false }),
    ).toEqual({
      telefono: '5512345678',
    });
  });
});

describe('perfilInicialSchema', () => {
  const valid = { direccion: 'Calle Alcalá 45, Madrid', telefono: '5512345678' };

  it('accepts an address and a phone', () => {
    expect(perfilInicialSchema.parse(valid)).toEqual(valid);
  });

  it('requires both fields with "Campo Requerido" when they are empty', () => {
    expect(firstMessages(perfilInicialSchema, { direccion: '', telefono: '' })).toEqual({
      direccion: 'Campo Requerido',
      telefono: 'Campo Requerido',
    });
    expect(firstMessages(perfilInicialSchema, { ...valid, telefono: '' })).toEqual({
      telefono: 'Campo Requerido',
    });
    expect(firstMessages(perfilInicialSchema, { ...valid, direccion: '' })).toEqual({
      direccion: 'Campo Requerido',
    });
  });

  it('applies the profile rules to both fields', () => {
    expect(firstMessages(perfilInicialSchema, { direccion: '   ', telefono: '   ' })).toEqual({
      direccion: ADDRESS_BLANK,
      telefono: PHONE_BLANK,
    });
    expect(firstMessages(perfilInicialSchema, { direccion: address(14), telefono: '551234567' })).toEqual({
      direccion: 'Minimo 15 caracteres',
      telefono: 'Minimo 10 digitos',
    });
    expect(
      firstMessages(perfilInicialSchema, { direccion: address(101), telefono: ofLength(26, '1234567890') }),
    ).toEqual({
      direccion: 'Maximo 100 caracteres',
      telefono: 'El telefono no debería sumar más de 25 caracteres',
    });
    expect(firstMessages(perfilInicialSchema, { ...valid, telefono: '55-1234-5678' })).toEqual({
      telefono: 'Debe contener solo números',
    });
  });

  it('refuses the placeholder address of an incomplete Google account', () => {
    expect(firstMessages(perfilInicialSchema, { ...valid, direccion: 'Aun no ha sido asiganada' })).toEqual({
      direccion: ADDRESS_PATTERN,
    });
  });
});

describe('perfilSchema and perfilInicialSchema: empty and missing values', () => {
  it('does not count an empty avatar as a change', () => {
    expect(firstMessages(perfilSchema, { direccion: '', telefono: '', imagen: '' })).toEqual({
      [FORM]: 'No hay cambios para guardar',
    });
    expect(perfilSchema.parse({ telefono: '5512345678', imagen: '' })).toEqual({ telefono: '5512345678' });
  });

  it('refuses an avatar that is not one of the shop’s images', () => {
    expect(firstMessages(perfilSchema, { imagen: '/uploads/../../etc/passwd.webp' })).toEqual({
      imagen: 'La imagen no es válida',
    });
  });

  it('requires both first-time fields with "Campo Requerido" when they are missing', () => {
    expect(firstMessages(perfilInicialSchema, {})).toEqual({
      direccion: 'Campo Requerido',
      telefono: 'Campo Requerido',
    });
  });
});
