import { describe, expect, it } from 'vitest';
import { liveFollowingOf, showsChange } from './live-queries.ts';

const PLACE = '11111111-1111-4111-8111-111111111111';
const SAVED = '22222222-2222-4222-8222-222222222222';
const box = { west: 174.7, south: -36.9, east: 174.8, north: -36.8 };
const inView = { lat: -36.85, lng: 174.75 };

describe('liveFollowingOf', () => {
  it('follows the places opened, the places listed and the map view', () => {
    expect(
      liveFollowingOf([
        { queryKey: ['locations', 'one', PLACE], data: undefined },
        { queryKey: ['events', 'location', PLACE], data: undefined },
        { queryKey: ['me', 'favourites', null], data: { items: [{ id: SAVED }, { id: PLACE }] } },
        { queryKey: ['locations', 'viewport', { box, zoom: 14 }, {}], data: undefined },
        { queryKey: ['me'], data: { id: 'not-a-place' } },
      ]),
    ).toEqual({ places: [PLACE, SAVED], box });
  });

  it('follows nothing on a page without places', () => {
    expect(liveFollowingOf([{ queryKey: ['deals', 'all'], data: { items: [{ title: 'x' }] } }])).toEqual({
      places: [],
      box: null,
    });
  });
});

describe('showsChange', () => {
  it.each([
    ['the place page', ['locations', 'one', PLACE], undefined, { locationId: PLACE, position: null }, true],
    [
      'another place page',
      ['locations', 'one', SAVED],
      undefined,
      { locationId: PLACE, position: null },
      false,
    ],
    ['its facts', ['locations', 'facts', PLACE], undefined, { locationId: PLACE, position: null }, true],
    [
      'the map showing it',
      ['locations', 'viewport', { box, zoom: 12 }],
      undefined,
      { locationId: PLACE, position: inView },
      true,
    ],
    [
      'the map elsewhere',
      ['locations', 'viewport', { box, zoom: 12 }],
      undefined,
      { locationId: PLACE, position: { lat: 53.86, lng: 10.66 } },
      false,
    ],
    [
      'My places listing it',
      ['me', 'favourites', null],
      { items: [{ id: PLACE }] },
      { locationId: PLACE, position: null },
      true,
    ],
    [
      'My places without it',
      ['me', 'favourites', null],
      { items: [{ id: SAVED }] },
      { locationId: PLACE, position: null },
      false,
    ],
  ] as const)('%s', (_name, queryKey, data, change, expected) => {
    expect(showsChange({ queryKey, data }, change)).toBe(expected);
  });
});
