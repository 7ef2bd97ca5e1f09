import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passwordChangeSchema } from './password';
import { firstMessages, ofLength, without } from './test-helpers';

const valid = { password_actual: 'anterior1', password: 'secreto123', passwordconfirm: 'secreto123' };

/** The messages of a change to `password`, confirmed with the same value. */
const newPasswordMessages = (password: unknown) =>
  firstMessages(passwordChangeSchema, { ...valid, password, passwordconfirm: password });

const NO_DIGIT_CHARS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZáéñü !#$%&*+-./:;?@_~'];
const ANY_CHARS = [...NO_DIGIT_CHARS, ...'0123456789'];
const passwordText = (minLength: number, maxLength: number, chars = ANY_CHARS) =>
  fc.string({ unit: fc.constantFrom(...chars), minLength, maxLength });

describe('passwordChangeSchema: a complete change', () => {
  it('accepts the current password and a new one confirmed', () => {
    expect(firstMessages(passwordChangeSchema, valid)).toEqual({});
    expect(passwordChangeSchema.parse(valid)).toEqual(valid);
  });

  it('shows one message per field when nothing was filled', () => {
    expect(firstMessages(passwordChangeSchema, {})).toEqual({
      password_actual: 'Campo Requerido',
      password: 'Campo Requerido',
      passwordconfirm: 'Debes confirmar la contraseña',
    });
    expect(
      firstMessages(passwordChangeSchema, { password_actual: '', password: '', passwordconfirm: '' }),
    ).toEqual({
      password_actual: 'Campo Requerido',
      password: 'Campo Requerido',
      passwordconfirm: 'Debes confirmar la contraseña',
    });
  });
});

describe('passwordChangeSchema: password_actual', () => {
  it('is required with "Campo Requerido" when it is empty or missing', () => {
    expect(firstMessages(passwordChangeSchema, { ...valid, password_actual: '' })).toEqual({
      password_actual: 'Campo Requerido',
    });
    expect(firstMessages(passwordChangeSchema, without(valid, 'password_actual'))).toEqual({
      password_actual: 'Campo Requerido',
    });
  });

  it('accepts any current password: the rules apply to the new one only', () => {
    for (const password_actual of ['x', 'sin-numero', ofLength(30, 'antigua')]) {
      expect(firstMessages(passwordChangeSchema, { ...valid, password_actual }), password_actual).toEqual({});
    }
  });

  it('rejects a current password longer than 200 characters', () => {
    expect(firstMessages(passwordChangeSchema, { ...valid, password_actual: ofLength(200) })).toEqual({});
    expect(firstMessages(passwordChangeSchema, { ...valid, password_actual: ofLength(201) })).toHaveProperty(
      'password_actual',
    );
  });
});

describe('passwordChangeSchema: password', () => {
  it('is required with "Campo Requerido" when it is empty or missing', () => {
    expect(newPasswordMessages('').password).toBe('Campo Requerido');
    expect(firstMessages(passwordChangeSchema, without(valid, 'password')).password).toBe('Campo Requerido');
  });

  it('rejects whitespace only with "No puede estar vacio"', () => {
    for (const blank of [' ', ofLength(8, ' '), ofLength(20, ' ')]) {
      expect(newPasswordMessages(blank).password).toBe('No puede estar vacio');
    }
  });

  it('rejects 7 characters with "Minimo 8 caracteres" and accepts 8', () => {
    expect(newPasswordMessages('secre12')).toEqual({ password: 'Minimo 8 caracteres' });
    expect(newPasswordMessages('secre123')).toEqual({});
  });

  it('accepts 20 characters and rejects 21 with "Maximo 20 caracteres"', () => {
    expect(newPasswordMessages(ofLength(20, 'secreto1'))).toEqual({});
    expect(newPasswordMessages(ofLength(21, 'secreto1'))).toEqual({ password: 'Maximo 20 caracteres' });
  });

  it('rejects a password without a digit with "Inserta al menos un número"', () => {
    expect(newPasswordMessages('secretos')).toEqual({ password: 'Inserta al menos un número' });
  });

  it('reports the length before the missing digit', () => {
    expect(newPasswordMessages('abc').password).toBe('Minimo 8 caracteres');
    expect(newPasswordMessages(ofLength(21, 'abc')).password).toBe('Maximo 20 caracteres');
  });

  it('accepts any 8 to 20 character password with a digit that is not only whitespace', () => {
    fc.assert(
      fc.property(passwordText(8, 20), (password) => {
        fc.pre(/\d/.test(password) && password.trim().length > 0);
        expect(newPasswordMessages(password)).toEqual({});
      }),
    );
  });

  it('rejects any 8 to 20 character password without a digit with "Inserta al menos un número"', () => {
    fc.assert(
      fc.property(passwordText(8, 20, NO_DIGIT_CHARS), (password) => {
        fc.pre(password.trim().length > 0);
        expect(newPasswordMessages(password)).toEqual({ password: 'Inserta al menos un número' });
      }),
    );
  });

  it('rejects any password shorter than 8 or longer than 20 characters with the matching message', () => {
    fc.assert(
      fc.property(fc.oneof(passwordText(1, 7), passwordText(21, 60)), (password) => {
        fc.pre(password.trim().length > 0);
        const expected = password.length < 8 ? 'Minimo 8 caracteres' : 'Maximo 20 caracteres';
        expect(newPasswordMessages(password).password).toBe(expected);
      }),
    );
  });
});

describe('passwordChangeSchema: passwordconfirm', () => {
  it('is required with "Debes confirmar la contraseña" when it is empty or missing', () => {
    expect(firstMessages(passwordChangeSchema, { ...valid, passwordconfirm: '' })).toEqual({
      passwordconfirm: 'Debes confirmar la contraseña',
    });
    expect(firstMessages(passwordChangeSchema, without(valid, 'passwordconfirm'))).toEqual({
      passwordconfirm: 'Debes confirmar la contraseña',
    });
  });

  it('rejects a confirmation that differs from the new password with "Las contraseñas no coinciden"', () => {
    for (const passwordconfirm of ['secreto124', 'Secreto123', 'secreto123 ', 'anterior1']) {
      expect(firstMessages(passwordChangeSchema, { ...valid, passwordconfirm }), passwordconfirm).toEqual({
        passwordconfirm: 'Las contraseñas no coinciden',
      });
    }
  });

  it('reports the mismatch even while the other fields are invalid', () => {
    expect(firstMessages(passwordChangeSchema, { password: 'abc', passwordconfirm: 'abd' })).toEqual({
      password_actual: 'Campo Requerido',
      password: 'Minimo 8 caracteres',
      passwordconfirm: 'Las contraseñas no coinciden',
    });
  });

  it('does not report a mismatch while the new password is missing', () => {
    expect(firstMessages(passwordChangeSchema, without(valid, 'password'))).toEqual({
      password: 'Campo Requerido',
    });
  });
});
