import { DEFAULT_SHOP_TIMEZONE, LOCALE } from '@vitrina/shared';
import { useConfig } from './shop-config';

/*
 * Every date the app shows is written in the shop's time zone (SHOP_TIMEZONE, given by GET /api/config),
 * not the browser's: a sale at 20:00 in Mexico City reads 20:00 and that day to the owner anywhere.
 */

/** The shop's time zone; Mexico City (the server's default) until the config has arrived. */
export function useShopTimeZone(): string {
  return useConfig().data?.timeZone ?? DEFAULT_SHOP_TIMEZONE;
}

const STYLES = {
  /** '21 nov 2026, 20:15' */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** '21 de noviembre de 2026, 20:15' */
  longDateTime: { dateStyle: 'long', timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type InstantStyle = keyof typeof STYLES;

const formats = new Map<string, Intl.DateTimeFormat>();

/** An ISO instant in the shop's locale and `timeZone`; the text as it came when it is not a date. */
export function formatInstant(iso: string, timeZone: string, style: InstantStyle = 'dateTime'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const key = `${style} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { ...STYLES[style], timeZone });
    formats.set(key, format);
  }
  return format.format(date);
}

/** formatInstant in the shop's time zone, for a component. */
export function useFormatInstant(): (iso: string, style?: InstantStyle) => string {
  const timeZone = useShopTimeZone();
  return (iso, style) => formatInstant(iso, timeZone, style);
}
