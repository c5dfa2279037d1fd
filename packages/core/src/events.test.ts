import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { REPEAT_PATTERNS, WEEKDAY_NAMES, type RepeatPattern, type WeekdayName } from './constants.ts';
import {
  isEventHappeningNow,
  isEventOnToday,
  matchesRepeatPattern,
  minutesUntilNextOccurrence,
  nextOccurrence,
  occursOnDate,
  parseTime,
  weekdayName,
  type EventSchedule,
} from './events.ts';
import { parseLocalDate, zonedDateTime, type LocalDate } from './time.ts';

const AUCKLAND = 'Pacific/Auckland';
const at = (iso: string): Date => new Date(iso);

function date(text: string): LocalDate {
  const parsed = parseLocalDate(text);
  if (!parsed) throw new Error(`bad test date ${text}`);
  return parsed;
}

/** Any schedule: every weekday, pattern and minute of the day. */
const scheduleArbitrary = fc.record({
  dayOfWeek: fc.constantFrom(...WEEKDAY_NAMES),
  repeatPattern: fc.constantFrom(...REPEAT_PATTERNS),
  time: fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
});
/** Any instant from 2024 to 2030 (several daylight-saving changes a year). */
const instantArbitrary = fc
  .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) })
  .map((ms) => new Date(ms));

function event(dayOfWeek: WeekdayName, time: string, repeatPattern: RepeatPattern = 'Week'): EventSchedule {
  return { dayOfWeek, time, repeatPattern };
}

describe('parseTime', () => {
  it.each([
    ['00:00', { hours: 0, minutes: 0 }],
    ['09:05', { hours: 9, minutes: 5 }],
    ['23:59', { hours: 23, minutes: 59 }],
    ['24:00', null],
    ['9:05', null],
    ['12:60', null],
    ['12:5', null],
    ['12:05:00', null],
    [' 12:05', null],
    ['', null],
  ])('%j → %o', (text, expected) => {
    expect(parseTime(text)).toEqual(expected);
  });
});

describe('weekdayName', () => {
  it.each([
    ['2026-04-04T11:30:00Z', AUCKLAND, 'Sunday'],
    ['2026-04-04T11:30:00Z', 'UTC', 'Saturday'],
    ['2026-09-27T00:00:00Z', AUCKLAND, 'Sunday'],
    ['2026-09-28T10:59:00Z', AUCKLAND, 'Monday'],
    ['2026-09-28T11:00:00Z', AUCKLAND, 'Tuesday'],
  ])('%s in %s is a %s', (iso, zone, name) => {
    expect(weekdayName(at(iso), zone)).toBe(name);
  });

  it('defaults to Pacific/Auckland', () => {
    expect(weekdayName(at('2026-04-04T11:30:00Z'))).toBe('Sunday');
  });
});

