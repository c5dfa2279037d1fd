/**
 * Facts in words a parent understands (issue 18): "Fenced" / "Not fenced", "Wheelchair:
 * limited", "Ground: bark", "Up to 12 years", the hours in the language's weekdays and clock
 * (issue 46), and how much to trust them ("Confirmed by 3
 * parents · last on 12 Nov", "From OpenStreetMap").
 */
import { FACTS, OSM_SOURCE, type FactKey, type PlaceFact } from '@playspot/core';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { intlLocale } from '../../../lib/i18n/format.ts';
import { openingHoursInWords } from './hours-words.ts';

const t = i18n.t.bind(i18n);

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A word the page shows for a fact, or the raw value when there is none (a value from a newer server). */
function word(key: string, fallback: string): string {
  return i18n.exists(`location-details:${key}`) ? String(t(`location-details:${key}` as never)) : fallback;
}

/** The fact as a line on the page: "Fenced", "Ground: bark", "Up to 12 years", the hours. */
export function factValueText(key: FactKey, value: string): string {
  const fact = FACTS[key];
  if (fact.kind === 'yesno' && (value === 'yes' || value === 'no'))
    return word(`factWords.${value}.${key}`, value);
  if (key === 'surface')
    return t('location-details:factWords.surface', { value: word(`factWords.surfaces.${value}`, value) });
  if (key === 'min_age')
    return value === '0'
      ? t('location-details:factWords.fromBirth')
      : t('location-details:factWords.fromYears', { count: Number(value), value });
  if (key === 'max_age') return t('location-details:factWords.upToYears', { count: Number(value), value });
  if (key === 'opening_hours')
    return value === '24/7'
      ? t('location-details:factWords.allDay')
      : t('location-details:factWords.open', {
          value: openingHoursInWords(value, intlLocale(i18n.language)),
        });
  if (key === 'operator') return t('location-details:factWords.operator', { value });
  return word(`factWords.choices.${key}.${value}`, value);
}

export interface AnswerChoice {
  readonly value: string;
  readonly label: string;
}

/**
 * The one-tap answers a fact offers: Yes / No, a choice fact's choices, or, for a fact parents
 * cannot pick from a list (hours, ages), confirming the value shown.
 */
export function answerChoices(key: FactKey, shown: string | null): readonly AnswerChoice[] {
  const fact = FACTS[key];
  if (fact.kind === 'yesno')
    return [
      { value: 'yes', label: t('location-details:factWords.answerYes') },
      { value: 'no', label: t('location-details:factWords.answerNo') },
    ];
  if (fact.kind === 'choice')
    return fact.choices.map((value) => ({
      value,
      label: word(`factWords.buttons.${key}.${value}`, capitalised(value)),
    }));
  return shown === null ? [] : [{ value: shown, label: t('location-details:factWords.right') }];
}

/** "today", "on 12 Nov", "on 3 Mar 2025" (the year only when it is not this one). */
export function lastOnText(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (date.toDateString() === now.toDateString()) return t('location-details:factWords.today');
  const locale = intlLocale(i18n.language);
  const format = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
  return t('location-details:factWords.on', { date: format.format(date) });
}

/** Where an imported value came from, in a word: "OpenStreetMap", else the source's name. */
export function sourceName(source: string): string {
  return source === OSM_SOURCE ? 'OpenStreetMap' : source;
}

/**
 * Why to believe the value shown: "Confirmed by 3 parents · last on 12 Nov", "From
 * OpenStreetMap", both, or "Not confirmed yet".
 */
export function trustText(fact: PlaceFact, now: Date = new Date()): string {
  const parts: string[] = [];
  if (fact.confirmedBy > 0) {
    parts.push(t('location-details:factWords.confirmedBy', { count: fact.confirmedBy }));
    // Parents who logged a visit here in the month before answering, this month (issue 19).
    const visitors = fact.verifiedThisMonth;
    if (visitors > 0) parts.push(t('location-details:factWords.visitors', { count: visitors }));
    if (fact.lastConfirmedAt !== null)
      parts.push(t('location-details:factWords.last', { when: lastOnText(fact.lastConfirmedAt, now) }));
  }
  const imported = fact.imported?.value === fact.value ? fact.imported : null;
  if (imported) {
    const source = sourceName(imported.source);
    parts.push(
      parts.length === 0
        ? t('location-details:factWords.fromFirst', { source })
        : t('location-details:factWords.fromLater', { source }),
    );
  }
  return parts.length === 0 ? t('location-details:factWords.notConfirmed') : parts.join(' · ');
}

/** "1 parent says otherwise", "OpenStreetMap says otherwise": who disagrees with the value shown. */
export function otherwiseText(fact: PlaceFact): string | null {
  const who: string[] = [];
  if (fact.contradictedBy > 0)
    who.push(t('location-details:factWords.parents', { count: fact.contradictedBy }));
  if (fact.imported !== null && fact.imported.value !== fact.value)
    who.push(sourceName(fact.imported.source));
  if (who.length === 0) return null;
  const many = fact.contradictedBy > 1 || who.length > 1;
  const list = who.join(t('location-details:factWords.and'));
  return many
    ? t('location-details:factWords.sayOtherwise', { who: list })
    : t('location-details:factWords.saysOtherwise', { who: list });
}
