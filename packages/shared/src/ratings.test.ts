import { describe, expect, it } from 'vitest';
import { ratingAuthor } from './ratings';

describe('ratingAuthor', () => {
  it("signs an account's opinion with the first name and the last name's initial", () => {
    expect(ratingAuthor({ nombre: 'Ana', apellido: 'Pérez' }, null)).toBe('Ana P.');
  });

  it("signs a guest's with the first word of the name typed and the next word's initial", () => {
    expect(ratingAuthor({ nombre: null, apellido: null }, '  Lucía   Gómez Paz ')).toBe('Lucía G.');
    expect(ratingAuthor({ nombre: null, apellido: null }, 'Marta')).toBe('Marta');
  });
});
