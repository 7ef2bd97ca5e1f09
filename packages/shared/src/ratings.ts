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
