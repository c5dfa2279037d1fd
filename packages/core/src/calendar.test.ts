import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { firstStart, icalOffset, recurrenceRule, vtimezone } from './calendar.ts';
import { REPEAT_PATTERNS, WEEKDAY_NAMES } from './constants.ts';
import { timeZoneOffsetMs } from './time.ts';

describe('recurrenceRule', () => {
  it.each([
    ['Monday', 'Week', 'FREQ=WEEKLY;BYDAY=MO'],
    ['Saturday', 'Month first', 'FREQ=MONTHLY;BYDAY=1SA'],
    ['Sunday', 'Month second', 'FREQ=MONTHLY;BYDAY=2SU'],
    ['Wednesday', 'Month third', 'FREQ=MONTHLY;BYDAY=3WE'],
    ['Friday', 'Month last', 'FREQ=MONTHLY;BYDAY=-1FR'],
  ] as const)('%s %s → %s', (dayOfWeek, repeatPattern, rule) => {
    expect(recurrenceRule({ dayOfWeek, repeatPattern })).toBe(rule);
  });
});

describe('icalOffset', () => {
  it.each([
    [3_600_000, '+0100'],
    [-12_600_000, '-0330'],
    [20_700_000, '+0545'],
    [0, '+0000'],
  ])('%d → %s', (ms, text) => {
    expect(icalOffset(ms)).toBe(text);
  });
});

describe('vtimezone', () => {
  const zones = [
    'Europe/Berlin',
    'Pacific/Auckland',
    'America/New_York',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
    'America/Sao_Paulo',
  ];
  const parsed = new Map<string, ICAL.Timezone>();
  const timezoneOf = (zone: string): ICAL.Timezone => {
    let timezone = parsed.get(zone);
    if (!timezone) {
      const component = new ICAL.Component(
        ICAL.parse(`BEGIN:VCALENDAR\r\n${vtimezone(zone, 2025, 2036)}\r\nEND:VCALENDAR`) as unknown[],
      );
      timezone = new ICAL.Timezone(component.getFirstSubcomponent('vtimezone') ?? undefined);
      parsed.set(zone, timezone);
    }
    return timezone;
  };
  it('gives ical.js the offset Intl has at any instant of the years it covers (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2026, 0, 2), max: Date.UTC(2035, 11, 30) }),
        (zone, ms) => {
          const timezone = timezoneOf(zone);
          const time = ICAL.Time.fromJSDate(new Date(ms), true);
          expect(timezone.utcOffset(time) * 1000).toBe(timeZoneOffsetMs(new Date(ms), zone));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('firstStart', () => {
  it('is an occurrence of the schedule, at its written time, on or after the moment (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WEEKDAY_NAMES),
        fc.constantFrom(...REPEAT_PATTERNS),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 0, 1) }),
        (dayOfWeek, repeatPattern, hour, ms) => {
          const time = `${String(hour).padStart(2, '0')}:15`;
          const start = firstStart({ dayOfWeek, repeatPattern, time }, new Date(ms), 'Europe/Berlin');
          expect(start.hour).toBe(hour);
          expect(start.minute).toBe(15);
          const weekday = new Date(Date.UTC(start.year, start.month - 1, start.day)).getUTCDay();
          expect(WEEKDAY_NAMES[(weekday + 6) % 7]).toBe(dayOfWeek);
        },
      ),
    );
  });
});
