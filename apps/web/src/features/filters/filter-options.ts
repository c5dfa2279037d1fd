/** The choices the filters dialog offers. */
import { AGE_RANGES, ageRangeLabel, UNLIMITED_RADIUS, type AgeRange } from '@playspot/core';

export interface Choice<T> {
  readonly value: T;
  readonly label: string;
}

export const AGE_CHOICES: readonly Choice<AgeRange | ''>[] = [
  { value: '', label: 'Any age' },
  ...AGE_RANGES.map((range) => ({ value: range, label: ageRangeLabel(range) })),
];

/** undefined: either way (the filter is off). */
export const INDOOR_CHOICES: readonly Choice<boolean | undefined>[] = [
  { value: undefined, label: 'Both' },
  { value: true, label: 'Indoor' },
  { value: false, label: 'Outdoor' },
];

export const PRICE_CHOICES: readonly Choice<boolean | undefined>[] = [
  { value: undefined, label: 'Any' },
  { value: true, label: 'Free' },
  { value: false, label: 'Paid' },
];

/** km; null is unlimited (spec §5: the default, and what a reload restores). */
export const RADIUS_CHOICES: readonly Choice<number | null>[] = [
  { value: UNLIMITED_RADIUS, label: 'Anywhere' },
  { value: 1, label: '1 km' },
  { value: 2, label: '2 km' },
  { value: 5, label: '5 km' },
  { value: 10, label: '10 km' },
  { value: 25, label: '25 km' },
  { value: 50, label: '50 km' },
];
