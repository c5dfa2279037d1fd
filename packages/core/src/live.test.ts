import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { followsChange, liveInterest } from './live.ts';
import { liveQuerySchema } from './schemas/live.ts';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('followsChange', () => {
  it.each([
    ['a followed place', { places: [A] }, { locationId: A, position: null }, true],
    ['another place, no box', { places: [A] }, { locationId: B, position: { lat: 0, lng: 0 } }, false],
    [
      'a place in the box',
      { west: 174, south: -37, east: 175, north: -36 },
      { locationId: B, position: { lat: -36.8, lng: 174.7 } },
      true,
    ],
    [
      'a place outside the box',
      { west: 174, south: -37, east: 175, north: -36 },
      { locationId: B, position: { lat: 53.9, lng: 10.7 } },
      false,
    ],
    [
      'a box across the antimeridian',
      { west: 179, south: -20, east: -179, north: -10 },
      { locationId: B, position: { lat: -15, lng: -179.5 } },
      true,
    ],
    [
      'a deleted place only by id',
      { west: -180, south: -90, east: 180, north: 90 },
      { locationId: B, position: null },
      false,
    ],
  ])('%s', (_name, query, change, expected) => {
    expect(followsChange(liveInterest(query), change)).toBe(expected);
  });

  it('follows every change to a followed place, wherever it is', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.option(
          fc.record({
            lat: fc.double({ min: -90, max: 90, noNaN: true }),
            lng: fc.double({ min: -180, max: 180, noNaN: true }),
          }),
        ),
        (id, position) => followsChange(liveInterest({ places: [id] }), { locationId: id, position }),
      ),
    );
  });
});

describe('liveQuerySchema', () => {
  it('reads places and a box', () => {
    const query = liveQuerySchema.parse({
      places: `${A},${B},${A}`,
      west: '1',
      south: '2',
      east: '3',
      north: '4',
    });
    expect(query.places).toEqual([A, B]);
    expect(query.west).toBe(1);
  });

  it.each([
    ['nothing to follow', {}],
    ['part of a box', { west: '1', south: '2' }],
    ['south above north', { west: '1', south: '5', east: '3', north: '4' }],
    ['a place that is no id', { places: 'abc' }],
    ['an unknown field', { places: A, everything: 'true' }],
    ['a negative lastEventId', { places: A, lastEventId: '-1' }],
  ])('refuses %s', (_name, input) => {
    expect(liveQuerySchema.safeParse(input).success).toBe(false);
  });
});
