import { describe, expect, it } from 'vitest';
import { loginSchema } from './login';
import { firstMessages, without } from './test-helpers';

const valid = { email: 'maria@correo.es', password: 'secreto123' };

describe('loginSchema', () => {
  it('accepts an email and a password', () => {
    expect(firstMessages(loginSchema, valid)).toEqual({});
    expect(loginSchema.parse(valid)).toEqual(valid);
  });

  it('requires both fields with "Field required" when nothing was filled', () => {
    expect(firstMessages(loginSchema, { email: '', password: '' })).toEqual({
      email: 'Field required',
      password: 'Field required',
    });
    expect(firstMessages(loginSchema, {})).toEqual({ email: 'Field required', password: 'Field required' });
  });

  it('requires the email with "Field required" when it is empty or missing', () => {
    expect(firstMessages(loginSchema, { ...valid, email: '' })).toEqual({ email: 'Field required' });
    expect(firstMessages(loginSchema, without(valid, 'email'))).toEqual({ email: 'Field required' });
  });

  it('requires the password with "Field required" when it is empty or missing', () => {
    expect(firstMessages(loginSchema, { ...valid, password: '' })).toEqual({ password: 'Field required' });
    expect(firstMessages(loginSchema, without(valid, 'password'))).toEqual({ password: 'Field required' });
  });

  it('does not apply the registration rules: any filled email and password go to the server', () => {
    expect(firstMessages(loginSchema, { email: 'maria', password: 'x' })).toEqual({});
    expect(
      firstMessages(loginSchema, { email: 'una.direccion.muy.larga@correo-electronico.es', password: 'a' }),
    ).toEqual({});
  });

  it('strips unknown keys from the parsed output', () => {
    expect(loginSchema.parse({ ...valid, admin: true })).toEqual(valid);
  });
});
