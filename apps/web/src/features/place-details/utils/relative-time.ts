/** 'just now', '5 minutes ago', 'yesterday', '3 weeks ago': how long ago, in plain words, in the reader's language. */
import { daysAgoAtPlace } from '@playspot/core';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { deviceTimeZone } from '../../../platform/device.ts';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const formats = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormat(language: string): Intl.RelativeTimeFormat {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    formats.set(language, format);
  }
  return format;
}

export function timeAgo(iso: string, now: Date = new Date(), language = i18n.language): string {
  const seconds = Math.round((now.getTime() - Date.parse(iso)) / 1000);
  const justNow = i18n.t('common:time.justNow', { lng: language });
  if (seconds < 60) return justNow;
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relativeFormat(language).format(-Math.floor(seconds / size), unit);
  }
  return justNow;
}

/**
 * 'today', 'yesterday', '3 days ago', 'last week': for times known only to the day (a
 * place's last visit is public to the day), counted in calendar days, not hours.
 */
export function daysAgo(
  iso: string,
  now: Date = new Date(),
  language = i18n.language,
  timeZone: string = deviceTimeZone(),
): string {
  const dayFormat = relativeFormat(language);
  // Counted on the place's calendar when the caller gives its zone (core daysAgoAtPlace).
  const days = daysAgoAtPlace(new Date(iso), now, timeZone);
  if (days <= 0) return i18n.t('common:time.today', { lng: language });
  if (days < 7) return dayFormat.format(-days, 'day');
  if (days < 30) return dayFormat.format(-Math.floor(days / 7), 'week');
  if (days < 365) return dayFormat.format(-Math.floor(days / 30), 'month');
  return dayFormat.format(-Math.floor(days / 365), 'year');
}
