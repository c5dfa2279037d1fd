import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isPopular, popularity, type PopularityInput } from './popularity.ts';

const make = (up: number, down: number, visitCount = 0, commentCount = 0): PopularityInput => ({
  votes: { up, down },
  visitCount,
  commentCount,
});

describe('popularity', () => {
  it.each<[string, PopularityInput, number, boolean]>([
    ['a brand-new location', make(0, 0), 0, false],
    ['one up vote', make(1, 0), 1, true],
    ['one down vote', make(0, 1), -1, false],
    ['balanced votes', make(3, 3), 0, false],
    ['one visit', make(0, 0, 1), 0.1, true],
    ['one comment', make(0, 0, 0, 1), 0.2, true],
    ['ten visits outweigh nothing but equal one vote', make(0, 1, 10), 0, false],
    ['six visits and two comments cancel a down vote exactly', make(0, 1, 6, 2), 0, false],
    ['five comments equal one up vote', make(0, 1, 0, 5), 0, false],
    ['a mixed, liked place', make(12, 2, 40, 5), 15, true],
  ])('%s', (_name, input, expected, popular) => {
    expect(popularity(input)).toBeCloseTo(expected, 12);
    expect(isPopular(input)).toBe(popular);
  });

  it('is above 0 exactly when there is net positive signal, with no floating-point residue', () => {
    const count = fc.integer({ min: 0, max: 10_000 });
    fc.assert(
      fc.property(count, count, count, count, (up, down, visits, comments) => {
        const input = make(up, down, visits, comments);
        expect(isPopular(input)).toBe(10 * (up - down) + visits + 2 * comments > 0);
        expect(popularity(input) > 0).toBe(isPopular(input));
      }),
    );
  });

  it('never decreases with more up votes, visits or comments', () => {
    const count = fc.integer({ min: 0, max: 1000 });
    fc.assert(
      fc.property(count, count, count, count, (up, down, visits, comments) => {
        const base = popularity(make(up, down, visits, comments));
        expect(popularity(make(up + 1, down, visits, comments))).toBeGreaterThan(base);
        expect(popularity(make(up, down, visits + 1, comments))).toBeGreaterThan(base);
        expect(popularity(make(up, down, visits, comments + 1))).toBeGreaterThan(base);
        expect(popularity(make(up, down + 1, visits, comments))).toBeLessThan(base);
      }),
    );
  });
});
