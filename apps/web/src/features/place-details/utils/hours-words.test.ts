import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openingHoursInWords } from './hours-words.ts';

/** Intl may join a time and its "pm" with a narrow no-break space: compare with plain ones. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/gu, ' ');

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

  it.each([
    '24/7',
    'Mo-Fr 09:00-19:00; PH off',
    'sunrise-sunset',
    'Apr-Oct Mo-Su 10:00-18:00',
    'Mo-Fr 9-19',
    '',
  ])('gives %j back as it was, not half translated', (value) => {
    expect(openingHoursInWords(value, 'de')).toBe(value);
  });

  it("says every plain rule with the locale's weekdays and clock, never OSM's day codes", () => {
    const day = fc.constantFrom('Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su');
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    const rule = fc
      .tuple(
        fc.option(fc.array(day, { minLength: 1, maxLength: 3 })),
        fc.array(fc.tuple(time, time), { minLength: 1, maxLength: 2 }),
      )
      .map(
        ([days, spans]) =>
          `${days === null ? '' : `${days.join(',')} `}${spans.map(([a, b]) => `${a}-${b}`).join(',')}`,
      );
    fc.assert(
      fc.property(fc.array(rule, { minLength: 1, maxLength: 3 }), (rules) => {
        const value = rules.join('; ');
        const words = openingHoursInWords(value, 'en-NZ');
        expect(words).not.toMatch(/\b(?:Mo|Tu|We|Th|Fr|Sa|Su)\b/u);
        expect(words.split('; ')).toHaveLength(rules.length);
        // German keeps every time as written: the 24-hour clock.
        for (const match of value.matchAll(/\d\d:\d\d/gu))
          expect(openingHoursInWords(value, 'de')).toContain(match[0]);
      }),
    );
  });
});
