import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prefixEditDistance, rankTowns, townKey, townMatch, type Town } from './towns.ts';

const town = (name: string, population: number, lat = 0, lng = 0, country = 'XX'): Town => ({
  name,
  country,
  population,
  lat,
  lng,
});
const candidates = (towns: Town[]) => towns.map((t) => ({ town: t, key: townKey(t.name) }));

describe('townKey', () => {
  it.each([
    ['Zürich', 'zurich'],
    ['ZÜRICH', 'zurich'],
    ['Lübeck', 'lubeck'],
    ['Großhansdorf', 'grosshansdorf'],
    ['Saint-Étienne', 'saint etienne'],
    ['  Albert   Park ', 'albert park'],
    ['Москва', 'moskva'],
    ['Αθήνα', 'athina'],
    ['Łódź', 'lodz'],
    ['東京', '東京'],
    ['!!!', ''],
  ])('%s → %s', (name, key) => {
    expect(townKey(name)).toBe(key);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(townKey(townKey(text))).toBe(townKey(text));
      }),
    );
  });
});

describe('townMatch', () => {
  it.each([
    ['christchurch', 'christchurch', 'exact'],
    ['christ', 'christchurch', 'prefix'],
    ['park', 'albert park', 'word'],
    ['chirstchurch', 'christchurch', 'typo'], // two letters swapped
    ['zurch', 'zurich', 'typo'], // one left out
    ['aukland', 'auckland', 'typo'],
    ['lubek', 'lubeck', 'typo'],
    ['zur', 'zug', null], // short texts forgive nothing
    ['berlin', 'bern', null],
    ['', 'bern', null],
  ])('%s in %s → %s', (text, key, match) => {
    expect(townMatch(text, key)).toBe(match);
  });
});

describe('prefixEditDistance', () => {
  it('is 0 for every start of a name', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.nat(12), (name, cut) => {
        expect(prefixEditDistance(name.slice(0, cut), name, 2)).toBe(0);
      }),
    );
  });

  it('is at most 1 after one letter of a start is changed', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), minLength: 4, maxLength: 10 }),
        fc.nat(),
        (name, at) => {
          const i = at % name.length;
          const typo = `${name.slice(0, i)}x${name.slice(i + 1)}`;
          expect(prefixEditDistance(typo, name, 2)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('rankTowns', () => {
  const christchurchNz = town('Christchurch', 363926, -43.53, 172.63, 'NZ');
  const christchurchUk = town('Christchurch', 42396, 50.73, -1.78, 'GB');
  const christiansand = town('Kristiansand', 64000, 58.1, 8.0, 'NO');
  const christiania = town('Christiania', 1200, 10, 10);
  const towns = candidates([christchurchUk, christiania, christchurchNz, christiansand]);

  it('puts exact names first, then prefixes, then by population', () => {
    const ranked = rankTowns('Christchurch', towns, null, 5);
    expect(ranked.map((r) => [r.town.country, r.match])).toEqual([
      ['NZ', 'exact'],
      ['GB', 'exact'],
    ]);
    expect(rankTowns('christ', towns, null, 5).map((r) => r.town.name)).toEqual([
      'Christchurch',
      'Christchurch',
      'Christiania',
    ]);
  });

  it('breaks a population tie by distance from where the map is', () => {
    const a = town('Springfield', 5000, 40, -90);
    const b = town('Springfield', 5000, 42, -72);
    expect(rankTowns('Springfield', candidates([a, b]), { lat: 42.1, lng: -72.5 }, 2)[0]?.town).toBe(b);
    expect(rankTowns('Springfield', candidates([a, b]), { lat: 40, lng: -90 }, 2)[0]?.town).toBe(a);
  });

  it('finds names in other scripts and with typos', () => {
    const list = candidates([town('Zürich', 341730), town('Moskva', 0), town('Москва', 10381222)]);
    expect(rankTowns('zurich', list, null, 1)[0]?.town.name).toBe('Zürich');
    expect(rankTowns('Zurihc', list, null, 1)[0]?.town.name).toBe('Zürich');
    expect(rankTowns('Москва', list, null, 2).map((r) => r.town.population)).toEqual([10381222, 0]);
  });

  it('never returns more than asked, and every result matches', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), fc.integer({ min: 0, max: 4 }), (text, limit) => {
        const ranked = rankTowns(text, towns, null, limit);
        expect(ranked.length).toBeLessThanOrEqual(limit);
        for (const r of ranked) expect(townMatch(townKey(text), townKey(r.town.name))).toBe(r.match);
      }),
    );
  });
});
