/** The choices the filters dialog offers, worded in the reader's language. */
import { AGE_RANGES, KM_PER_MILE, UNLIMITED_RADIUS, type AgeRange } from '@playspot/core';
import type { TFunction } from 'i18next';
import { distanceUnits } from '../../lib/i18n/distance.ts';
import { localNumber } from '../../lib/i18n/format.ts';

export interface Choice<T> {
  readonly value: T;
  readonly label: string;
}

export function ageChoices(t: TFunction<['filters', 'common']>): readonly Choice<AgeRange | ''>[] {
  return [
    { value: '', label: t('choices.anyAge') },
    ...AGE_RANGES.map((range) => ({ value: range, label: t(`common:ageRanges.${range}`) })),
  ];
}

/** undefined: either way (the filter is off). */
export function indoorChoices(t: TFunction<['filters', 'common']>): readonly Choice<boolean | undefined>[] {
  return [
    { value: undefined, label: t('choices.both') },
    { value: true, label: t('choices.indoor') },
    { value: false, label: t('choices.outdoor') },
  ];
}

export function priceChoices(t: TFunction<['filters', 'common']>): readonly Choice<boolean | undefined>[] {
  return [
    { value: undefined, label: t('choices.anyPrice') },
    { value: true, label: t('choices.free') },
    { value: false, label: t('choices.paid') },
  ];
}

/** km; null is unlimited (spec §5: the default, and what a reload restores). */
const RADII_KM = [1, 2, 5, 10, 25, 50] as const;

/** In feet and miles (issue 46), round miles of about the same reach; the filter keeps km. */
const RADII_MILES = [0.5, 1, 3, 5, 15, 30] as const;

export function radiusChoices(
  t: TFunction<['filters', 'common']>,
  language: string,
  units = distanceUnits(),
): readonly Choice<number | null>[] {
  const radii =
    units === 'imperial'
      ? RADII_MILES.map((miles) => ({
          value: miles * KM_PER_MILE,
          label: t('choices.miles', { miles: localNumber(miles, language) }),
        }))
      : RADII_KM.map((km) => ({ value: km, label: t('choices.km', { km: localNumber(km, language) }) }));
  return [{ value: UNLIMITED_RADIUS, label: t('choices.anywhere') }, ...radii];
}
