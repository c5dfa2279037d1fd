import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MS_PER_DAY } from './time.ts';
import { isThisMonth, isVerifiedBy, VERIFIED_VISIT_DAYS, verifiedFirst } from './trust.ts';

const at = new Date('2026-11-24T10:00:00Z');
const daysBefore = (days: number) => new Date(at.getTime() - days * MS_PER_DAY);

describe('isVerifiedBy', () => {
  it.each<[string, Date[], boolean]>([
    ['no visit', [], false],
    ['a visit the same moment', [at], true],
    ['a visit 10 days before', [daysBefore(10)], true],
    [`a visit ${String(VERIFIED_VISIT_DAYS)} days before`, [daysBefore(VERIFIED_VISIT_DAYS)], true],
    ['a visit 31 days before', [daysBefore(31)], false],
    ['only a visit after it', [daysBefore(-1)], false],
    ['an old visit and a recent one', [daysBefore(90), daysBefore(2)], true],
  ])('%s: %s', (_name, visits, verified) => {
    expect(isVerifiedBy(visits, at)).toBe(verified);
  });

  it('a later visit never unverifies an earlier contribution (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -60, max: 60 })),
        fc.integer({ min: -60, max: 60 }),
        (days, extra) => {
          const visits = days.map(daysBefore);
          if (isVerifiedBy(visits, at)) expect(isVerifiedBy([...visits, daysBefore(extra)], at)).toBe(true);
        },
      ),
    );
  });
});

describe('isThisMonth', () => {
  it('counts the last 30 days', () => {
    expect(isThisMonth(daysBefore(29), at)).toBe(true);
    expect(isThisMonth(daysBefore(31), at)).toBe(false);
  });
});

describe('verifiedFirst', () => {
  it('puts verified contributions first, the most verified first, and keeps the given order otherwise', () => {
    const ranked = verifiedFirst([
      { name: 'a', verified: 0 },
      { name: 'b', verified: 2 },
      { name: 'c', verified: 0 },
      { name: 'd', verified: 5 },
    ]);
    expect(ranked.map((item) => item.name)).toEqual(['d', 'b', 'a', 'c']);
  });
});
