// Without zod: the server's configuration and the web app's date formatting both use it.

/** The shop's time zone when SHOP_TIMEZONE is not set: the days and hours of Mexico City. */
export const DEFAULT_SHOP_TIMEZONE = 'America/Mexico_City';

/** An IANA name's shape ('America/Mexico_City', 'Europe/Madrid', 'UTC'): no numeric offsets like '+05:00'. */
const IANA_NAME = /^[A-Za-z][A-Za-z_]*(\/[A-Za-z0-9][A-Za-z0-9_+-]*)*$/;

/**
 * Whether `name` is an IANA time zone name the runtime knows. Offsets ('+05:00', '-6') are refused:
 * PostgreSQL reads a bare offset with the POSIX sign, the opposite of what browsers do.
 */
export function isTimeZone(name: string): boolean {
  if (!IANA_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * One formatter per time zone and shape, made on first use: making an Intl.DateTimeFormat costs many times
 * what formatting with it does, and the sales export writes a time per sale.
 */
function formatterFor(
  kept: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let formatter = kept.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
    kept.set(timeZone, formatter);
  }
  return formatter;
}

const DAY_PARTS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/** The parts of an instant as one of the formatters above writes them, by type. */
function partsOf(formatter: Intl.DateTimeFormat, instant: Date): (type: string) => string {
  const parts = formatter.formatToParts(instant);
  return (type) => parts.find((p) => p.type === type)?.value ?? '';
}

/** The calendar day 'YYYY-MM-DD' of an instant in a time zone (a sale at 20:00 in Mexico City stays that day). */
export function dayInTimeZone(instant: Date, timeZone: string): string {
  const part = partsOf(formatterFor(dayFormatters, timeZone, DAY_PARTS), instant);
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** '2026-11-21 18:10:24': an instant's local date and time in a time zone, as spreadsheets read it. */
export function dateTimeInTimeZone(instant: Date, timeZone: string): string {
  const formatter = formatterFor(dateTimeFormatters, timeZone, {
    ...DAY_PARTS,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const part = partsOf(formatter, instant);
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

const deadlineFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * '30 de noviembre de 2026 a las 18:10': a deadline as a shopper reads it, in the shop's time zone (an e-mail is
 * written on the server, where the shopper's own zone is unknown).
 */
export function deadlineInTimeZone(instant: Date, timeZone: string): string {
  let formatter = deadlineFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('es', {
      timeZone,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    deadlineFormatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}
