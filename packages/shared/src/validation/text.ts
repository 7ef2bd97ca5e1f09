import { z } from 'zod';

/*
 * The one rule every text from a client passes (form fields, query strings, headers): no character that
 * nobody types and no text of the shop needs. PostgreSQL refuses a NUL inside a text, so letting one
 * through would turn a stray byte into a server error; the other control characters and a lone half of a
 * surrogate pair (which UTF-8 cannot carry) would be stored as invisible or broken text.
 *
 * Refused everywhere: U+0000–U+001F (C0), U+007F (DEL), U+0080–U+009F (C1) and unpaired surrogates.
 * A multi-line text (a <textarea>) keeps tab, line feed and carriage return: the browser sends its line
 * breaks as CR LF.
 */

export const FORBIDDEN_CHARACTERS = 'El texto contiene caracteres no permitidos.';

// With the `u` flag a surrogate range matches only a half without its pair.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]/u;

/** A one-line text without control characters or broken surrogates. */
export const isSingleLineText = (value: string) => !SINGLE_LINE_FORBIDDEN.test(value);

/** Like isSingleLineText, but tab, line feed and carriage return are allowed. */
export const isMultiLineText = (value: string) => !MULTI_LINE_FORBIDDEN.test(value);

type TextParams = Parameters<typeof z.string>[0];

/**
 * A string refused with FORBIDDEN_CHARACTERS when it holds a forbidden character; `params` as z.string's
 * (the message of a missing or non-string value). Further checks chain after it, so the forbidden
 * characters are reported before the field's own rules.
 */
export const singleLineText = (params?: TextParams) =>
  z.string(params).refine(isSingleLineText, { error: FORBIDDEN_CHARACTERS });

/** singleLineText for a <textarea>: line breaks and tabs are part of the text. */
export const multiLineText = (params?: TextParams) =>
  z.string(params).refine(isMultiLineText, { error: FORBIDDEN_CHARACTERS });

/**
 * The one form of an e-mail address the shop compares and stores: without surrounding whitespace, in
 * lower case, in Unicode NFC (an accent typed as one character or as a letter plus a combining mark is
 * the same address). Applied by every schema that reads an e-mail, the account lookups and the sign-in
 * counters alike, so no two spellings of one address are ever told apart. Lower case goes first: a few
 * Greek capitals with marks lower-case to a sequence that NFC composes further, so the other order would
 * not give the same text when applied twice.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase().normalize('NFC');
}
