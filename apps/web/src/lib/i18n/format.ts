/**
 * Numbers, dates and times in the reader's language. Distances are core's formatDistance,
 * given the reader's language and units (lib/i18n/distance.ts; issue 45: one function for
 * every distance on every screen).
 */
import { clockTime } from '@playspot/core';

/**
 * The locale Intl writes dates and times in for a language: English as New Zealand, PlaySpot's
 * home, writes them ('5 Mar 2027', '7:00 pm'); every other language as itself.
 */
export function intlLocale(language: string): string {
  return language === 'en' ? 'en-NZ' : language;
}

/**
 * A time of day ('19:00', as places and events keep it) on the language's clock (issue 46):
 * '7:00 pm' in English, '19:00' in German or Japanese. The server draws pages in the language
 * alone, so its HTML and the app's first render tell the same time.
 */
export function localTime(time: string, language: string): string {
  return clockTime(time, intlLocale(language));
}

/** A count as the language writes it ('1.234' in German); English as the spec prints it. */
export function localNumber(value: number, language: string): string {
  return language === 'en' ? String(value) : new Intl.NumberFormat(language).format(value);
}
