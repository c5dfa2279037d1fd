import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clockTime, distanceUnitsOfLocales, openingHoursInWords } from './local-formats.ts';

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

describe('openingHoursInWords (issue 46)', () => {
  it.each([
    ['Mo-Fr 09:00-19:00', 'en-NZ', 'Mon–Fri 9:00 am–7:00 pm'],
    ['Mo-Fr 09:00-19:00; Sa 10:00-16:00', 'de', 'Mo–Fr 09:00–19:00; Sa 10:00–16:00'],
    ['Mo,We-Fr 08:00-12:00,13:00-17:30', 'fr', 'lun., mer.–ven. 08:00–12:00, 13:00–17:30'],
    ['09:00-18:00', 'ja', '9:00–18:00'],
    ['Mo-Su 07:00-24:00', 'pl', 'pon.–niedz. 07:00–00:00'],
  ])('%s in %s → %s', (value, locale, text) => {
    expect(plain(openingHoursInWords(value, locale))).toBe(text);
  });

  it.each(['24/7', 'Mo-Fr 09:00-19:00; PH off', 'sunrise-sunset', 'Apr-Oct Mo-Su 10:00-18:00', 'Mo-Fr 9-19', ''])(
    'gives %j back as it was, not half translated',
    (value) => {
      expect(openingHoursInWords(value, 'de')).toBe(value);
    },
  );

  it("says every plain rule with the locale's weekdays and clock, never OSM's day codes", () => {
    const day = fc.constantFrom('Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su');
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    const rule = fc
      .tuple(fc.option(fc.array(day, { minLength: 1, maxLength: 3 })), fc.array(fc.tuple(time, time), { minLength: 1, maxLength: 2 }))
      .map(([days, spans]) => `${days === null ? '' : `${days.join(',')} `}${spans.map(([a, b]) => `${a}-${b}`).join(',')}`);
    fc.assert(
      fc.property(fc.array(rule, { minLength: 1, maxLength: 3 }), (rules) => {
        const value = rules.join('; ');
        const words = openingHoursInWords(value, 'en-NZ');
        expect(words).not.toMatch(/\b(?:Mo|Tu|We|Th|Fr|Sa|Su)\b/u);
        expect(words.split('; ')).toHaveLength(rules.length);
        // German keeps every time as written: the 24-hour clock.
        for (const match of value.matchAll(/\d\d:\d\d/gu)) expect(openingHoursInWords(value, 'de')).toContain(match[0]);
      }),
    );
  });
});