describe('matchesRepeatPattern and occursOnDate', () => {
  // [date, weekday, patterns it matches]
  it.each<[string, WeekdayName, RepeatPattern[]]>([
    ['2026-03-03', 'Tuesday', ['Week', 'Month first']],
    ['2026-03-07', 'Saturday', ['Week', 'Month first']],
    ['2026-03-10', 'Tuesday', ['Week', 'Month second']],
    ['2026-03-17', 'Tuesday', ['Week', 'Month third']],
    ['2026-03-24', 'Tuesday', ['Week']], // 4th of 5 Tuesdays: none of the monthly patterns
    ['2026-03-31', 'Tuesday', ['Week', 'Month last']], // 5th weekday in a 31-day month
    ['2026-12-29', 'Tuesday', ['Week', 'Month last']], // a 29th in a 31-day month
    ['2026-06-30', 'Tuesday', ['Week', 'Month last']], // 30-day month
    ['2026-06-23', 'Tuesday', ['Week']],
    ['2026-04-30', 'Thursday', ['Week', 'Month last']],
    ['2026-04-23', 'Thursday', ['Week']],
    ['2028-02-29', 'Tuesday', ['Week', 'Month last']], // leap February
    ['2028-02-22', 'Tuesday', ['Week']], // 22 + 7 = 29: another Tuesday follows in a leap year
    ['2026-02-28', 'Saturday', ['Week', 'Month last']], // 28-day month
    ['2026-02-21', 'Saturday', ['Week', 'Month third']],
    ['2026-02-22', 'Sunday', ['Week', 'Month last']], // the 4th Sunday is the last in Feb 2026
    ['2100-02-28', 'Sunday', ['Week', 'Month last']], // 2100 is not a leap year
    ['2100-02-21', 'Sunday', ['Week', 'Month third']],
    ['2026-01-31', 'Saturday', ['Week', 'Month last']],
    ['2026-01-24', 'Saturday', ['Week']],
  ])('%s (%s) matches %o', (text, weekday, patterns) => {
    const day = date(text);
    for (const pattern of REPEAT_PATTERNS) {
      expect(matchesRepeatPattern(pattern, day), pattern).toBe(patterns.includes(pattern));
      expect(occursOnDate(event(weekday, '10:00', pattern), day), pattern).toBe(patterns.includes(pattern));
    }
    const otherDay = WEEKDAY_NAMES.find((name) => name !== weekday) ?? 'Monday';
    expect(occursOnDate(event(otherDay, '10:00', 'Week'), day)).toBe(false);
  });

  it('puts every weekday of every month in exactly one of first/second/third/fourth-or-later, and last', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2200 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        for (let day = 1; day <= 28; day += 1) {
          const d = { year, month, day };
          const monthly = (['Month first', 'Month second', 'Month third'] as const).filter((p) =>
            matchesRepeatPattern(p, d),
          );
          expect(monthly.length).toBe(day <= 21 ? 1 : 0);
        }
        // Exactly seven dates per month are "last": one per weekday.
        const last = Array.from({ length: 31 }, (_, i) => i + 1).filter((day) => {
          const d = { year, month, day };
          return (
            parseLocalDate(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`) &&
            matchesRepeatPattern('Month last', d)
          );
        });
        expect(last.length).toBe(7);
      }),
    );
  });
});

describe('isEventHappeningNow', () => {
  it.each<[string, EventSchedule, string, boolean]>([
    // An ordinary Sunday in NZDT: 10:00 NZDT = 21:00Z the day before.
    ['one minute before the start', event('Sunday', '10:00'), '2026-03-28T20:59:00Z', false],
    ['at the start', event('Sunday', '10:00'), '2026-03-28T21:00:00Z', true],
    ['30 minutes after the start', event('Sunday', '10:00'), '2026-03-28T21:30:00Z', true],
    ['31 minutes after the start', event('Sunday', '10:00'), '2026-03-28T21:31:00Z', false],
    ['on another weekday', event('Monday', '10:00'), '2026-03-28T21:10:00Z', false],
    // Clocks go back on Sunday 2026-04-05 (03:00 NZDT → 02:00 NZST): 10:00 NZST = 22:00Z.
    ['fall-back day, 10:00 NZST, just before', event('Sunday', '10:00'), '2026-04-04T21:59:00Z', false],
    ['fall-back day, 10:00 NZST, at the start', event('Sunday', '10:00'), '2026-04-04T22:00:00Z', true],
    ['fall-back day, 10:00 NZST, 30 min later', event('Sunday', '10:00'), '2026-04-04T22:30:00Z', true],
    ['fall-back day, 10:00 NZST, 31 min later', event('Sunday', '10:00'), '2026-04-04T22:31:00Z', false],
    // 02:30 happens twice that night; the event is at the first one (02:30 NZDT = 13:30Z).
    ['repeated 02:30, first occurrence', event('Sunday', '02:30'), '2026-04-04T13:30:00Z', true],
    [
      'repeated 02:30, 30 real minutes later (02:00 NZST)',
      event('Sunday', '02:30'),
      '2026-04-04T14:00:00Z',
      true,
    ],
    ['repeated 02:30, 02:01 NZST', event('Sunday', '02:30'), '2026-04-04T14:01:00Z', false],
    ['repeated 02:30, second 02:30 (NZST)', event('Sunday', '02:30'), '2026-04-04T14:30:00Z', false],
    // Clocks go forward on Sunday 2026-09-27 (02:00 NZST → 03:00 NZDT).
    ['spring-forward day, 10:00 NZDT = 21:00Z', event('Sunday', '10:00'), '2026-09-26T21:00:00Z', true],
    ['spring-forward day, 09:59 NZDT', event('Sunday', '10:00'), '2026-09-26T20:59:00Z', false],
    [
      'skipped 02:30 starts at 03:30 NZDT: 03:00 NZDT',
      event('Sunday', '02:30'),
      '2026-09-26T14:00:00Z',
      false,
    ],
    [
      'skipped 02:30 starts at 03:30 NZDT: 03:30 NZDT',
      event('Sunday', '02:30'),
      '2026-09-26T14:30:00Z',
      true,
    ],
    [
      'skipped 02:30 starts at 03:30 NZDT: 04:00 NZDT',
      event('Sunday', '02:30'),
      '2026-09-26T15:00:00Z',
      true,
    ],
    [
      'skipped 02:30 starts at 03:30 NZDT: 04:01 NZDT',
      event('Sunday', '02:30'),
      '2026-09-26T15:01:00Z',
      false,
    ],
    // 01:45 NZST starts before the jump; its 30 minutes end at 03:15 NZDT.
    ['01:45 across the jump, at 03:15 NZDT', event('Sunday', '01:45'), '2026-09-26T14:15:00Z', true],
    ['01:45 across the jump, at 03:16 NZDT', event('Sunday', '01:45'), '2026-09-26T14:16:00Z', false],
    // Late events stay live past midnight.
    ['Monday 23:45 at Tuesday 00:05', event('Monday', '23:45'), '2026-03-30T11:05:00Z', true],
    ['Monday 23:45 at Tuesday 00:16', event('Monday', '23:45'), '2026-03-30T11:16:00Z', false],
    // Monthly patterns: 2026-03-31 is the last (5th) Tuesday of March.
    ['last Tuesday on the 31st', event('Tuesday', '10:00', 'Month last'), '2026-03-30T21:10:00Z', true],
    ['third Tuesday on the 31st', event('Tuesday', '10:00', 'Month third'), '2026-03-30T21:10:00Z', false],
    ['first Tuesday on the 31st', event('Tuesday', '10:00', 'Month first'), '2026-03-30T21:10:00Z', false],
    ['first Tuesday on 2026-03-03', event('Tuesday', '10:00', 'Month first'), '2026-03-02T21:10:00Z', true],
    [
      'last Tuesday on leap day 2028-02-29',
      event('Tuesday', '10:00', 'Month last'),
      '2028-02-28T21:10:00Z',
      true,
    ],
    [
      'last Tuesday on 2028-02-22 (not last)',
      event('Tuesday', '10:00', 'Month last'),
      '2028-02-21T21:10:00Z',
      false,
    ],
    ['last Sunday on 2100-02-28', event('Sunday', '10:00', 'Month last'), '2100-02-27T21:10:00Z', true],
  ])('%s', (_name, schedule, iso, expected) => {
    expect(isEventHappeningNow(schedule, at(iso), AUCKLAND)).toBe(expected);
  });

  it('evaluates in the given zone', () => {
    // 10:00 in New York on Sunday 2026-03-29 (EDT, UTC−4) is 14:00Z.
    const schedule = event('Sunday', '10:00');
    expect(isEventHappeningNow(schedule, at('2026-03-29T14:05:00Z'), 'America/New_York')).toBe(true);
    expect(isEventHappeningNow(schedule, at('2026-03-29T14:05:00Z'), AUCKLAND)).toBe(false);
  });

  it('rejects a malformed time', () => {
    expect(() => isEventHappeningNow(event('Sunday', '7pm'), at('2026-03-29T14:05:00Z'))).toThrow(RangeError);
  });
});

describe('minutesUntilNextOccurrence', () => {
  it.each<[string, EventSchedule, string, number]>([
    ['one minute before', event('Sunday', '10:00'), '2026-03-28T20:59:00Z', 1],
    ['at the start', event('Sunday', '10:00'), '2026-03-28T21:00:00Z', 0],
    ['30 s before rounds up to 1', event('Sunday', '10:00'), '2026-03-28T20:59:30Z', 1],
    ['start passed today → 7 days ahead', event('Sunday', '10:00'), '2026-03-14T21:01:00Z', 7 * 1440 - 1],
    ['later in the week', event('Wednesday', '10:00'), '2026-03-28T21:00:00Z', 3 * 1440],
    // Saturday 10:00 NZDT → Sunday 10:00 NZST across the fall-back: 25 real hours.
    ['across the fall-back, one day ahead', event('Sunday', '10:00'), '2026-04-03T21:00:00Z', 25 * 60],
    // Sunday 2026-03-29 10:01 NZDT → Sunday 2026-04-05 10:00 NZST: a week plus an hour, less a minute.
    [
      'across the fall-back, a week ahead',
      event('Sunday', '10:00'),
      '2026-03-28T21:01:00Z',
      7 * 1440 + 60 - 1,
    ],
    ['a week from the fall-back day', event('Sunday', '10:00'), '2026-04-04T22:01:00Z', 7 * 1440 - 1],
    // Saturday 10:00 NZST → Sunday 10:00 NZDT across the spring-forward: 23 real hours.
    ['across the spring-forward', event('Sunday', '10:00'), '2026-09-25T22:00:00Z', 23 * 60],
    [
      'Saturday 02:30 NZST → skipped Sunday 02:30 (03:30 NZDT)',
      event('Sunday', '02:30'),
      '2026-09-25T14:30:00Z',
      1440,
    ],
    [
      'from the Sunday before the spring-forward',
      event('Sunday', '10:00'),
      '2026-09-19T22:01:00Z',
      7 * 1440 - 60 - 1,
    ],
    // Monthly: next last Tuesday after Tuesday 2026-03-31 11:00 NZDT is 2026-04-28 10:00 NZST.
    ['next last Tuesday', event('Tuesday', '10:00', 'Month last'), '2026-03-30T22:00:00Z', 28 * 1440],
    // From Monday 2026-03-09 10:00 NZDT (2nd Monday) to the first Monday of April, 2026-04-06 10:00 NZST.
    ['next first Monday', event('Monday', '10:00', 'Month first'), '2026-03-08T21:00:00Z', 28 * 1440 + 60],
    // From Monday 2028-02-28 10:01 (leap Feb, last Monday): next last Monday is 2028-03-27.
    [
      'next last Monday after a leap February',
      event('Monday', '10:00', 'Month last'),
      '2028-02-27T21:01:00Z',
      28 * 1440 - 1,
    ],
    [
      'at the last Monday of a leap February',
      event('Monday', '10:00', 'Month last'),
      '2028-02-27T21:00:00Z',
      0,
    ],
  ])('%s', (_name, schedule, iso, expected) => {
    expect(minutesUntilNextOccurrence(schedule, at(iso), AUCKLAND)).toBe(expected);
  });

  it('always lands on an occurrence of the schedule, within five weeks, at its wall-clock time', () => {
    fc.assert(
      fc.property(scheduleArbitrary, instantArbitrary, (schedule, now) => {
        const next = nextOccurrence(schedule, now, AUCKLAND);
        const minutes = minutesUntilNextOccurrence(schedule, now, AUCKLAND);
        expect(next.getTime()).toBeGreaterThanOrEqual(now.getTime());
        expect(minutes).toBeLessThanOrEqual(36 * 1440);
        const wall = zonedDateTime(next, AUCKLAND);
        expect(occursOnDate(schedule, wall)).toBe(true);
        const [h, m] = schedule.time.split(':').map(Number);
        // Wall time equals the schedule except on a skipped (spring-forward) hour.
        if (wall.hour !== h) expect(wall.hour).toBe((h ?? 0) + 1);
        expect(wall.minute).toBe(m);
        // It is live exactly at its start.
        expect(isEventHappeningNow(schedule, next, AUCKLAND)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('repeat patterns across month and year boundaries (Pacific/Auckland)', () => {
  // [name, schedule, now, next start]; NZDT is UTC+13 (late September to early April), NZST UTC+12.
  it.each<[string, EventSchedule, string, string]>([
    [
      'Week: January into February',
      event('Thursday', '10:00'),
      '2026-01-28T21:01:00Z',
      '2026-02-04T21:00:00Z',
    ],
    ['Week: across New Year', event('Thursday', '10:00'), '2026-12-30T22:00:00Z', '2027-01-06T21:00:00Z'],
    [
      'Month first: December into January',
      event('Monday', '10:00', 'Month first'),
      '2026-12-20T23:00:00Z',
      '2027-01-03T21:00:00Z',
    ],
    [
      'Month second: December into January',
      event('Monday', '10:00', 'Month second'),
      '2026-12-20T23:00:00Z',
      '2027-01-10T21:00:00Z',
    ],
    [
      'Month third: from the third Monday of December, after its start',
      event('Monday', '10:00', 'Month third'),
      '2026-12-20T23:00:00Z',
      '2027-01-17T21:00:00Z',
    ],
    [
      'Month last: later the same month (Dec 28)',
      event('Monday', '10:00', 'Month last'),
      '2026-12-20T23:00:00Z',
      '2026-12-27T21:00:00Z',
    ],
    [
      'Month last: December into January',
      event('Monday', '10:00', 'Month last'),
      '2026-12-27T23:00:00Z',
      '2027-01-24T21:00:00Z',
    ],
    [
      'Month last, 28-day February (Feb 28) into March',
      event('Saturday', '10:00', 'Month last'),
      '2026-02-27T22:00:00Z',
      '2026-03-27T21:00:00Z',
    ],
    [
      'Month last, 29-day February: the 22nd is not last, the 29th is',
      event('Tuesday', '10:00', 'Month last'),
      '2028-02-21T22:00:00Z',
      '2028-02-28T21:00:00Z',
    ],
    [
      'Month last, 30-day November (Nov 26)',
      event('Thursday', '10:00', 'Month last'),
      '2026-10-28T22:00:00Z',
      '2026-11-25T21:00:00Z',
    ],
    [
      'Month last, 31-day January: the 24th is not last, the 31st is',
      event('Saturday', '10:00', 'Month last'),
      '2026-01-23T22:00:00Z',
      '2026-01-30T21:00:00Z',
    ],
    // The first Sunday of April 2026 is the fall-back day: 02:30 happens twice, the first counts.
    [
      'Month first on the fall-back day, repeated 02:30 → first (NZDT)',
      event('Sunday', '02:30', 'Month first'),
      '2026-03-28T21:00:00Z',
      '2026-04-04T13:30:00Z',
    ],
    // The last Sunday of September 2026 is the spring-forward day: 02:30 does not exist → 03:30.
    [
      'Month last on the spring-forward day, skipped 02:30 → 03:30 NZDT',
      event('Sunday', '02:30', 'Month last'),
      '2026-09-19T22:00:00Z',
      '2026-09-26T14:30:00Z',
    ],
  ])('%s', (_name, schedule, now, expected) => {
    expect(nextOccurrence(schedule, at(now), AUCKLAND).toISOString()).toBe(new Date(expected).toISOString());
    const minutes = (new Date(expected).getTime() - at(now).getTime()) / 60_000;
    expect(minutesUntilNextOccurrence(schedule, at(now), AUCKLAND)).toBe(minutes);
  });

  it.each<[string, EventSchedule, string, boolean]>([
    // Tuesday 2026-03-31 23:45 NZDT (last Tuesday of March) is still live early on 1 April.
    [
      'Month last 23:45 live at 00:10 on the 1st',
      event('Tuesday', '23:45', 'Month last'),
      '2026-03-31T11:10:00Z',
      true,
    ],
    [
      'Month last 23:45 over at 00:16 on the 1st',
      event('Tuesday', '23:45', 'Month last'),
      '2026-03-31T11:16:00Z',
      false,
    ],
    ['Week 23:50 on New Year’s Eve live at 00:15', event('Thursday', '23:50'), '2026-12-31T11:15:00Z', true],
    ['Week 23:50 on New Year’s Eve over at 00:21', event('Thursday', '23:50'), '2026-12-31T11:21:00Z', false],
    [
      'Month first, fall-back day, 02:45 NZDT',
      event('Sunday', '02:30', 'Month first'),
      '2026-04-04T13:45:00Z',
      true,
    ],
    [
      'Month first, fall-back day, second 02:45 (NZST)',
      event('Sunday', '02:30', 'Month first'),
      '2026-04-04T14:45:00Z',
      false,
    ],
    [
      'Month last, spring-forward day, 03:40 NZDT',
      event('Sunday', '02:30', 'Month last'),
      '2026-09-26T14:40:00Z',
      true,
    ],
    [
      'Month last, spring-forward day, 01:40 NZST',
      event('Sunday', '02:30', 'Month last'),
      '2026-09-26T13:40:00Z',
      false,
    ],
  ])('%s → %s', (_name, schedule, iso, expected) => {
    expect(isEventHappeningNow(schedule, at(iso), AUCKLAND)).toBe(expected);
  });
});

describe('the 30-minute window to the millisecond', () => {
  // Sunday 2026-03-29 10:00 NZDT = 2026-03-28T21:00:00.000Z.
  it.each([
    ['1 ms before the start', '2026-03-28T20:59:59.999Z', false],
    ['at the start', '2026-03-28T21:00:00.000Z', true],
    ['exactly 30 minutes after', '2026-03-28T21:30:00.000Z', true],
    ['30 minutes and 1 ms after', '2026-03-28T21:30:00.001Z', false],
  ])('%s → %s', (_name, iso, expected) => {
    expect(isEventHappeningNow(event('Sunday', '10:00'), at(iso), AUCKLAND)).toBe(expected);
  });

  it('is live exactly when an occurrence started at most 30 minutes ago (every pattern, 2024–2030)', () => {
    fc.assert(
      fc.property(scheduleArbitrary, instantArbitrary, (schedule, now) => {
        const windowStart = new Date(now.getTime() - 30 * 60_000);
        const started = nextOccurrence(schedule, windowStart, AUCKLAND).getTime() <= now.getTime();
        expect(isEventHappeningNow(schedule, now, AUCKLAND)).toBe(started);
      }),
      { numRuns: 500 },
    );
  });
});

describe('isEventOnToday', () => {
  // Sunday 2026-03-29 in Auckland (NZDT, UTC+13 until 5 April).
  it.each([
    [
      'a Sunday event, on Sunday morning before it starts',
      event('Sunday', '15:00'),
      '2026-03-28T20:00:00Z',
      true,
    ],
    ['a Sunday event, on Saturday evening', event('Sunday', '15:00'), '2026-03-28T08:00:00Z', false],
    [
      'a Saturday 23:45 event, live at 00:05 on Sunday',
      event('Saturday', '23:45'),
      '2026-03-28T11:05:00Z',
      true,
    ],
    [
      'a Saturday 23:45 event, at 00:30 on Sunday (over)',
      event('Saturday', '23:45'),
      '2026-03-28T11:30:00Z',
      false,
    ],
    [
      'a first-Sunday event on the last Sunday',
      event('Sunday', '10:00', 'Month first'),
      '2026-03-28T20:00:00Z',
      false,
    ],
    [
      'a last-Sunday event on the last Sunday',
      event('Sunday', '10:00', 'Month last'),
      '2026-03-28T20:00:00Z',
      true,
    ],
  ])('%s → %s', (_name, schedule, iso, expected) => {
    expect(isEventOnToday(schedule, at(iso), AUCKLAND)).toBe(expected);
  });

  it('holds whenever it is happening now; otherwise only on a date the schedule fits (today, or yesterday while live)', () => {
    const zones = fc.constantFrom(AUCKLAND, 'Europe/Berlin', 'America/New_York', 'UTC');
    fc.assert(
      fc.property(scheduleArbitrary, instantArbitrary, zones, (schedule, now, zone) => {
        const local = zonedDateTime(now, zone);
        const today = { year: local.year, month: local.month, day: local.day };
        const onToday = isEventOnToday(schedule, now, zone);
        if (isEventHappeningNow(schedule, now, zone)) expect(onToday).toBe(true);
        if (occursOnDate(schedule, today)) expect(onToday).toBe(true);
        // Not on today's date, yet "today": only while yesterday's occurrence is live.
        if (onToday && !occursOnDate(schedule, today))
          expect(isEventHappeningNow(schedule, now, zone)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
