import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGE_RANGES } from '../constants.ts';
import { AGE_RANGE_BOUNDS, ageRangesForAges, parseAge } from './age-ranges.ts';

describe('parseAge', () => {
  it.each<[string | undefined, number | null]>([
    [undefined, null],
    ['', null],
    ['3', 3],
    [' 6 years', 6],
    ['2.5', 2.5],
    ['2,5', 2.5],
    ['twelve', null],
    ['-1', null],
    ['999', null],
  ])('%j → %j', (value, age) => {
    expect(parseAge(value)).toBe(age);
  });
});

describe('ageRangesForAges', () => {
  it.each<[number | null, number | null, string[]]>([
    [null, null, []],
    [0, 2, ['0-2']],
    [0, 3, ['0-2', '2-5']],
    [2, 5, ['2-5']],
    [5, 12, ['5-12']],
    [3, 12, ['2-5', '5-12']],
    [0, 14, ['0-2', '2-5', '5-12', '12+']],
    [12, null, ['12+']],
    [6, null, ['5-12', '12+']],
    [null, 6, ['0-2', '2-5', '5-12']],
    [2, 2, ['2-5']],
    [12, 12, ['12+']],
    [8, 4, []],
  ])('min %j, max %j → %j', (min, max, expected) => {
    expect(ageRangesForAges(min, max)).toEqual(expected);
  });

  const age = fc.integer({ min: 0, max: 18 });

  it('keeps the bucket of every age strictly inside the range, in spec order', () => {
    fc.assert(
      fc.property(age, age, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const ranges = ageRangesForAges(low, high);
        expect(ranges).toEqual(AGE_RANGES.filter((range) => ranges.includes(range)));
        expect(ranges.length).toBeGreaterThan(0);
        for (let year = low; year < high; year += 1) {
          const bucket = AGE_RANGES.find((range) => {
            const [from, to] = AGE_RANGE_BOUNDS[range];
            return year >= from && year < to;
          });
          expect(ranges).toContain(bucket);
        }
      }),
    );
  });

  it('a wider range never loses a bucket', () => {
    fc.assert(
      fc.property(age, age, fc.nat(5), fc.nat(5), (a, b, widenLow, widenHigh) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const narrow = ageRangesForAges(low, high);
        const wide = ageRangesForAges(Math.max(0, low - widenLow), high + widenHigh);
        for (const range of narrow) expect(wide).toContain(range);
      }),
    );
  });
});
