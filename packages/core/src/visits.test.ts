import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VISIT_ACCURACY_CAP_M, VISIT_MAX_DISTANCE_M } from './constants.ts';
import { destinationPoint } from './geo.ts';
import { visitRequestSchema } from './schemas/place.ts';
import { localDateInZone, MS_PER_DAY } from './time.ts';
import {
  canLogVisitAgain,
  checkVisitDistance,
  daysAgoAtPlace,
  ownVisitState,
  publicLastVisit,
  VISIT_REPEAT_WINDOW_MS,
  visitAllowanceM,
} from './visits.ts';

describe('publicLastVisit', () => {
  it.each([
    // 10:05 NZDT on 23 Nov is 21:05 UTC on the 22nd: the public day is the place's own.
    ['Pacific/Auckland', '2026-11-22T21:05:31.123Z', '2026-11-22T11:00:00.000Z'],
    ['Pacific/Auckland', '2026-11-23T10:59:59.999Z', '2026-11-22T11:00:00.000Z'],
    ['Pacific/Auckland', '2026-11-23T11:00:00.000Z', '2026-11-23T11:00:00.000Z'],
    ['Europe/Berlin', '2026-11-23T16:42:10.000Z', '2026-11-22T23:00:00.000Z'],
    ['UTC', '2026-11-23T00:00:00.001Z', '2026-11-23T00:00:00.000Z'],
    // The day clocks go forward in Auckland (27 Sep 2026) still starts at local midnight.
    ['Pacific/Auckland', '2026-09-27T03:00:00.000Z', '2026-09-26T12:00:00.000Z'],
  ])('in %s, a visit at %s shows as %s', (timeZone, visit, shown) => {
    expect(publicLastVisit(new Date(visit), timeZone).toISOString()).toBe(shown);
  });

  it('never reveals more than the local day, and never moves the visit to another day', () => {
    const zones = ['Pacific/Auckland', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC'];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (visit, zone) => {
          const shown = publicLastVisit(visit, zone);
          expect(shown.getTime()).toBeLessThanOrEqual(visit.getTime());
          expect(visit.getTime() - shown.getTime()).toBeLessThan(MS_PER_DAY + 3_600_000);
          expect(localDateInZone(shown, zone)).toEqual(localDateInZone(visit, zone));
          // Every visit of one local day shows the same instant.
          expect(publicLastVisit(shown, zone).getTime()).toBe(shown.getTime());
        },
      ),
      { seed: 20261123 },
    );
  });
});

const PLACE = { lat: 53.8655, lng: 10.6866 };
/** A reading `metres` east of the place with the given accuracy. */
const readingAt = (metres: number, accuracy: number) => ({
  ...destinationPoint(PLACE, 90, metres / 1000),
  accuracy,
});

describe('checkVisitDistance', () => {
  it.each([
    ['at the place', 0, 10, true],
    ['290 m away, accurate', 290, 5, true],
    ['310 m away, accurate to 15 m', 310, 15, true],
    ['310 m away, accurate to 0 m', 310, 0, false],
    ['450 m away, accurate to 160 m', 450, 160, true],
    ['499 m away, accuracy 5 km (capped at 200 m)', 499, 5000, true],
    ['520 m away, accuracy 5 km (capped at 200 m)', 520, 5000, false],
    ['2 km away', 2000, 20, false],
  ])('%s → %s', (_, metres, accuracy, ok) => {
    expect(checkVisitDistance(readingAt(metres, accuracy), PLACE).ok).toBe(ok);
  });

  it('says how far away a refused visit is, in the one distance format', () => {
    const auckland = { lat: -36.848461, lng: 174.763336, accuracy: 15 };
    const result = checkVisitDistance(auckland, PLACE);
    expect(result).toMatchObject({ ok: false, code: 'too_far' });
    expect(result.ok ? '' : result.message).toBe(
      'You need to be at the place to log a visit — you are 17 762 km away.',
    );
  });

  it('allows 300 m plus the accuracy, capped, for any reading', () => {
    expect(visitAllowanceM(0)).toBe(VISIT_MAX_DISTANCE_M);
    expect(visitAllowanceM(-3)).toBe(VISIT_MAX_DISTANCE_M);
    expect(visitAllowanceM(Number.POSITIVE_INFINITY)).toBe(VISIT_MAX_DISTANCE_M + VISIT_ACCURACY_CAP_M);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), (accuracy) => {
        const allowance = visitAllowanceM(accuracy);
        expect(allowance).toBeGreaterThanOrEqual(VISIT_MAX_DISTANCE_M);
        expect(allowance).toBeLessThanOrEqual(VISIT_MAX_DISTANCE_M + VISIT_ACCURACY_CAP_M);
      }),
    );
  });

  it('a visit request is lat, lng and accuracy, nothing else', () => {
    expect(visitRequestSchema.safeParse({ lat: 1, lng: 2, accuracy: 12 }).success).toBe(true);
    expect(visitRequestSchema.safeParse({ lat: 1, lng: 2 }).success).toBe(false);
    expect(visitRequestSchema.safeParse({ lat: 91, lng: 2, accuracy: 1 }).success).toBe(false);
    expect(visitRequestSchema.safeParse({ lat: 1, lng: 2, accuracy: -1 }).success).toBe(false);
    expect(visitRequestSchema.safeParse({ lat: 1, lng: 2, accuracy: 1, at: 'x' }).success).toBe(false);
  });
});

