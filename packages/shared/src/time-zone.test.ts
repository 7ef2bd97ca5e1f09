import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_TIMEZONE, dateTimeInTimeZone, dayInTimeZone, isTimeZone } from './time-zone';

describe('time zones', () => {
  it('accepts IANA names and refuses offsets, typos and blanks', () => {
    for (const name of [DEFAULT_SHOP_TIMEZONE, 'Europe/Madrid', 'UTC', 'America/Argentina/Buenos_Aires']) {
      expect(isTimeZone(name), name).toBe(true);
    }
    for (const name of ['', 'Mexico City', 'America/Ciudad_de_Mexico', '+05:00', '-06', 'GMT-6 ']) {
      expect(isTimeZone(name), name).toBe(false);
    }
  });

  it('a sale at 20:00 in Mexico City is on that day there, though it is the next day in UTC', () => {
    const sale = new Date('2026-11-22T02:00:00Z');
    expect(dayInTimeZone(sale, 'America/Mexico_City')).toBe('2026-11-21');
    expect(dayInTimeZone(sale, 'UTC')).toBe('2026-11-22');
    expect(dateTimeInTimeZone(sale, 'America/Mexico_City')).toBe('2026-11-21 20:00:00');
    expect(dateTimeInTimeZone(new Date('2026-01-01T00:05:09Z'), 'UTC')).toBe('2026-01-01 00:05:09');
  });

  it('keeps each time zone its own formatter: asking again, in any order, gives the same answers', () => {
    const sale = new Date('2026-11-22T02:00:00Z');
    const zones = ['UTC', 'Europe/Madrid', 'America/Mexico_City', 'America/Argentina/Buenos_Aires'];
    const first = zones.map((zone) => [dayInTimeZone(sale, zone), dateTimeInTimeZone(sale, zone)]);
    expect(first).toEqual([
      ['2026-11-22', '2026-11-22 02:00:00'],
      ['2026-11-22', '2026-11-22 03:00:00'],
      ['2026-11-21', '2026-11-21 20:00:00'],
      ['2026-11-21', '2026-11-21 23:00:00'],
    ]);
    const again = [...zones]
      .reverse()
      .map((zone) => [dayInTimeZone(sale, zone), dateTimeInTimeZone(sale, zone)]);
    expect(again.reverse()).toEqual(first);
  });
});
