import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEARCH_MATCH_WEIGHTS, searchScore, type SearchMatch } from './search-rank.ts';

describe('searchScore', () => {
  it.each([
    // The case: the near one first, though the far one's name starts with the word.
    ['wordStart', 0.31, 'prefix', 3.4],
    // Equal matches: nearest first.
    ['prefix', 0.31, 'prefix', 3.4],
    // The exact name wins over a nearby partial match when both are close.
    ['exact', 1.2, 'substring', 0.3],
    // A typo close by does not beat the right name in the same town.
    ['prefix', 2, 'similar', 0.2],
    // …but a far-away exact name gives way to a good match next door.
    ['prefix', 0.3, 'exact', 20],
  ] as const)('%s at %f km before %s at %f km', (firstMatch, firstKm, secondMatch, secondKm) => {
    expect(searchScore(firstMatch, firstKm)).toBeGreaterThan(searchScore(secondMatch, secondKm));
  });

  it('ranks by the match alone without a centre', () => {
    expect(searchScore('exact', null)).toBe(1);
    expect(searchScore('similar', null, 0.6)).toBeCloseTo(0.3, 10);
  });

  it('never rises with distance, and keeps the match order at equal distance', () => {
    const matches = Object.keys(SEARCH_MATCH_WEIGHTS) as SearchMatch[];
    fc.assert(
      fc.property(
        fc.constantFrom(...matches),
        fc.double({ min: 0, max: 20_000, noNaN: true }),
        fc.double({ min: 0, max: 20_000, noNaN: true }),
        (match, a, b) => {
          const [near, far] = a <= b ? [a, b] : [b, a];
          expect(searchScore(match, near)).toBeGreaterThanOrEqual(searchScore(match, far));
        },
      ),
    );
    expect(searchScore('exact', 5)).toBeGreaterThan(searchScore('prefix', 5));
    expect(searchScore('substring', 5)).toBeGreaterThan(searchScore('keyword', 5));
  });
});
