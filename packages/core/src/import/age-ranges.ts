/**
 * OSM `min_age` / `max_age` → the spec's age buckets (AGE_RANGES). A bucket is kept when the
 * ages the place is for overlap it by more than a single boundary year: 5–12 gives '5-12'
 * only, not '2-5' (which merely ends at 5) nor '12+'.
 */
import { AGE_RANGES, type AgeRange } from '../constants.ts';

/** Each bucket as a closed interval of years; '12+' is open-ended. */
export const AGE_RANGE_BOUNDS: Readonly<Record<AgeRange, readonly [number, number]>> = {
  '0-2': [0, 2],
  '2-5': [2, 5],
  '5-12': [5, 12],
  '12+': [12, Number.POSITIVE_INFINITY],
};

/** Ages above this are not children's ages: treated as unreadable. */
const MAX_PLAUSIBLE_AGE = 120;

/** A leading number of years in an OSM age value ('3', '3.5', '6 years'); null when none. */
export function parseAge(value: string | undefined): number | null {
  if (value === undefined) return null;
  const match = /^\s*(\d{1,3}(?:[.,]\d+)?)/u.exec(value);
  if (!match?.[1]) return null;
  const age = Number(match[1].replace(',', '.'));
  return Number.isFinite(age) && age <= MAX_PLAUSIBLE_AGE ? age : null;
}

/**
 * The buckets a place for children aged minAge..maxAge (years, either may be unknown) fits,
 * in AGE_RANGES order. Both unknown, or min above max, means unknown: [].
 */
export function ageRangesForAges(minAge: number | null, maxAge: number | null): AgeRange[] {
  if (minAge === null && maxAge === null) return [];
  const low = minAge ?? 0;
  const high = maxAge ?? Number.POSITIVE_INFINITY;
  if (low > high) return [];
  // A single age (min = max) stands for that whole year of life.
  const top = high === low ? low + 1 : high;
  return AGE_RANGES.filter((range) => {
    const [from, to] = AGE_RANGE_BOUNDS[range];
    return Math.min(top, to) - Math.max(low, from) > 0;
  });
}
