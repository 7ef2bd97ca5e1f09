// Without zod: the web app's date filters read days from the URL with it.

/** Four digits, two, two: the shape of a day, before the calendar says whether it exists. */
export const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A filter's first day after its last one. */
export const DAY_RANGE_ERROR = 'La fecha inicial no puede ser posterior a la final';

/**
 * Whether `value` is a day of the calendar written 'YYYY-MM-DD': '2025-02-28' is, '2025-02-31' and
 * '2025-13-01' are not (Date.parse rolls them over to another day instead of refusing them).
 */
export function isCalendarDay(value: string): boolean {
  return calendarDayParts(value) !== null;
}

/** The year, month (1–12) and day of a day of the calendar written 'YYYY-MM-DD'; null for anything else. */
function calendarDayParts(value: string): [year: number, month: number, day: number] | null {
  const match = DAY_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists ? [year, month, day] : null;
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/**
 * A day 'YYYY-MM-DD' as '21 de noviembre de 2026', as Intl.DateTimeFormat writes LOCALE's long date
 * (calendar-day.test.ts holds the two equal); anything else comes back as it was. Written out because a
 * page's first Intl.DateTimeFormat loads the locale's calendar data in one long task of the main thread of
 * a product page with opinions (docs/decisions/044-no-intl-formatter-on-storefront.md).
 */
export function spellDay(day: string): string {
  const parts = calendarDayParts(day);
  if (!parts) return day;
  const [year, month, date] = parts;
  return `${date} de ${MONTHS[month - 1]} de ${year}`;
}
