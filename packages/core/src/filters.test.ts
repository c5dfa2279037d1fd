import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makePlace } from '../test/factories.ts';
import { AGE_RANGES, STORAGE_KEYS } from './constants.ts';
import {
  activeFilterCount,
  activeFilters,
  type ActiveFilter,
  ageRangeLabel,
  EMPTY_FILTERS,
  filterPlaces,
  filtersForStorage,
  isRecent,
  matchesFilters,
  restoreFilters,
  type FilterCriteria,
  type PlaceFilters,
} from './filters.ts';

const now = new Date('2026-04-20T00:00:00Z');
const HOUR = 3_600_000;
const hoursAgo = (hours: number): string => new Date(now.getTime() - hours * HOUR).toISOString();
const old = hoursAgo(1000);

describe('matchesFilters', () => {
  it.each<[string, Parameters<typeof makePlace>[0], FilterCriteria, boolean]>([
    ['no filters keep everything', {}, {}, true],
    ['empty ageRange keeps everything', { ageRanges: [] }, { ageRange: '' }, true],
    ['ageRange contained', { ageRanges: ['2-5', '5-12'] }, { ageRange: '2-5' }, true],
    ['ageRange not contained', { ageRanges: ['2-5', '5-12'] }, { ageRange: '12+' }, false],
    ['indoor true keeps indoor', { indoor: true }, { indoor: true }, true],
    ['indoor true drops outdoor', { indoor: false }, { indoor: true }, false],
    ['indoor false keeps outdoor', { indoor: false }, { indoor: false }, true],
    ['indoor false drops unknown', { indoor: null }, { indoor: false }, false],
    ['indoor undefined keeps unknown', { indoor: null }, {}, true],
    ['free true keeps free', { free: true }, { free: true }, true],
    ['free true drops paid', { free: false }, { free: true }, false],
    ['free false keeps paid', { free: false }, { free: false }, true],
    [
      'recentlyAdded: created 336 h ago',
      { createdAt: hoursAgo(336), lastUpdatedAt: hoursAgo(336) },
      { recentlyAdded: true },
      true,
    ],
    [
      'recentlyAdded: created 337 h ago',
      { createdAt: hoursAgo(337), lastUpdatedAt: hoursAgo(337) },
      { recentlyAdded: true },
      false,
    ],
    [
      'recentlyAdded: old but updated 1 h ago',
      { createdAt: old, lastUpdatedAt: hoursAgo(1) },
      { recentlyAdded: true },
      true,
    ],
    ['recentlyAdded false keeps old', { createdAt: old, lastUpdatedAt: old }, { recentlyAdded: false }, true],
    ['popular drops a new location', {}, { popular: true }, false],
    ['popular keeps an up-voted one', { votes: { up: 2, down: 1 } }, { popular: true }, true],
    ['popular drops a down-voted one', { votes: { up: 1, down: 2 } }, { popular: true }, false],
    ['popular keeps a visited one', { visitCount: 3 }, { popular: true }, true],
    [
      'all filters together',
      { ageRanges: ['0-2'], indoor: true, free: false, lastUpdatedAt: hoursAgo(2), commentCount: 1 },
      { ageRange: '0-2', indoor: true, free: false, recentlyAdded: true, popular: true },
      true,
    ],
  ])('%s', (_name, overrides, filters, expected) => {
    expect(matchesFilters(makePlace(overrides), { ...filters, radiusKm: null }, now)).toBe(expected);
  });

  it('applies a radius only with a centre; null is unlimited', () => {
    const domain = makePlace(); // Auckland Domain
    const wellington = { lat: -41.2865, lng: 174.7762 };
    expect(matchesFilters(domain, { radiusKm: 100 }, now, wellington)).toBe(false);
    expect(matchesFilters(domain, { radiusKm: 600 }, now, wellington)).toBe(true);
    expect(matchesFilters(domain, { radiusKm: null }, now, wellington)).toBe(true);
    expect(matchesFilters(domain, { radiusKm: 1 }, now)).toBe(true);
  });

  it('filterPlaces keeps order and the matching ones', () => {
    const a = makePlace({ name: 'A', indoor: true });
    const b = makePlace({ name: 'B', indoor: false });
    const c = makePlace({ name: 'C', indoor: true });
    expect(filterPlaces([a, b, c], { indoor: true, radiusKm: null }, now).map((l) => l.name)).toEqual([
      'A',
      'C',
    ]);
  });
});

describe('isRecent', () => {
  it.each<[string | Date | null, boolean]>([
    [hoursAgo(0), true],
    [hoursAgo(336), true],
    [new Date(now.getTime() - 336 * HOUR - 1), false],
    [hoursAgo(-1), true],
    ['not a date', false],
    [null, false],
  ])('%s → %s', (timestamp, expected) => {
    expect(isRecent(timestamp, now)).toBe(expected);
  });
});

describe('activeFilterCount', () => {
  it.each<[Partial<PlaceFilters>, number]>([
    [{}, 0],
    [EMPTY_FILTERS, 0],
    [{ radiusKm: 5 }, 0],
    [{ ageRange: '' }, 0],
    [{ ageRange: '0-2' }, 1],
    [{ indoor: false }, 1],
    [{ indoor: true, free: false }, 2],
    [{ recentlyAdded: false, popular: false }, 0],
    [{ recentlyAdded: true }, 1],
    [{ openNow: true }, 1],
    [{ openNow: false }, 0],
    [{ equipment: ['swing', 'slide'] }, 2],
    [{ equipment: [] }, 0],
    [{ ageRange: '12+', indoor: true, free: true, recentlyAdded: true, popular: true, radiusKm: 10 }, 5],
  ])('%o → %i', (filters, count) => {
    expect(activeFilterCount(filters)).toBe(count);
  });
});

