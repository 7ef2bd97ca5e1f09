import { LOCALE } from '@vitrina/shared';

const dateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const dayMonth = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeZone: 'UTC' });

/** An ISO instant as '21 nov 2026, 10:15' in the admin's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/**
 * A calendar day ('2026-11-21', already in the shop's time zone) as '21 nov', or as '21 de noviembre de
 * 2026' when `long`. Read at UTC midnight, so no time zone moves it to the day before.
 */
export function formatDay(day: string, long = false): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return (long ? longDay : dayMonth).format(date);
}
