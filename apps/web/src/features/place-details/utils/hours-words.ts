/**
 * A place's opening hours in the parent's words (issue 46): OpenStreetMap's syntax
 * ('Mo-Fr 09:00-19:00; Sa 10:00-16:00') in the locale's weekday names and on its clock. Here,
 * with the place page that shows it, rather than in core: core's modules travel in the map's
 * first JavaScript, and only a place's facts need this.
 */
import { clockTime } from '@playspot/core';

const weekdays = new Map<string, readonly string[]>();

/** The short weekday names of a locale, Monday first: 1 January 2024 was a Monday. */
function weekdayNames(locale: string): readonly string[] {
  let names = weekdays.get(locale);
  if (names === undefined) {
    const format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    names = Array.from({ length: 7 }, (_, day) => format.format(new Date(Date.UTC(2024, 0, 1 + day))));
    weekdays.set(locale, names);
  }
  return names;
}

const OSM_DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const DAY = '(?:Mo|Tu|We|Th|Fr|Sa|Su)';
const TIME = '(?:[01]\\d|2[0-4]):[0-5]\\d';
/** One rule of the plain form most places are given: 'Mo-Fr,Su 09:00-12:00,13:00-18:00'. */
const PLAIN_RULE = new RegExp(
  `^(?:(${DAY}(?:-${DAY})?(?:,${DAY}(?:-${DAY})?)*) )?(${TIME}-${TIME}(?:,${TIME}-${TIME})*)$`,
  'u',
);

/**
 * Opening hours in OpenStreetMap's syntax ('Mo-Fr 09:00-19:00; Sa 10:00-16:00') written for a
 * parent in the locale (issue 46): its weekday names and its clock ('Mon–Fri 9:00 am–7:00 pm;
 * Sat 10:00 am–4:00 pm' in English, 'Mo–Fr 09:00–19:00; Sa 10:00–16:00' in German). Only
 * that plain form is rewritten; anything else (holidays, months, sunrise, comments) is given
 * back as it was, rather than half translated.
 */
export function openingHoursInWords(value: string, locale: string): string {
  const rules = value.trim().split(/\s*;\s*/u);
  const matches = rules.map((rule) => PLAIN_RULE.exec(rule.replace(/\s+/gu, ' ')));
  if (matches.some((match) => match === null)) return value;
  const days = weekdayNames(locale);
  const dayName = (day: string) => days[OSM_DAYS.indexOf(day)] ?? day;
  return matches
    .map((match) => {
      const [, daySpec, timeSpec = ''] = match ?? [];
      const times = timeSpec
        .split(',')
        .map((span) => {
          const [from = '', to = ''] = span.split('-');
          return `${clockTime(from, locale)}–${clockTime(to, locale)}`;
        })
        .join(', ');
      if (daySpec === undefined) return times;
      const when = daySpec
        .split(',')
        .map((span) => span.split('-').map(dayName).join('–'))
        .join(', ');
      return `${when} ${times}`;
    })
    .join('; ');
}