describe('activeFilters', () => {
  it.each<[string, PlaceFilters, ActiveFilter[]]>([
    ['none', EMPTY_FILTERS, []],
    ['an empty age and empty lists', { radiusKm: null, ageRange: '', has: [], equipment: [] }, []],
    [
      // Issue 45: the filters that hid every place, named in the empty list.
      'Sandpit and Open now',
      { radiusKm: null, equipment: ['sandpit'], openNow: true },
      [{ kind: 'equipment', value: 'sandpit' }, { kind: 'openNow' }],
    ],
    ['outdoor', { radiusKm: null, indoor: false }, [{ kind: 'indoor', value: false }]],
    ['a radius', { radiusKm: 2 }, [{ kind: 'radius', value: 2 }]],
    ['switched off', { radiusKm: null, recentlyAdded: false, popular: false, openNow: false }, []],
    [
      'all of them, in the sheet’s order',
      {
        radiusKm: 5,
        ageRange: '2-5',
        indoor: true,
        free: true,
        has: ['fenced'],
        equipment: ['swing', 'slide'],
        recentlyAdded: true,
        popular: true,
        openNow: true,
      },
      [
        { kind: 'ageRange', value: '2-5' },
        { kind: 'indoor', value: true },
        { kind: 'free', value: true },
        { kind: 'has', value: 'fenced' },
        { kind: 'equipment', value: 'swing' },
        { kind: 'equipment', value: 'slide' },
        { kind: 'radius', value: 5 },
        { kind: 'recentlyAdded' },
        { kind: 'popular' },
        { kind: 'openNow' },
      ],
    ],
  ])('%s', (_name, filters, expected) => {
    expect(activeFilters(filters)).toEqual(expected);
  });

  it('names what activeFilterCount counts, and the radius when set', () => {
    fc.assert(
      fc.property(
        fc.record({
          radiusKm: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
          ageRange: fc.option(fc.constantFrom('', ...AGE_RANGES), { nil: undefined }),
          indoor: fc.option(fc.boolean(), { nil: undefined }),
          free: fc.option(fc.boolean(), { nil: undefined }),
          recentlyAdded: fc.option(fc.boolean(), { nil: undefined }),
          popular: fc.option(fc.boolean(), { nil: undefined }),
          openNow: fc.option(fc.boolean(), { nil: undefined }),
          equipment: fc.subarray(['swing', 'slide', 'sandpit'] as const),
        }),
        (filters) => {
          const radius = filters.radiusKm === null ? 0 : 1;
          expect(activeFilters(filters)).toHaveLength(activeFilterCount(filters) + radius);
        },
      ),
    );
  });
});

describe('storing and restoring filters', () => {
  it('filtersForStorage drops the radius', () => {
    const filters: PlaceFilters = { ageRange: '2-5', indoor: true, radiusKm: 10 };
    expect(filtersForStorage(filters)).toEqual({
      ageRange: '2-5',
      indoor: true,
    });
  });

  it.each<[unknown, PlaceFilters]>([
    ['{"ageRange":"2-5","indoor":true,"radiusKm":25}', { ageRange: '2-5', indoor: true, radiusKm: null }],
    [
      '{"free":false,"popular":true,"recentlyAdded":false}',
      { free: false, popular: true, recentlyAdded: false, radiusKm: null },
    ],
    ['{"ageRange":"","unknown":1}', { ageRange: '', radiusKm: null }],
    ['{"openNow":true}', { openNow: true, radiusKm: null }],
    ['{"openNow":"yes"}', { radiusKm: null }],
    // equipment: known kinds only, each once, in EQUIPMENT_KINDS order
    ['{"equipment":["slide","rocket","swing","slide"]}', { equipment: ['swing', 'slide'], radiusKm: null }],
    ['{"equipment":["rocket"]}', { radiusKm: null }],
    ['{"equipment":"swing"}', { radiusKm: null }],
    ['{"ageRange":"3-4","indoor":"yes"}', { radiusKm: null }],
    [
      { indoor: false, radius: 3 },
      { indoor: false, radiusKm: null },
    ],
    ['not json', { radiusKm: null }],
    ['[1,2]', { radiusKm: null }],
    [null, { radiusKm: null }],
    ['null', { radiusKm: null }],
  ])('restoreFilters(%j) → %o', (stored, expected) => {
    expect(restoreFilters(stored)).toEqual(expected);
  });

  it('round-trips through JSON with the radius reset to unlimited', () => {
    const filters = fc.record(
      {
        ageRange: fc.constantFrom('' as const, ...AGE_RANGES),
        indoor: fc.boolean(),
        free: fc.boolean(),
        recentlyAdded: fc.boolean(),
        popular: fc.boolean(),
        radiusKm: fc.option(fc.double({ min: 0.1, max: 500, noNaN: true }), { nil: null }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(filters, (value) => {
        const restored = restoreFilters(JSON.stringify(filtersForStorage(value)));
        expect(restored).toEqual({ ...filtersForStorage(value), radiusKm: null });
        expect(activeFilterCount(restored)).toBe(activeFilterCount(value));
      }),
    );
  });

  it('is stored under the spec key', () => {
    expect(STORAGE_KEYS.locationFilters).toBe('locationFilters');
  });
});

describe('ageRangeLabel', () => {
  it.each([
    ['0-2', '0–2 years'],
    ['2-5', '2–5 years'],
    ['5-12', '5–12 years'],
    ['12+', '12+ years'],
  ] as const)('%s → %s', (range, label) => {
    expect(ageRangeLabel(range)).toBe(label);
  });
});
