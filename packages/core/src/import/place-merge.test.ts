import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { destinationPoint } from '../geo.ts';
import { isSamePlace, MERGE_DISTANCE_M, placeNameKey, placeNameNumbers } from './place-merge.ts';

const here = { lat: 53.8659, lng: 10.6866 };

describe('placeNameKey', () => {
  it.each([
    ['Spielplatz Heidebrink', 'spielplatz heidebrink'],
    ['  SPIELPLATZ   heidebrink!', 'spielplatz heidebrink'],
    ['Kid’s Corner', 'kids corner'],
    ['Straße', 'straße'],
    ['', ''],
  ])('%j → %j', (name, key) => {
    expect(placeNameKey(name)).toBe(key);
  });
});

describe('placeNameNumbers', () => {
  it.each([
    ['Spielplatz 12', '12'],
    ['Spielplatz 12a, Haus 3', '12 3'],
    ['Heidebrink', ''],
  ])('%j → %j', (name, numbers) => {
    expect(placeNameNumbers(name)).toBe(numbers);
  });
});

describe('isSamePlace', () => {
  const at = (metres: number) => destinationPoint(here, 90, metres / 1000);

  it.each<[string, string, number, boolean]>([
    ['same name, same spot', 'Heidebrink', 0, true],
    ['different case and punctuation, 25 m apart', 'heidebrink.', 25, true],
    ['same name, 29 m apart', 'Heidebrink', 29, true],
    ['same name, 31 m apart', 'Heidebrink', 31, false],
    ['another name, same spot', 'Rosengarten', 0, false],
  ])('%s → %s', (_case, otherName, metres, same) => {
    expect(isSamePlace({ name: 'Heidebrink', ...here }, { name: otherName, ...at(metres) })).toBe(same);
  });

  it('tells numbered places apart: keywords hold letters only', () => {
    expect(isSamePlace({ name: 'Spielplatz 12', ...here }, { name: 'Spielplatz 13', ...at(10) })).toBe(false);
    expect(isSamePlace({ name: 'Spielplatz 12', ...here }, { name: 'spielplatz 12', ...at(10) })).toBe(true);
  });

  it('never merges nameless places', () => {
    expect(isSamePlace({ name: '!!', ...here }, { name: '??', ...here })).toBe(false);
  });

  it('is symmetric and holds exactly up to the merge distance', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2 * MERGE_DISTANCE_M, noNaN: true }),
        fc.double({ min: 0, max: 359, noNaN: true }),
        (metres, bearing) => {
          const other = { name: 'Heidebrink', ...destinationPoint(here, bearing, metres / 1000) };
          const place = { name: 'Heidebrink', ...here };
          expect(isSamePlace(place, other)).toBe(isSamePlace(other, place));
          if (metres < MERGE_DISTANCE_M - 0.01) expect(isSamePlace(place, other)).toBe(true);
          if (metres > MERGE_DISTANCE_M + 0.01) expect(isSamePlace(place, other)).toBe(false);
        },
      ),
    );
  });
});
