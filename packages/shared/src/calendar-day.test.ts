import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarDay, spellDay } from './calendar-day';
import { LOCALE } from './locale';
import { ordersExportQuerySchema, ordersQuerySchema } from './sales';

describe('isCalendarDay', () => {
  it('accepts every day of the calendar, leap days included', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }),
        (date) => isCalendarDay(date.toISOString().slice(0, 10)),
      ),
    );
    expect(isCalendarDay('2024-02-29')).toBe(true);
  });

  it.each([
    '2025-02-29',
    '2025-02-31',
    '2025-04-31',
    '2025-13-01',
    '2025-00-10',
    '2025-01-00',
    '2025-1-01',
    '20250101',
    ' 2025-01-01',
    'mañana',
    '',
  ])('refuses %j', (value) => expect(isCalendarDay(value)).toBe(false));
});

describe('the sales date filters', () => {
  it('refuse a day that does not exist with a Spanish message, and never throw', () => {
    const result = ordersQuerySchema.safeParse({ desde: '2025-02-31' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'La fecha inicial no es una fecha válida',
    ]);
    expect(ordersExportQuerySchema.safeParse({ hasta: 'true' }).error?.issues[0]?.message).toBe(
      'La fecha final debe tener el formato AAAA-MM-DD',
    );
    fc.assert(
      fc.property(fc.string(), fc.string(), (desde, hasta) => {
        ordersExportQuerySchema.safeParse({ desde, hasta });
        ordersQuerySchema.safeParse({ desde, hasta });
      }),
    );
  });

  it('take an empty value as no filter', () => {
    // No state asked for: every paid order, whatever became of it since (a failed attempt is not a sale).
    expect(ordersExportQuerySchema.parse({ desde: '', hasta: '2025-03-01', estado: '' })).toEqual({
      hasta: '2025-03-01',
      estado: 'pedidos',
    });
    expect(ordersExportQuerySchema.parse({ estado: 'todas' })).toEqual({ estado: 'todas' });
  });
});

describe('spellDay', () => {
  it("writes every day as the locale's long date of Intl.DateTimeFormat", () => {
    const intl = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeZone: 'UTC' });
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1000-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }),
        (date) => {
          expect(spellDay(date.toISOString().slice(0, 10))).toBe(intl.format(date));
        },
      ),
      { numRuns: 2000 },
    );
    expect(spellDay('2026-11-21')).toBe('21 de noviembre de 2026');
  });

  it('gives back what is not a day of the calendar', () => {
    for (const text of ['2025-02-31', '2026-13-01', '21/11/2026', '']) expect(spellDay(text)).toBe(text);
  });
});
