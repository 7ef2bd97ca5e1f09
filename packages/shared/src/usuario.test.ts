import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_ADDRESS, PLACEHOLDER_PHONE } from './constants';
import { profileIncomplete } from './usuario';

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
