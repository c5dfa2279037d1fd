import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isOpenAt,
  isWellFormedOpeningHours,
  openingStatusAt,
  parseOpeningHours,
  type OpeningStatus,
} from './opening-hours.ts';
import { zonedDateTime } from './time.ts';

const at = (iso: string) => new Date(iso);
const status = (value: string, timeZone: string, iso: string): OpeningStatus =>
  openingStatusAt(parseOpeningHours(value), timeZone, at(iso));

describe('openingStatusAt', () => {
  it.each([
    // Friday 27 Nov 2026, 11:00 in Lübeck (CET, UTC+1)
    [
      'Mo-Fr 09:00-19:00',
      'Europe/Berlin',
      '2026-11-27T10:00:00Z',
      { state: 'open', change: { time: '19:00', daysAhead: 0, weekday: 4 } },
    ],
    // 19:30 on that Friday: closed until Monday 09:00
    [
      'Mo-Fr 09:00-19:00',
      'Europe/Berlin',
      '2026-11-27T18:30:00Z',
      { state: 'closed', change: { time: '09:00', daysAhead: 3, weekday: 0 } },
    ],
    // the same instant is Saturday 07:30 in Auckland (NZDT, UTC+13)
    [
      'Mo-Su 09:00-17:00',
      'Pacific/Auckland',
      '2026-11-27T18:30:00Z',
      { state: 'closed', change: { time: '09:00', daysAhead: 0, weekday: 5 } },
    ],
    ['24/7', 'Europe/Berlin', '2026-11-27T03:00:00Z', { state: 'open', change: null }],
    // "+" means an open end: the package calls the state unknown
    ['Mo-Su 10:00+', 'Europe/Berlin', '2026-11-27T12:00:00Z', { state: 'unknown', change: null }],
    ['garbage!!', 'Europe/Berlin', '2026-11-27T12:00:00Z', { state: 'unknown', change: null }],
    ['yes', 'Europe/Berlin', '2026-11-27T12:00:00Z', { state: 'unknown', change: null }],
    ['', 'Europe/Berlin', '2026-11-27T12:00:00Z', { state: 'unknown', change: null }],
    ['sunrise-sunset', 'Europe/Berlin', '2026-11-27T12:00:00Z', { state: 'unknown', change: null }],
  ])('%s in %s at %s', (value, timeZone, iso, expected) => {
    expect(status(value, timeZone, iso)).toEqual(expected);
  });

  it('follows the wall clock across the spring change (Berlin, 29 Mar 2026: 02:00 → 03:00)', () => {
    const value = 'Su 01:00-03:30';
    expect(status(value, 'Europe/Berlin', '2026-03-29T00:59:59Z').state).toBe('open'); // 01:59:59 CET
    expect(status(value, 'Europe/Berlin', '2026-03-29T01:00:00Z').state).toBe('open'); // 03:00 CEST
    expect(status(value, 'Europe/Berlin', '2026-03-29T01:30:00Z').state).toBe('closed'); // 03:30 CEST
  });

  it('is open in both 02:15s of the autumn change (Berlin, 25 Oct 2026: 03:00 → 02:00)', () => {
    const value = 'Su 02:00-02:30';
    expect(status(value, 'Europe/Berlin', '2026-10-25T00:15:00Z').state).toBe('open'); // 02:15 CEST
    expect(status(value, 'Europe/Berlin', '2026-10-25T00:45:00Z').state).toBe('closed'); // 02:45 CEST
    expect(status(value, 'Europe/Berlin', '2026-10-25T01:15:00Z').state).toBe('open'); // 02:15 CET
  });
});

describe('isWellFormedOpeningHours', () => {
  it.each([
    ['Mo-Fr 09:00-19:00', true],
    ['sunrise-sunset', true],
    ['Apr-Oct: 08:00-20:00; PH off', true],
    ['Mo-Fr 9-19 Uhr', true], // the package reads common German shorthand
    ['Mo-Xy 09:00-19:00', false],
    ['garbage!!', false],
    ['yes', false],
  ])('%s → %s', (value, expected) => {
    expect(isWellFormedOpeningHours(value)).toBe(expected);
  });
});

const ZONES = ['Europe/Berlin', 'Pacific/Auckland', 'America/New_York', 'Australia/Lord_Howe', 'UTC'];
const DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;

/** A weekly rule "Dd-Dd HH:MM-HH:MM" and an oracle for it written from the wall clock alone. */
const weeklyRule = fc
  .record({
    from: fc.integer({ min: 0, max: 6 }),
    span: fc.integer({ min: 0, max: 6 }),
    open: fc.integer({ min: 0, max: 23 * 60 }),
    length: fc.integer({ min: 15, max: 12 * 60 }),
  })
  .map(({ from, span, open, length }) => {
    const to = Math.min(6, from + span);
    const close = Math.min(24 * 60 - 1, open + length);
    const hhmm = (minutes: number) =>
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return {
      value: `${DAYS[from]}-${DAYS[to]} ${hhmm(open)}-${hhmm(close)}`,
      holds: (weekday: number, minute: number) =>
        weekday >= from && weekday <= to && minute >= open && minute < close,
    };
  });

/** Instants in 2024–2028, and many of them within two hours of a daylight-saving change. */
const CHANGES = [
  '2026-03-29T01:00:00Z', // Europe
  '2026-10-25T01:00:00Z',
  '2026-04-04T14:00:00Z', // Auckland, back
  '2026-09-26T14:00:00Z', // Auckland, forward
  '2026-03-08T07:00:00Z', // New York
  '2026-11-01T06:00:00Z',
].map((iso) => Date.parse(iso));
const instant = fc.oneof(
  fc.integer({ min: Date.parse('2024-01-01T00:00:00Z'), max: Date.parse('2028-12-31T00:00:00Z') }),
  fc
    .tuple(fc.constantFrom(...CHANGES), fc.integer({ min: -2 * 3600, max: 2 * 3600 }))
    .map(([change, seconds]) => change + seconds * 1000),
);

describe('open now, property', () => {
  it('agrees with a wall-clock oracle for weekly hours, at any instant and in any zone', () => {
    fc.assert(
      fc.property(weeklyRule, instant, fc.constantFrom(...ZONES), (rule, ms, timeZone) => {
        const now = new Date(ms);
        const wall = zonedDateTime(now, timeZone);
        const weekday = (new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay() + 6) % 7;
        const expected = rule.holds(weekday, wall.hour * 60 + wall.minute);
        expect(isOpenAt(parseOpeningHours(rule.value), timeZone, now)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('isOpenAt is the status "open", and a change is always ahead within the horizon', () => {
    fc.assert(
      fc.property(weeklyRule, instant, fc.constantFrom(...ZONES), (rule, ms, timeZone) => {
        const hours = parseOpeningHours(rule.value);
        const now = new Date(ms);
        const shown = openingStatusAt(hours, timeZone, now);
        expect(shown.state === 'open').toBe(isOpenAt(hours, timeZone, now));
        expect(shown.state).not.toBe('unknown');
        expect(shown.change?.daysAhead).toBeLessThanOrEqual(8);
      }),
    );
  });
});