describe('canLogVisitAgain', () => {
  it.each([
    ['never visited', null, '2026-11-23T10:00:00.000Z', true],
    [
      '10:59, then 11:00 (the clock hour turned, one minute later)',
      '2026-11-23T10:59:00.000Z',
      '2026-11-23T11:00:00.000Z',
      false,
    ],
    ['10:00, then 10:59 (same clock hour)', '2026-11-23T10:00:00.000Z', '2026-11-23T10:59:00.000Z', false],
    ['59 minutes later', '2026-11-23T10:30:00.000Z', '2026-11-23T11:29:00.000Z', false],
    ['a millisecond short of 60 minutes', '2026-11-23T10:30:00.000Z', '2026-11-23T11:29:59.999Z', false],
    ['exactly 60 minutes later', '2026-11-23T10:30:00.000Z', '2026-11-23T11:30:00.000Z', true],
    ['61 minutes later', '2026-11-23T10:30:00.000Z', '2026-11-23T11:31:00.000Z', true],
    ['the next day', '2026-11-22T10:30:00.000Z', '2026-11-23T10:00:00.000Z', true],
    ['at the same instant (a double tap)', '2026-11-23T10:30:00.000Z', '2026-11-23T10:30:00.000Z', false],
    ['a last visit a little in the future', '2026-11-23T10:30:05.000Z', '2026-11-23T10:30:00.000Z', false],
  ])('%s → %s', (_, last, now, allowed) => {
    expect(canLogVisitAgain(last === null ? null : new Date(last), new Date(now))).toBe(allowed);
  });

  it('allows a repeat exactly when at least the window has passed since the last visit', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: -2 * VISIT_REPEAT_WINDOW_MS, max: 3 * VISIT_REPEAT_WINDOW_MS }),
        (last, elapsedMs) => {
          const now = new Date(last.getTime() + elapsedMs);
          expect(canLogVisitAgain(last, now)).toBe(elapsedMs >= VISIT_REPEAT_WINDOW_MS);
          // Monotone: once allowed, allowed at every later time too.
          if (canLogVisitAgain(last, now)) {
            expect(canLogVisitAgain(last, new Date(now.getTime() + 1))).toBe(true);
          }
        },
      ),
      { seed: 20261123 },
    );
  });

  it('never allows two visits less than an hour apart, wherever the clock hour falls', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: VISIT_REPEAT_WINDOW_MS - 1 }),
        (first, gapMs) => {
          expect(canLogVisitAgain(first, new Date(first.getTime() + gapMs))).toBe(false);
        },
      ),
    );
  });
});

describe('ownVisitState', () => {
  const now = new Date('2026-11-23T03:20:00.000Z'); // 16:20 in Auckland
  it.each([
    ['no visit', null, 'none'],
    ['a visit earlier this hour', '2026-11-23T03:01:00.000Z', 'logged'],
    ['a visit in the clock hour before, 21 minutes ago', '2026-11-23T02:59:00.000Z', 'logged'],
    ['a visit 59:59 ago', '2026-11-23T02:20:01.000Z', 'logged'],
    ['a visit exactly an hour ago', '2026-11-23T02:20:00.000Z', 'today'],
    ['a visit this morning in Auckland', '2026-11-22T19:00:00.000Z', 'today'],
    ['a visit yesterday evening in Auckland', '2026-11-22T10:30:00.000Z', 'none'],
  ])('%s → %s', (_, visit, state) => {
    expect(ownVisitState(visit === null ? null : new Date(visit), now, 'Pacific/Auckland')).toBe(state);
  });

  it("says 'logged' exactly while another visit would be refused", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 * VISIT_REPEAT_WINDOW_MS }), (agoMs) => {
        const last = new Date(now.getTime() - agoMs);
        expect(ownVisitState(last, now, 'Pacific/Auckland') === 'logged').toBe(!canLogVisitAgain(last, now));
      }),
    );
  });
});

describe('daysAgoAtPlace (issue 32: one calendar for every visit line)', () => {
  it.each<[string, string, string, string, number]>([
    // The issue: a visit at 10:00 in Auckland, read from Berlin at 10:30 Auckland time.
    [
      'the public day of a visit this morning is today there',
      '2026-11-16T10:00:00+13:00',
      '2026-11-16T10:30:00+13:00',
      'Pacific/Auckland',
      0,
    ],
    [
      'the day before, there',
      '2026-11-15T23:30:00+13:00',
      '2026-11-16T00:30:00+13:00',
      'Pacific/Auckland',
      1,
    ],
    ['a week ago', '2026-11-09T12:00:00+01:00', '2026-11-16T12:00:00+01:00', 'Europe/Berlin', 7],
    ['never negative (a clock a little behind)', '2026-11-16T12:00:00Z', '2026-11-16T11:59:00Z', 'UTC', 0],
  ])('%s', (_label, then, now, timeZone, days) => {
    expect(daysAgoAtPlace(new Date(then), new Date(now), timeZone)).toBe(days);
  });

  it('"You were here today" and "last one today" agree for any visit, place zone and reader', () => {
    const zones = ['Pacific/Auckland', 'Europe/Berlin', 'America/Los_Angeles', 'Asia/Kolkata', 'UTC'];
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2026-01-01T00:00:00Z'),
          max: new Date('2027-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 3 * 24 * 60 }),
        fc.constantFrom(...zones),
        (visit, minutesLater, timeZone) => {
          const now = new Date(visit.getTime() + minutesLater * 60_000);
          const own = ownVisitState(visit, now, timeZone);
          const lastDays = daysAgoAtPlace(publicLastVisit(visit, timeZone), now, timeZone);
          // 'logged' (within the hour) may straddle midnight; 'today' and "today" never disagree.
          if (own === 'today') expect(lastDays).toBe(0);
          if (lastDays === 0) expect(own).not.toBe('none');
        },
      ),
      { seed: 32 },
    );
  });
});
