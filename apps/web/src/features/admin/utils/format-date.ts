import { LOCALE } from '@vitrina/shared';

const dayMonth = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', timeZone: 'UTC' });

// Instants ('21 nov 2026, 10:15') are written in the shop's time zone by lib/shop-dates' useFormatInstant;
// a day in full ('21 de noviembre de 2026') by the shared spellDay.

/**
 * A calendar day ('2026-11-21', already in the shop's time zone) as '21 nov', read at UTC midnight so no
 * time zone moves it to the day before.
 */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayMonth.format(date);
}
