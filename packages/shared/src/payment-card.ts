import { z } from 'zod';
import { singleLineText } from './validation/text';

/*
 * Card checks done in the browser for comfort and again by the sandbox provider for truth.
 * A card number never leaves these functions except as brand and last four digits.
 */

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'desconocida'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const cardDigits = (number: string): string => number.replace(/[\s-]/g, '');

/** The Luhn checksum every card number carries. */
export function luhnValid(number: string): boolean {
  const digits = cardDigits(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): CardBrand {
  const digits = cardDigits(number);
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'desconocida';
}

const BRAND_LABELS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
};

/** How a card brand from the payment provider ('visa', 'mastercard'…) reads to the shopper. */
export function cardBrandLabel(marca: string | null | undefined): string {
  return (marca && BRAND_LABELS[marca.toLowerCase()]) || 'Tarjeta';
}

/** 'Visa •••• 4242': a card as the shopper recognises it. */
export function cardSummary(marca: string | null | undefined, ultimos4: string | null | undefined): string {
  return ultimos4 ? `${cardBrandLabel(marca)} •••• ${ultimos4}` : cardBrandLabel(marca);
}

/** 'MM/AA' not before the current month. */
export function expiryValid(expiry: string, now: Date = new Date()): boolean {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

export const cardSchema = z.object({
  numero: singleLineText({ error: 'Ingresa el número de la tarjeta' })
    .min(1, { error: 'Ingresa el número de la tarjeta' })
    .refine(luhnValid, { error: 'El número de tarjeta no es válido' }),
  expiracion: singleLineText({ error: 'Ingresa la fecha de vencimiento' })
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, { error: 'Usa el formato MM/AA' })
    .refine((v) => expiryValid(v), { error: 'La tarjeta está vencida' }),
  cvc: singleLineText({ error: 'Ingresa el CVC' }).regex(/^\d{3,4}$/, {
    error: 'El CVC tiene 3 o 4 dígitos',
  }),
  nombre: singleLineText({ error: 'Ingresa el nombre que aparece en la tarjeta' })
    .trim()
    .min(2, { error: 'Ingresa el nombre que aparece en la tarjeta' })
    .max(80, { error: 'Máximo 80 caracteres' }),
});
export type CardInput = z.infer<typeof cardSchema>;
