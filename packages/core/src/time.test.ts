import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_TIME_ZONE } from './constants.ts';
import {
  addDays,
  civilFromDays,
  compareLocalDates,
  daysFromCivil,
  daysInMonth,
  formatLocalDate,
  isLeapYear,
  isoWeekdayIndex,
  isValidTimeZone,
  usableTimeZone,
  localDateInZone,
  MS_PER_DAY,
  parseLocalDate,
  timeZoneOffsetMs,
  zonedDateTime,
  zonedTimeToInstant,
  type LocalDate,
} from './time.ts';

const AUCKLAND = 'Pacific/Auckland';
const HOUR = 3_600_000;

describe('calendar arithmetic', () => {
  it.each([
    [2024, true],
    [2026, false],
    [2028, true],
    [2000, true],
    [1900, false],
    [2100, false],
    [2400, true],
  ])('isLeapYear(%i) = %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });

  it.each([
    [2026, 1, 31],
    [2026, 2, 28],
    [2028, 2, 29],
    [2100, 2, 28],
    [2000, 2, 29],
    [2026, 4, 30],
    [2026, 6, 30],
    [2026, 12, 31],
  ])('daysInMonth(%i, %i) = %i', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it.each([0, 13])('daysInMonth rejects month %i', (month) => {
    expect(() => daysInMonth(2026, month)).toThrow(RangeError);
  });

  it('daysFromCivil and civilFromDays agree with Date.UTC and invert each other', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (days) => {
        const date = civilFromDays(days);
        expect(daysFromCivil(date)).toBe(days);
        const js = new Date(days * MS_PER_DAY);
        expect(date).toEqual({
          year: js.getUTCFullYear(),
          month: js.getUTCMonth() + 1,
          day: js.getUTCDate(),
        });
        expect(isoWeekdayIndex(date)).toBe((js.getUTCDay() + 6) % 7);
      }),
    );
  });

  it.each<[LocalDate, number, LocalDate]>([
    [{ year: 2026, month: 2, day: 28 }, 1, { year: 2026, month: 3, day: 1 }],
    [{ year: 2028, month: 2, day: 28 }, 1, { year: 2028, month: 2, day: 29 }],
    [{ year: 2100, month: 2, day: 28 }, 1, { year: 2100, month: 3, day: 1 }],
    [{ year: 2026, month: 12, day: 31 }, 1, { year: 2027, month: 1, day: 1 }],
    [{ year: 2026, month: 1, day: 1 }, -1, { year: 2025, month: 12, day: 31 }],
  ])('addDays(%o, %i) = %o', (date, days, expected) => {
    expect(addDays(date, days)).toEqual(expected);
  });

  it.each<[string, LocalDate | null]>([
    ['2026-04-05', { year: 2026, month: 4, day: 5 }],
    ['2028-02-29', { year: 2028, month: 2, day: 29 }],
    ['2100-02-29', null],
    ['2026-02-30', null],
    ['2026-13-01', null],
    ['2026-4-5', null],
    ['2026-04-05T00:00:00Z', null],
    ['', null],
  ])('parseLocalDate(%j) = %o', (text, expected) => {
    expect(parseLocalDate(text)).toEqual(expected);
  });

  it('formats and compares dates', () => {
    const a = { year: 2026, month: 4, day: 5 };
    expect(formatLocalDate(a)).toBe('2026-04-05');
    expect(compareLocalDates(a, { year: 2026, month: 4, day: 6 })).toBeLessThan(0);
    expect(compareLocalDates(a, a)).toBe(0);
  });
});

describe('wall-clock time in a zone', () => {
  it.each([
    // NZDT (+13) before 2026-04-05 03:00, NZST (+12) after.
    ['2026-04-04T13:59:00Z', { year: 2026, month: 4, day: 5, hour: 2, minute: 59, second: 0 }, 13],
    ['2026-04-04T14:00:00Z', { year: 2026, month: 4, day: 5, hour: 2, minute: 0, second: 0 }, 12],
    // NZST (+12) before 2026-09-27 02:00, NZDT (+13) after.
    ['2026-09-26T13:59:00Z', { year: 2026, month: 9, day: 27, hour: 1, minute: 59, second: 0 }, 12],
    ['2026-09-26T14:00:00Z', { year: 2026, month: 9, day: 27, hour: 3, minute: 0, second: 0 }, 13],
    ['2026-01-01T11:00:00Z', { year: 2026, month: 1, day: 2, hour: 0, minute: 0, second: 0 }, 13],
  ])('%s is %o in Auckland (UTC+%i)', (iso, wall, offsetHours) => {
    const instant = new Date(iso);
    expect(zonedDateTime(instant, AUCKLAND)).toEqual(wall);
    expect(timeZoneOffsetMs(instant, AUCKLAND)).toBe(offsetHours * HOUR);
  });

  it('gives the local calendar date, which can differ from the UTC one', () => {
    expect(localDateInZone(new Date('2026-04-04T11:30:00Z'), AUCKLAND)).toEqual({
      year: 2026,
      month: 4,
      day: 5,
    });
    expect(localDateInZone(new Date('2026-04-04T11:30:00Z'), 'UTC')).toEqual({
      year: 2026,
      month: 4,
      day: 4,
    });
  });

  it.each([
    [
      'an ordinary time',
      { year: 2026, month: 6, day: 1, hour: 9, minute: 15, second: 0 },
      '2026-05-31T21:15:00.000Z',
    ],
    [
      'a repeated time (clocks back) → the first occurrence, NZDT',
      { year: 2026, month: 4, day: 5, hour: 2, minute: 30, second: 0 },
      '2026-04-04T13:30:00.000Z',
    ],
    [
      'a skipped time (clocks forward) → moved forward by the gap, 03:30 NZDT',
      { year: 2026, month: 9, day: 27, hour: 2, minute: 30, second: 0 },
      '2026-09-26T14:30:00.000Z',
    ],
    [
      'the first minute after the gap',
      { year: 2026, month: 9, day: 27, hour: 3, minute: 0, second: 0 },
      '2026-09-26T14:00:00.000Z',
    ],
  ])('zonedTimeToInstant: %s', (_name, local, iso) => {
    expect(zonedTimeToInstant(local, AUCKLAND).toISOString()).toBe(iso);
  });

  it('round-trips every instant to the first instant with the same wall-clock time', () => {
    const instants = fc
      .integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) })
      .map((ms) => ms - (ms % 1000));
    fc.assert(
      fc.property(
        instants,
        fc.constantFrom(AUCKLAND, 'America/New_York', 'Europe/Berlin', 'UTC'),
        (ms, zone) => {
          const wall = zonedDateTime(new Date(ms), zone);
          const back = zonedTimeToInstant(wall, zone);
          expect(zonedDateTime(back, zone)).toEqual(wall);
          expect(back.getTime()).toBeLessThanOrEqual(ms);
          // Only a repeated hour can map back to an earlier instant, and then by the DST shift.
          expect(ms - back.getTime()).toBeLessThanOrEqual(HOUR);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('knows real zones and rejects made-up ones', () => {
    expect(isValidTimeZone(AUCKLAND)).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it.each([
    ['Europe/Berlin', 'Europe/Berlin'],
    ['UTC', 'UTC'],
    ['Mars/Olympus_Mons', DEFAULT_TIME_ZONE],
    ['', DEFAULT_TIME_ZONE],
  ])('uses the zone %j as %j', (stored, used) => {
    expect(usableTimeZone(stored)).toBe(used);
  });

  it('rejects an invalid Date', () => {
    expect(() => zonedDateTime(new Date(Number.NaN), AUCKLAND)).toThrow(RangeError);
  });
});
