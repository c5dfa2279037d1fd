/**
 * Facts in words a parent understands (issue 18): "Fenced" / "Not fenced", "Wheelchair:
 * limited", "Ground: bark", "Up to 12 years", and how much to trust them ("Confirmed by 3
 * parents · last on 12 Nov", "From OpenStreetMap").
 */
import { FACTS, OSM_SOURCE, type FactKey, type PlaceFact } from '@playspot/core';

/** What a yes/no fact says each way. */
const YES_NO: Readonly<Partial<Record<FactKey, readonly [yes: string, no: string]>>> = {
  toilets: ['Toilets', 'No toilets'],
  changing_table: ['Baby changing table', 'No changing table'],
  fenced: ['Fenced', 'Not fenced'],
  shade: ['Shade', 'No shade'],
  lit: ['Lit after dark', 'Not lit after dark'],
  baby_swing: ['Baby swing', 'No baby swing'],
  water_play: ['Water play', 'No water play'],
  sand: ['Sandpit', 'No sandpit'],
  drinking_water: ['Drinking water', 'No drinking water'],
  parking: ['Parking', 'No parking'],
  fee: ['Entry fee', 'Free entry'],
};

/** A choice fact's values as the page says them. */
const CHOICE_WORDS: Readonly<Partial<Record<FactKey, Readonly<Record<string, string>>>>> = {
  wheelchair: {
    yes: 'Wheelchair accessible',
    limited: 'Wheelchair: limited',
    no: 'Not wheelchair accessible',
  },
  access: { public: 'Open to everyone', customers: 'Customers only', members: 'Members only' },
  dogs: { yes: 'Dogs welcome', leashed: 'Dogs on a lead', no: 'No dogs' },
};

/** A choice as its answer button says it. */
const CHOICE_BUTTONS: Readonly<Partial<Record<FactKey, Readonly<Record<string, string>>>>> = {
  access: { public: 'Everyone', customers: 'Customers', members: 'Members' },
  dogs: { leashed: 'On a lead' },
};

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const years = (value: string) => `${value} ${value === '1' ? 'year' : 'years'}`;

/** The fact as a line on the page: "Fenced", "Ground: bark", "Up to 12 years", the hours. */
export function factValueText(key: FactKey, value: string): string {
  const pair = YES_NO[key];
  if (pair) return value === 'yes' ? pair[0] : value === 'no' ? pair[1] : value;
  if (key === 'surface') return `Ground: ${value}`;
  if (key === 'min_age') return value === '0' ? 'From birth' : `From ${years(value)}`;
  if (key === 'max_age') return `Up to ${years(value)}`;
  if (key === 'opening_hours') return value === '24/7' ? 'Open day and night' : `Open ${value}`;
  if (key === 'operator') return `Looked after by ${value}`;
  return CHOICE_WORDS[key]?.[value] ?? value;
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
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ];
  if (fact.kind === 'choice')
    return fact.choices.map((value) => ({
      value,
      label: CHOICE_BUTTONS[key]?.[value] ?? capitalised(value),
    }));
  return shown === null ? [] : [{ value: shown, label: 'That’s right' }];
}

const dayMonth = new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'short' });
const dayMonthYear = new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'short', year: 'numeric' });

/** "today", "on 12 Nov", "on 3 Mar 2025" (the year only when it is not this one). */
export function lastOnText(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (date.toDateString() === now.toDateString()) return 'today';
  const format = date.getFullYear() === now.getFullYear() ? dayMonth : dayMonthYear;
  return `on ${format.format(date)}`;
}

/** Where an imported value came from, in a word: "OpenStreetMap", else the source's name. */
export function sourceName(source: string): string {
  return source === OSM_SOURCE ? 'OpenStreetMap' : source;
}

const parents = (count: number) => `${count} ${count === 1 ? 'parent' : 'parents'}`;

/**
 * Why to believe the value shown: "Confirmed by 3 parents · last on 12 Nov", "From
 * OpenStreetMap", both, or "Not confirmed yet".
 */
export function trustText(fact: PlaceFact, now: Date = new Date()): string {
  const parts: string[] = [];
  if (fact.confirmedBy > 0) {
    parts.push(`Confirmed by ${parents(fact.confirmedBy)}`);
    // Parents who logged a visit here in the month before answering, this month (issue 19).
    const visitors = fact.verifiedThisMonth;
    if (visitors > 0) parts.push(`${visitors} ${visitors === 1 ? 'visitor' : 'visitors'} this month`);
    if (fact.lastConfirmedAt !== null) parts.push(`last ${lastOnText(fact.lastConfirmedAt, now)}`);
  }
  const imported = fact.imported?.value === fact.value ? fact.imported : null;
  if (imported) {
    const from = sourceName(imported.source);
    parts.push(parts.length === 0 ? `From ${from}` : `from ${from}`);
  }
  return parts.length === 0 ? 'Not confirmed yet' : parts.join(' · ');
}

/** "1 parent says otherwise", "OpenStreetMap says otherwise": who disagrees with the value shown. */
export function otherwiseText(fact: PlaceFact): string | null {
  const who: string[] = [];
  if (fact.contradictedBy > 0) who.push(parents(fact.contradictedBy));
  if (fact.imported !== null && fact.imported.value !== fact.value)
    who.push(sourceName(fact.imported.source));
  if (who.length === 0) return null;
  const many = fact.contradictedBy > 1 || who.length > 1;
  return `${who.join(' and ')} ${many ? 'say' : 'says'} otherwise`;
}
