import { PLACE_NAME_MAX_LENGTH } from '@playspot/core';
import { describe, expect, it } from 'vitest';
import { combineRewards } from './combine-rewards.ts';
import { scaledSize } from '../../../lib/downscale-image.ts';
import {
  emptyPlaceForm,
  firstInvalidField,
  toPlaceInput,
  validatePlaceForm,
  type PlaceFormValues,
} from './place-form.ts';

const here = { lat: -36.86, lng: 174.78 };
const filled = (overrides: Partial<PlaceFormValues> = {}): PlaceFormValues => ({
  ...emptyPlaceForm(here),
  name: 'Sunny Hill Park',
  ...overrides,
});

describe('validatePlaceForm', () => {
  it('accepts a named place and cleans what was typed', () => {
    const result = validatePlaceForm(
      filled({
        name: '  Sunny Hill Park ',
        tags: ['Swings', ' swings ', 'Shade'],
        officialWebsite: 'sunny.nz',
      }),
    );
    expect(result).toEqual({
      ok: true,
      data: expect.objectContaining({
        name: 'Sunny Hill Park',
        tags: ['Swings', 'Shade'],
        officialWebsite: 'https://sunny.nz',
        description: null,
        latitude: here.lat,
        longitude: here.lng,
      }) as unknown,
    });
  });

  it.each([
    ['an empty name', { name: '   ' }, 'name', 'Give the place a name.'],
    [
      'a name that is too long',
      { name: 'x'.repeat(PLACE_NAME_MAX_LENGTH + 1) },
      'name',
      `Keep the name to ${PLACE_NAME_MAX_LENGTH} characters or fewer.`,
    ],
    ['a position off the globe', { position: { lat: 95, lng: 0 } }, 'position', 'Pick the place on the map.'],
    ['too many tags', { tags: Array.from({ length: 21 }, (_, i) => `tag ${i}`) }, 'tags', 'at most 20 tags'],
    ['a tag that is too long', { tags: ['x'.repeat(41)] }, 'tags', 'at most 40 characters'],
    ['a website that is not one', { officialWebsite: 'not a website' }, 'officialWebsite', ''],
    ['a description that is too long', { description: 'x'.repeat(2001) }, 'description', 'or fewer'],
  ] as const)('puts a message beside the field for %s', (_case, overrides, field, fragment) => {
    const result = validatePlaceForm(filled(overrides));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual([field]);
    expect(result.errors[field]).toContain(fragment);
  });

  it('points the focus at the first wrong field in page order', () => {
    const result = validatePlaceForm(filled({ name: '', officialWebsite: 'not a website' }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(firstInvalidField(result.errors)).toBe('name');
    expect(firstInvalidField({})).toBeNull();
  });

  it('sends no website rather than an empty one', () => {
    expect(toPlaceInput(filled({ officialWebsite: '  ' })).officialWebsite).toBeNull();
  });
});

describe('scaledSize', () => {
  it.each([
    [4000, 3000, { width: 1600, height: 1200 }],
    [3000, 4000, { width: 1200, height: 1600 }],
    [1600, 900, { width: 1600, height: 900 }],
    [800, 600, { width: 800, height: 600 }],
    [10000, 5, { width: 1600, height: 1 }],
  ])('%i×%i fits in 1600 px as %o', (width, height, expected) => {
    expect(scaledSize(width, height)).toEqual(expected);
  });
});

describe('combineRewards', () => {
  it('adds up the changes and keeps where the person ended up', () => {
    expect(
      combineRewards([
        { change: 200, points: 200, level: 2, leveledUp: true },
        { change: 100, points: 300, level: 3, leveledUp: true },
        { change: 100, points: 400, level: 3, leveledUp: false },
      ]),
    ).toEqual({ change: 400, points: 400, level: 3, leveledUp: true });
  });

  it('says nothing without rewards', () => {
    expect(combineRewards([])).toBeNull();
  });
});
