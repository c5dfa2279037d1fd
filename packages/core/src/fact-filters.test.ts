import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FACT_FILTERS,
  factFilterHolds,
  factFiltersHolding,
  normalizeFactFilters,
  passesFactFilters,
  type FactFilter,
} from './fact-filters.ts';
import { activeFilterCount, filtersForStorage, restoreFilters } from './filters.ts';
import { summaryMatchesFilters } from './filters.ts';

describe('factFilterHolds', () => {
  it.each<[string, FactFilter, Record<string, string>, boolean, boolean]>([
    ['fenced yes', 'fenced', { fenced: 'yes' }, false, true],
    ['fenced no', 'fenced', { fenced: 'no' }, false, false],
    ['fenced unknown', 'fenced', {}, false, false],
    ['toilets on site', 'toilets', { toilets: 'yes' }, false, true],
    ['a public toilet nearby', 'toilets', {}, true, true],
    ['no toilets on site, one nearby', 'toilets', { toilets: 'no' }, true, true],
    ['no toilets anywhere', 'toilets', { toilets: 'no' }, false, false],
    ['wheelchair yes', 'wheelchair', { wheelchair: 'yes' }, false, true],
    ['wheelchair limited is not access', 'wheelchair', { wheelchair: 'limited' }, false, false],
    ['shade', 'shade', { shade: 'yes' }, false, true],
    // The Baby swing filter reads the equipment answer (issue 49): a count or yes is there.
    ['a baby swing', 'baby_swing', { 'equipment:baby_swing': 'yes' }, false, true],
    ['two baby swings', 'baby_swing', { 'equipment:baby_swing': '2' }, false, true],
    ['no baby swing', 'baby_swing', { 'equipment:baby_swing': 'no' }, false, false],
    ['the old fact alone says nothing', 'baby_swing', { baby_swing: 'yes' }, false, false],
    ['a toilet nearby says nothing of shade', 'shade', {}, true, false],
  ])('%s', (_label, filter, facts, toiletsNearby, expected) => {
    expect(factFilterHolds(filter, { facts, toiletsNearby })).toBe(expected);
  });
});

const placeArbitrary = fc.record({
  facts: fc.record(
    {
      fenced: fc.constantFrom('yes', 'no'),
      toilets: fc.constantFrom('yes', 'no'),
      shade: fc.constantFrom('yes', 'no'),
      'equipment:baby_swing': fc.constantFrom('yes', 'no', '2'),
      wheelchair: fc.constantFrom('yes', 'limited', 'no'),
    },
    { requiredKeys: [] },
  ),
  toiletsNearby: fc.boolean(),
});
const askedArbitrary = fc.subarray([...FACT_FILTERS]);

describe('fact filters', () => {
  it('pass exactly when every asked filter is among those holding', () => {
    fc.assert(
      fc.property(placeArbitrary, askedArbitrary, (place, asked) => {
        const holding = factFiltersHolding(place);
        return passesFactFilters(asked, place) === asked.every((filter) => holding.includes(filter));
      }),
    );
  });

  it('ask more and fewer places pass (each filter narrows)', () => {
    fc.assert(
      fc.property(placeArbitrary, askedArbitrary, askedArbitrary, (place, some, more) => {
        const wider = normalizeFactFilters([...some, ...more]);
        return !passesFactFilters(wider, place) || passesFactFilters(some, place);
      }),
    );
  });

  it('a summary carrying the holding filters is filtered as the place is', () => {
    fc.assert(
      fc.property(placeArbitrary, askedArbitrary, (place, asked) => {
        const holding = factFiltersHolding(place);
        const summary = {
          indoor: null,
          free: null,
          ageRanges: [],
          ...(holding.length > 0 ? { facts: holding } : {}),
        };
        return summaryMatchesFilters(summary, { has: asked }) === passesFactFilters(asked, place);
      }),
    );
  });

  it('normalises asked filters to known ones, once each, in a fixed order', () => {
    expect(normalizeFactFilters(['wheelchair', 'fenced', 'wheelchair', 'pool', 3])).toEqual([
      'fenced',
      'wheelchair',
    ]);
  });
});

describe('fact filters among the spec filters', () => {
  it('count one each in the badge', () => {
    expect(activeFilterCount({ indoor: true, has: ['fenced', 'toilets'] })).toBe(3);
    expect(activeFilterCount({ has: [] })).toBe(0);
  });

  it('are stored with the others and restored, unknown ones dropped', () => {
    const stored = JSON.stringify(filtersForStorage({ free: true, has: ['toilets', 'shade'] }));
    expect(restoreFilters(stored)).toEqual({ radiusKm: null, free: true, has: ['toilets', 'shade'] });
    expect(restoreFilters('{"has":["pool","fenced"]}')).toEqual({ radiusKm: null, has: ['fenced'] });
    expect(restoreFilters('{"has":"fenced"}')).toEqual({ radiusKm: null });
    expect(filtersForStorage({ has: [] })).toEqual({});
  });
});
