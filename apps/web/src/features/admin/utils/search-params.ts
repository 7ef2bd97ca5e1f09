import { isCalendarDay } from '@vitrina/shared';

/** A page number from the URL (`?page=3`); anything else is page 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** A YYYY-MM-DD day from the URL, '' when absent or not a day of the calendar (the date inputs' empty value). */
export function parseDay(value: string | null): string {
  return value && isCalendarDay(value) ? value : '';
}

/** The URL's query without empty values and without page 1 (the default). */
export function cleanSearch(values: Record<string, string | number>): Record<string, string> {
  const search: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === '' || (key === 'page' && value === 1)) continue;
    search[key] = String(value);
  }
  return search;
}
