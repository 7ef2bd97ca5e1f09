import type { z } from 'zod';
import { singleLineText } from './text';

/*
 * Building blocks of the form schemas. Checks run in order and forms show the first failing message,
 * so each field lists its rules from the most basic (required) to the most specific.
 */

export const notBlank = (value: string) => value.length === 0 || value.trim().length > 0;

/** Letters of Spanish (with ñ, ü and accented vowels) and spaces. */
export const LETTERS_AND_SPACES = /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ ]+$/;
export const DIGITS_ONLY = /^\d+$/;
export const HAS_DIGIT = /\d/;

/**
 * "A number and words" (SPEC §5): at least one digit and at least two words of letters,
 * as in 'Calle Alcalá 45' or '45 Calle Alcalá'.
 */
export function looksLikeAddress(value: string): boolean {
  const words = value.match(/[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]{2,}/g) ?? [];
  return HAS_DIGIT.test(value) && words.length >= 2;
}

/** The messages of an address field: each form keeps its own texts (SPEC §5). */
export interface AddressRule {
  min: number;
  max: number;
  blank: string;
  tooShort: string;
  tooLong: string;
  pattern: string;
}

/**
 * The one address rule of registration and the profile: whitespace only, then the length (too long, too
 * short), then "a number and words", so the same input gives the same kind of message on both forms.
 */
export const addressField = (text: z.ZodString, rule: AddressRule) =>
  text
    .refine(notBlank, { error: rule.blank })
    .max(rule.max, { error: rule.tooLong })
    .min(rule.min, { error: rule.tooShort })
    .refine(looksLikeAddress, { error: rule.pattern });

/**
 * Text input that must be filled: `required` for '' and a missing value; control characters are refused
 * (singleLineText). `text` gives the base for a multi-line field.
 */
export const requiredText = (required: string, text = singleLineText) =>
  text({ error: required }).min(1, { error: required });

/** What a check's `when` receives: the value so far and the issues already found. */
export interface CheckPayload {
  value: unknown;
  issues: ReadonlyArray<{ path?: PropertyKey[] }>;
}

/**
 * The `when` of a check that compares fields (a confirmation, a discount below a price). A custom `when`
 * replaces zod's own guard, so this one first makes sure the value is an object at all: a client may
 * send null, a list or a text as the body, and the check must then not run rather than throw.
 */
export const acrossFields =
  (ready: (value: Record<string, unknown>, payload: CheckPayload) => boolean) => (payload: CheckPayload) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !Array.isArray(payload.value) &&
    ready(payload.value as Record<string, unknown>, payload);

export const samePasswords = (v: { password: string; passwordconfirm: string }) =>
  v.password === v.passwordconfirm;

/**
 * "Las contraseñas no coinciden" on the confirmation field, checked as soon as both fields hold text,
 * even while other fields are still invalid (forms validate while typing).
 */
export const passwordsMatch = {
  error: 'Las contraseñas no coinciden',
  path: ['passwordconfirm'],
  when: acrossFields(
    (value) => typeof value.password === 'string' && typeof value.passwordconfirm === 'string',
  ),
};
