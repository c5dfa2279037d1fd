import type { PlaceFact } from '@playspot/core';
import { describe, expect, it } from 'vitest';
import { answerChoices, factValueText, lastOnText, otherwiseText, trustText } from './fact-words.ts';

const fact = (patch: Partial<PlaceFact>): PlaceFact => ({
  key: 'fenced',
  value: 'yes',
  confirmedBy: 0,
  contradictedBy: 0,
  lastConfirmedAt: null,
  verifiedThisMonth: 0,
  disputed: false,
  imported: null,
  myAnswer: null,
  ...patch,
});

const NOW = new Date(2026, 10, 20, 15, 0);
const OSM = { source: 'osm', licence: 'ODbL-1.0', attribution: '© OpenStreetMap contributors' };

describe('facts in words', () => {
  it.each([
    ['fenced', 'yes', 'Fenced'],
    ['fenced', 'no', 'Not fenced'],
    ['fee', 'no', 'Free entry'],
    ['wheelchair', 'limited', 'Wheelchair: limited'],
    ['wheelchair', 'yes', 'Wheelchair accessible'],
    ['surface', 'bark', 'Ground: bark'],
    ['max_age', '12', 'Up to 12 years'],
    ['min_age', '1', 'From 1 year'],
    ['min_age', '0', 'From birth'],
    ['dogs', 'leashed', 'Dogs on a lead'],
    ['access', 'customers', 'Customers only'],
    // In English's weekdays and on its clock (issue 46).
    ['opening_hours', 'Mo-Su 08:00-20:00', 'Open Mon–Sun 8:00 am–8:00 pm'],
    ['opening_hours', '24/7', 'Open day and night'],
  ] as const)('%s = %s reads "%s"', (key, value, text) => {
    // Intl may join a time and its "am" with a narrow no-break space.
    expect(factValueText(key, value).replace(/\u202f/gu, ' ')).toBe(text);
  });

  it('offers Yes/No, the choices, or confirming what a parent cannot pick from a list', () => {
    expect(answerChoices('fenced', 'yes').map((choice) => choice.label)).toEqual(['Yes', 'No']);
    expect(answerChoices('dogs', null).map((choice) => choice.label)).toEqual(['Yes', 'On a lead', 'No']);
    expect(answerChoices('max_age', '12')).toEqual([{ value: '12', label: 'That’s right' }]);
    expect(answerChoices('opening_hours', null)).toEqual([]);
  });

  it('says when it was last confirmed: today, the day, and the year only when not this one', () => {
    expect(lastOnText(new Date(2026, 10, 20, 9, 0).toISOString(), NOW)).toBe('today');
    expect(lastOnText(new Date(2026, 10, 12, 9, 0).toISOString(), NOW)).toBe('on 12 Nov');
    expect(lastOnText(new Date(2025, 2, 3, 9, 0).toISOString(), NOW)).toBe('on 3 Mar 2025');
  });

  it('says why to trust a fact', () => {
    const lastOn = new Date(2026, 10, 12, 9, 0).toISOString();
    expect(trustText(fact({ confirmedBy: 3, lastConfirmedAt: lastOn }), NOW)).toBe(
      'Confirmed by 3 parents · last on 12 Nov',
    );
    expect(trustText(fact({ imported: { value: 'yes', ...OSM } }), NOW)).toBe('From OpenStreetMap');
    expect(
      trustText(fact({ confirmedBy: 1, lastConfirmedAt: lastOn, imported: { value: 'yes', ...OSM } }), NOW),
    ).toBe('Confirmed by 1 parent · last on 12 Nov · from OpenStreetMap');
    // Parents who had logged a visit here: counted apart, this month.
    expect(trustText(fact({ confirmedBy: 5, verifiedThisMonth: 2, lastConfirmedAt: lastOn }), NOW)).toBe(
      'Confirmed by 5 parents · 2 visitors this month · last on 12 Nov',
    );
    expect(trustText(fact({ confirmedBy: 1, verifiedThisMonth: 1, lastConfirmedAt: null }), NOW)).toBe(
      'Confirmed by 1 parent · 1 visitor this month',
    );
    // The import said otherwise: it is no reason to trust the value shown.
    expect(trustText(fact({ imported: { value: 'no', ...OSM } }), NOW)).toBe('Not confirmed yet');
  });

  it('says who disagrees', () => {
    expect(otherwiseText(fact({ contradictedBy: 1 }))).toBe('1 parent says otherwise');
    expect(otherwiseText(fact({ contradictedBy: 2 }))).toBe('2 parents say otherwise');
    expect(otherwiseText(fact({ contradictedBy: 1, imported: { value: 'no', ...OSM } }))).toBe(
      '1 parent and OpenStreetMap say otherwise',
    );
    expect(otherwiseText(fact({ imported: { value: 'no', ...OSM } }))).toBe('OpenStreetMap says otherwise');
    expect(otherwiseText(fact({}))).toBeNull();
  });
});
