import type { z } from 'zod';

/** The key `firstMessages` uses for an issue of the whole form (an empty path). */
export const FORM = '(form)';

/**
 * What a form shows: the first failing message of each field, in the order the issues were raised.
 * `{}` means the input is valid.
 */
export function firstMessages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  const messages: Record<string, string> = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : FORM;
    messages[key] ??= issue.message;
  }
  return messages;
}

/** `text` repeated and cut to exactly `length` characters. */
export const ofLength = (length: number, text = 'a') =>
  text.repeat(Math.ceil(length / text.length)).slice(0, length);

/** Copy of `object` without `key`: a field that was never sent. */
export function without<T extends object>(object: T, key: keyof T): Partial<T> {
  const copy = { ...object };
  delete copy[key];
  return copy;
}
