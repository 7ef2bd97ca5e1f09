import { STARS_MAX } from './constants';

/** Stars to draw for an average: rounded to the nearest whole star, 0–5 (SPEC §2). */
export function roundedStars(average: number | null): number {
  if (average == null) return 0;
  return Math.min(STARS_MAX, Math.max(0, Math.round(average)));
}

/**
 * The id prefix of a bought line's rating form on the order page ('calificar-12'): the delivered e-mail
 * links each line there (decision 093).
 */
export const RATING_ANCHOR = 'calificar-';

/**
 * How an opinion is signed: the first name and the initial of the last name ('Ana P.'). A guest typed one
 * name at checkout: its first word, and the initial of the next one when there is one.
 */
export function ratingAuthor(
  account: { nombre: string | null; apellido: string | null },
  guest: string | null,
) {
  const [nombre = '', apellido = ''] =
    account.nombre !== null ? [account.nombre, account.apellido ?? ''] : (guest ?? '').trim().split(/\s+/);
  return apellido ? `${nombre} ${apellido.charAt(0)}.` : nombre;
}
