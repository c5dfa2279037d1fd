import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { landmarkAmong } from './landmark.ts';

const place = { id: 'p', name: 'Stadtpark' };
const at = (id: string, name: string, order = 0) => ({ id, name, lat: 53.86 + order / 1000, lng: 10.68 });

describe('landmarkAmong', () => {
  it.each<[string, ReturnType<typeof at>[], string | null]>([
    ['the nearest named place', [at('a', 'Rathausplatz'), at('b', 'Burgtor')], 'Rathausplatz'],
    ['never the place itself', [at('p', 'Stadtpark'), at('a', 'Burgtor')], 'Burgtor'],
    ['not a namesake, whatever its case or spaces', [at('x', ' stadtpark '), at('a', 'Burgtor')], 'Burgtor'],
    [
      'not a generic name',
      [at('g', 'Playground'), at('h', 'Indoor playground, 2'), at('a', 'Burgtor')],
      'Burgtor',
    ],
    [
      'a name that only starts like a generic one is real',
      [at('a', 'Playground Park Nord')],
      'Playground Park Nord',
    ],
    ['none among generic names', [at('g', 'playground, 4')], null],
    ['none without candidates', [], null],
  ])('%s', (_label, candidates, expected) => {
    expect(landmarkAmong(place, candidates)?.name ?? null).toBe(expected);
  });

  it('is always one of the candidates, never the place, and the first that qualifies', () => {
    const name = fc.constantFrom('Stadtpark', 'Burgtor', 'Playground', 'Markt', 'playground, 2');
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.constantFrom('p', 'a', 'b', 'c'), name }), { maxLength: 8 }),
        (list) => {
          const candidates = list.map((entry, order) => at(entry.id, entry.name, order));
          const landmark = landmarkAmong(place, candidates);
          if (landmark === null) return;
          const index = candidates.findIndex((candidate) => candidate.lat === landmark.lat);
          expect(index).toBeGreaterThanOrEqual(0);
          expect(candidates[index]?.id).not.toBe('p');
          expect(landmarkAmong(place, candidates.slice(0, index))).toBeNull();
        },
      ),
    );
  });
});
