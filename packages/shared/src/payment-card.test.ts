import { describe, expect, it } from 'vitest';
import { cardBrand, cardSchema, cardSummary, expiryValid, luhnValid } from './payment-card';

describe('card checks', () => {
  it('accepts the well-known test numbers and refuses a wrong check digit', () => {
    for (const n of [
      '4242 4242 4242 4242',
      '4000 0000 0000 0002',
      '4000 0000 0000 9995',
      '4000 0025 0000 3155',
    ]) {
      expect(luhnValid(n)).toBe(true);
    }
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(luhnValid('abcd')).toBe(false);
    expect(luhnValid('4242')).toBe(false);
  });

  it('recognises the brand', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('desconocida');
  });

  it('accepts an expiry from the current month on', () => {
    const now = new Date(2026, 10, 21);
    expect(expiryValid('11/26', now)).toBe(true);
    expect(expiryValid('10/26', now)).toBe(false);
    expect(expiryValid('01/27', now)).toBe(true);
    expect(expiryValid('13/27', now)).toBe(false);
    expect(expiryValid('1/27', now)).toBe(false);
  });

  it('validates the card form with Spanish messages', () => {
    const ok = { numero: '4242 4242 4242 4242', expiracion: '12/99', cvc: '123', nombre: 'Lucía Hernández' };
    expect(cardSchema.safeParse(ok).success).toBe(true);
    const bad = cardSchema.safeParse({
      numero: '4242 4242 4242 4241',
      expiracion: '01/20',
      cvc: '12',
      nombre: '',
    });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      numero: 'El número de tarjeta no es válido',
      expiracion: 'La tarjeta está vencida',
      cvc: 'El CVC tiene 3 o 4 dígitos',
      nombre: 'Ingresa el nombre que aparece en la tarjeta',
    });
  });

  it('shows a card as brand and last four digits', () => {
    expect(cardSummary('visa', '4242')).toBe('Visa •••• 4242');
    expect(cardSummary(null, null)).toBe('Tarjeta');
  });
});
