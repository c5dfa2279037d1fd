import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGE_RANGES } from './constants.ts';
import { FACT_FILTERS } from './fact-filters.ts';
import { destinationPoint, distanceKm, type LatLng } from './geo.ts';
import {
  RIGHT_NOW_REACH_KM,
  rightNow,
  suitsAge,
  walkingMinutes,
  WALKING_SPEED_KMH,
  type RightNowPlace,
} from './right-now.ts';

/** Lübeck's town hall: the person stands there. */
const HERE: LatLng = { lat: 53.8655, lng: 10.6866 };

/** A place `km` due east of HERE. */
function place(id: string, km: number, extra: Partial<RightNowPlace> = {}): RightNowPlace {
  const at = destinationPoint(HERE, 90, km);
  return { id, lat: at.lat, lng: at.lng, ageRanges: ['2-5'], openingState: 'open', ...extra };
}

const ids = (answer: ReturnType<typeof rightNow>) => ({
  open: answer.open?.place.id ?? null,
  closerHoursUnknown: answer.closerHoursUnknown?.place.id ?? null,
  toilets: answer.toilets?.place.id ?? null,
  changingTable: answer.changingTable?.place.id ?? null,
  anyWithinReach: answer.anyWithinReach,
});

describe('walkingMinutes', () => {
  it.each([
    [0, 1], // standing there: never "0 min"
    [0.05, 1],
    [0.45, 6], // 450 m at 4.5 km/h: 6 minutes
    [1, 13], // 13.3
    [1.5, 20],
    [3, 40],
    [4.5, 60],
  ])('%f km → %i min', (km, minutes) => {
    expect(walkingMinutes(km)).toBe(minutes);
  });

  it.each([-0.1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %f', (km) => {
    expect(() => walkingMinutes(km)).toThrow(RangeError);
  });

  it('is the straight line at 4.5 km/h, to the minute, and never less for further', () => {
    expect(WALKING_SPEED_KMH).toBe(4.5);
    fc.assert(
      fc.property(
        fc.double({ min: 0.04, max: 50, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (km, more) => {
          expect(Math.abs(walkingMinutes(km) - (km / 4.5) * 60)).toBeLessThanOrEqual(0.5);
          expect(walkingMinutes(km + more)).toBeGreaterThanOrEqual(walkingMinutes(km));
        },
      ),
    );
  });
});

describe('suitsAge', () => {
  it.each([
    [['2-5'], '', true],
    [['2-5'], undefined, true],
    [[], '', true],
    [['2-5'], '2-5', true],
    [['0-2', '2-5'], '0-2', true],
    [['5-12'], '0-2', false],
    [[], '0-2', false], // ages unknown do not suit a chosen age (as the age filter)
  ] as const)('%j for %j → %s', (ageRanges, age, expected) => {
    expect(suitsAge({ ageRanges }, age)).toBe(expected);
  });
});

describe('rightNow', () => {
  it.each<[string, RightNowPlace[], '' | '0-2' | '2-5', ReturnType<typeof ids>]>([
    [
      'the nearest open place, toilets and changing table',
      [
        place('far-open', 1.2, { facts: ['toilets'] }),
        place('near-open', 0.4, { facts: ['fenced'] }),
        place('changing', 0.8, { facts: ['changing_table', 'toilets'] }),
      ],
      '',
      {
        open: 'near-open',
        closerHoursUnknown: null,
        toilets: 'changing',
        changingTable: 'changing',
        anyWithinReach: true,
      },
    ],
    [
      'a closed place is not open, and its toilets are shut too',
      [
        place('closed', 0.1, { openingState: 'closed', facts: ['toilets', 'changing_table'] }),
        place('open', 0.9),
      ],
      '',
      { open: 'open', closerHoursUnknown: null, toilets: null, changingTable: null, anyWithinReach: true },
    ],
    [
      'hours unknown are not open; said when nearer than the open one',
      [place('no-hours', 0.2, { openingState: 'unknown', facts: ['toilets'] }), place('open', 1)],
      '',
      {
        open: 'open',
        closerHoursUnknown: 'no-hours',
        toilets: 'no-hours',
        changingTable: null,
        anyWithinReach: true,
      },
    ],
    [
      'hours unknown further than the open one: not mentioned',
      [place('no-hours', 2, { openingState: 'unknown' }), place('open', 1)],
      '',
      { open: 'open', closerHoursUnknown: null, toilets: null, changingTable: null, anyWithinReach: true },
    ],
    [
      'nothing open: the nearest without hours is still offered',
      [place('no-hours', 2, { openingState: 'unknown' }), place('closed', 0.3, { openingState: 'closed' })],
      '',
      {
        open: null,
        closerHoursUnknown: 'no-hours',
        toilets: null,
        changingTable: null,
        anyWithinReach: true,
      },
    ],
    [
      'the chosen age: a nearer place for older children is passed over',
      [place('older', 0.2, { ageRanges: ['5-12'] }), place('toddlers', 0.7, { ageRanges: ['0-2', '2-5'] })],
      '0-2',
      {
        open: 'toddlers',
        closerHoursUnknown: null,
        toilets: null,
        changingTable: null,
        anyWithinReach: true,
      },
    ],
    [
      'toilets and changing tables suit every age',
      [place('older', 0.2, { ageRanges: ['5-12'], facts: ['toilets', 'changing_table'] })],
      '0-2',
      {
        open: null,
        closerHoursUnknown: null,
        toilets: 'older',
        changingTable: 'older',
        anyWithinReach: true,
      },
    ],
    [
      'beyond 3 km nothing counts',
      [place('too-far', 3.2, { facts: ['toilets', 'changing_table'] })],
      '',
      { open: null, closerHoursUnknown: null, toilets: null, changingTable: null, anyWithinReach: false },
    ],
    [
      'no places at all',
      [],
      '2-5',
      { open: null, closerHoursUnknown: null, toilets: null, changingTable: null, anyWithinReach: false },
    ],
    [
      'equally far: the smaller id, whatever the order',
      [place('b', 0.5), place('a', 0.5)],
      '',
      { open: 'a', closerHoursUnknown: null, toilets: null, changingTable: null, anyWithinReach: true },
    ],
  ])('%s', (_, places, age, expected) => {
    expect(ids(rightNow(HERE, places, age))).toEqual(expected);
  });

  it('gives the distance and the estimated walk', () => {
    const answer = rightNow(HERE, [place('p', 0.45)], '');
    expect(answer.open?.distanceKm).toBeCloseTo(0.45, 6);
    expect(answer.open?.walkMinutes).toBe(6);
  });

  it('takes another reach', () => {
    expect(rightNow(HERE, [place('p', 4)], '', 5).open?.place.id).toBe('p');
    expect(RIGHT_NOW_REACH_KM).toBe(3);
  });
});

describe('rightNow (property)', () => {
  const placeArbitrary = fc.record({
    id: fc.string({ minLength: 1, maxLength: 4 }),
    bearing: fc.double({ min: 0, max: 359.9, noNaN: true }),
    km: fc.double({ min: 0, max: 5, noNaN: true }),
    ageRanges: fc.subarray([...AGE_RANGES]),
    facts: fc.option(fc.subarray([...FACT_FILTERS]), { nil: undefined }),
    openingState: fc.constantFrom('open' as const, 'closed' as const, 'unknown' as const),
  });
  const placesArbitrary = fc
    .uniqueArray(placeArbitrary, { selector: (p) => p.id, maxLength: 25 })
    .map((list) =>
      list.map(({ bearing, km, ...rest }): RightNowPlace => ({
        ...rest,
        ...destinationPoint(HERE, bearing, km),
      })),
    );
  const ageArbitrary = fc.constantFrom('' as const, ...AGE_RANGES);

  it('each pick holds its rule, is within reach, and no place that holds it is nearer', () => {
    fc.assert(
      fc.property(placesArbitrary, ageArbitrary, (places, age) => {
        const answer = rightNow(HERE, places, age);
        const rules = {
          open: (p: RightNowPlace) => p.openingState === 'open' && suitsAge(p, age),
          toilets: (p: RightNowPlace) =>
            p.openingState !== 'closed' && (p.facts?.includes('toilets') ?? false),
          changingTable: (p: RightNowPlace) =>
            p.openingState !== 'closed' && (p.facts?.includes('changing_table') ?? false),
        };
        for (const [name, holds] of Object.entries(rules)) {
          const pick = answer[name as keyof typeof rules];
          const holding = places.filter((p) => holds(p) && distanceKm(HERE, p) <= RIGHT_NOW_REACH_KM);
          if (pick === null) {
            expect(holding).toEqual([]);
            continue;
          }
          expect(holds(pick.place)).toBe(true);
          expect(pick.distanceKm).toBeLessThanOrEqual(RIGHT_NOW_REACH_KM);
          expect(pick.walkMinutes).toBe(walkingMinutes(pick.distanceKm));
          for (const other of holding)
            expect(distanceKm(HERE, other)).toBeGreaterThanOrEqual(pick.distanceKm);
        }
        const unknown = answer.closerHoursUnknown;
        if (unknown !== null) {
          expect(unknown.place.openingState).toBe('unknown');
          expect(suitsAge(unknown.place, age)).toBe(true);
          if (answer.open !== null) expect(unknown.distanceKm).toBeLessThan(answer.open.distanceKm);
        }
        expect(answer.anyWithinReach).toBe(places.some((p) => distanceKm(HERE, p) <= RIGHT_NOW_REACH_KM));
      }),
    );
  });

  it('does not depend on the order the places come in', () => {
    fc.assert(
      fc.property(
        placesArbitrary.chain((places) =>
          fc.tuple(fc.constant(places), fc.shuffledSubarray(places, { minLength: places.length })),
        ),
        ageArbitrary,
        ([places, shuffled], age) => {
          expect(ids(rightNow(HERE, shuffled, age))).toEqual(ids(rightNow(HERE, places, age)));
        },
      ),
    );
  });
});
