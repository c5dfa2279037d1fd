import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clockTime, distanceUnitsOfLocales } from './local-formats.ts';

describe('distanceUnitsOfLocales (issue 46)', () => {
  it.each([
    [['en-US'], 'imperial'],
    [['es-US', 'es'], 'imperial'],
    [['en', 'en-US'], 'imperial'],
    [['en-LR'], 'imperial'],
    [['my-MM'], 'imperial'],
    [['en-GB'], 'metric'],
    [['en-NZ', 'en-US'], 'metric'],
    [['de-DE', 'en-US'], 'metric'],
    [['ar-EG'], 'metric'],
    [['ja-JP'], 'metric'],
    [['en'], 'metric'],
    [[], 'metric'],
    [['not a tag', 'en-US'], 'imperial'],
  ] as const)('%j → %s', (tags, units) => {
    expect(distanceUnitsOfLocales(tags)).toBe(units);
  });
});

/** Intl may join a time and its "pm" with a narrow no-break space: compare with plain ones. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/gu, ' ');

describe('clockTime (issue 46)', () => {
  it.each([
    ['19:00', 'en-NZ', '7:00 pm'],
    ['09:30', 'en-US', '9:30 AM'],
    ['00:00', 'en-US', '12:00 AM'],
    ['19:00', 'de', '19:00'],
    ['09:30', 'de', '09:30'],
    ['19:00', 'fr', '19:00'],
    ['19:05', 'ja', '19:05'],
    ['19:00', 'pl', '19:00'],
    ['19:00', 'tr', '19:00'],
    ['24:00', 'de', '00:00'],
  ])('%s in %s → %s', (time, locale, text) => {
    expect(plain(clockTime(time, locale))).toBe(text);
  });

  it('tells the afternoon apart on a 12-hour clock (Arabic)', () => {
    expect(clockTime('07:00', 'ar')).not.toBe(clockTime('19:00', 'ar'));
  });

  it('refuses what is no time of day', () => {
    for (const wrong of ['7pm', '25:00', '24:30', '19:60', '', '9:00'])
      expect(() => clockTime(wrong, 'en'), wrong).toThrow(RangeError);
  });

  it('writes every minute of the day as a 24-hour locale keeps it, and on 12 hours tells each apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (hours, minutes) => {
        const time = `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
        expect(clockTime(time, 'de')).toBe(time);
        const other = `${String((hours + 12) % 24).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
        expect(clockTime(time, 'en-NZ')).not.toBe(clockTime(other, 'en-NZ'));
        expect(plain(clockTime(time, 'en-NZ'))).toMatch(/^(1[0-2]|[1-9]):[0-5]\d [ap]m$/u);
      }),
    );
  });
});
