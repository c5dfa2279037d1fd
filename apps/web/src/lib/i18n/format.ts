/**
 * Numbers and distances in the reader's language. English keeps the spec's own text (core's
 * formatDistance as it is: '1.2 km', '17 764 km'); other languages use Intl ('1,2 km',
 * '17.764 km' in German) with the same rounding (core distanceParts).
 */
import { formatDistance } from '@playspot/core';

export function localDistance(km: number, language: string): string {
  return language === 'en' ? formatDistance(km) : formatDistance(km, language);
}

/** A count as the language writes it ('1.234' in German); English as the spec prints it. */
export function localNumber(value: number, language: string): string {
  return language === 'en' ? String(value) : new Intl.NumberFormat(language).format(value);
}
