import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VISIT_ACCURACY_CAP_M, VISIT_MAX_DISTANCE_M } from './constants.ts';
import { destinationPoint } from './geo.ts';
import { visitRequestSchema } from './schemas/location.ts';
import { localDateInZone, MS_PER_DAY } from './time.ts';
import {
  checkVisitDistance,
  ownVisitState,
  publicLastVisit,
  visitAllowanceM,
  visitHourStart,
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

describe('ownVisitState', () => {
  const now = new Date('2026-11-23T03:20:00.000Z'); // 16:20 in Auckland
  it.each([
    ['no visit', null, 'none'],
    ['a visit earlier this hour', '2026-11-23T03:01:00.000Z', 'logged'],
    ['a visit at the start of this hour', '2026-11-23T03:00:00.000Z', 'logged'],
    ['a visit in the hour before', '2026-11-23T02:59:59.000Z', 'today'],
    ['a visit this morning in Auckland', '2026-11-22T19:00:00.000Z', 'today'],
    ['a visit yesterday evening in Auckland', '2026-11-22T10:30:00.000Z', 'none'],
  ])('%s → %s', (_, visit, state) => {
    expect(ownVisitState(visit === null ? null : new Date(visit), now, 'Pacific/Auckland')).toBe(state);
  });

  it('counts visits per clock hour', () => {
    expect(visitHourStart(new Date('2026-11-23T03:59:59.999Z')).toISOString()).toBe(
      '2026-11-23T03:00:00.000Z',
    );
  });
});
