import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_ADDRESS, PLACEHOLDER_PHONE } from './constants';
import { knownAddress, knownPhone, profileIncomplete } from './usuario';

describe('knownPhone and knownAddress', () => {
  it("are null for Google sign-in's placeholders and the value itself otherwise", () => {
    expect(knownPhone(PLACEHOLDER_PHONE)).toBeNull();
    expect(knownPhone('5512345678')).toBe('5512345678');
    expect(knownAddress(PLACEHOLDER_ADDRESS)).toBeNull();
    expect(knownAddress('Calle Alcalá 45, Madrid')).toBe('Calle Alcalá 45, Madrid');
  });
});

describe('profileIncomplete', () => {
  const complete = { telefono: '5512345678', direccion: 'Calle Alcalá 45, Madrid' };

  it('is true while the phone or the address is still the Google placeholder', () => {
    expect(profileIncomplete({ telefono: PLACEHOLDER_PHONE, direccion: PLACEHOLDER_ADDRESS })).toBe(true);
    expect(profileIncomplete({ ...complete, telefono: PLACEHOLDER_PHONE })).toBe(true);
    expect(profileIncomplete({ ...complete, direccion: PLACEHOLDER_ADDRESS })).toBe(true);
  });

  it('is false once both are real', () => {
    expect(profileIncomplete(complete)).toBe(false);
  });
});
