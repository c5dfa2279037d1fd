import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openingHoursSpecification } from './opening-hours-specification.ts';

const day = (name: string) => `https://schema.org/${name}`;
const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(day);

describe('openingHoursSpecification', () => {
  it.each([
    ['Mo-Fr 08:00-18:00', [{ days: WEEK.slice(0, 5), opens: '08:00', closes: '18:00' }]],
    [
      'Mo-Fr 08:00-12:00,13:00-18:00; Sa,Su 10:00-16:00',
      [
        { days: WEEK.slice(0, 5), opens: '08:00', closes: '12:00' },
        { days: WEEK.slice(0, 5), opens: '13:00', closes: '18:00' },
        { days: WEEK.slice(5), opens: '10:00', closes: '16:00' },
      ],
    ],
    // A later rule replaces an earlier one on its days, as in OpenStreetMap.
    [
      'Mo-Su 10:00-18:00; Su 12:00-16:00',
      [
        { days: WEEK.slice(0, 6), opens: '10:00', closes: '18:00' },
        { days: [day('Sunday')], opens: '12:00', closes: '16:00' },
      ],
    ],
    // A range through the week's end.
    ['Sa-Mo 09:00-24:00', [{ days: [WEEK[0], WEEK[5], WEEK[6]], opens: '09:00', closes: '23:59' }]],
    ['24/7', [{ days: WEEK, opens: '00:00', closes: '23:59' }]],
  ])('%s', (value, expected) => {
    expect(openingHoursSpecification(value)).toEqual(
      expected.map(({ days, opens, closes }) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: days,
        opens,
        closes,
      })),
    );
  });

  it.each([
    'Mo-Fr 08:00-18:00; PH off',
    'sunrise-sunset',
    'Apr-Oct Mo-Su 09:00-20:00',
    'Mo-Fr 20:00-02:00',
    'Mo 10:00-10:00',
    'Mo-Fr 08:00-18:00 "call ahead"',
    'Mo-Fr',
    '',
    'Xx 10:00-12:00',
    'Mo 25:00-26:00',
  ])('%j is not a plain weekly schedule: null', (value) => {
    expect(openingHoursSpecification(value)).toBeNull();
  });

  it('any plain weekly schedule keeps each day its hours', () => {
    const osmDays = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
    const time = fc.integer({ min: 0, max: 23 * 60 }).map((m) => m);
    const rule = fc
      .record({
        days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
        from: time,
        length: fc.integer({ min: 1, max: 60 }),
      })
      .map(({ days, from, length }) => ({ days: days.sort(), from, to: from + length }));
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    fc.assert(
      fc.property(fc.array(rule, { minLength: 1, maxLength: 4 }), (rules) => {
        const value = rules
          .map((r) => `${r.days.map((d) => osmDays[d]).join(',')} ${hhmm(r.from)}-${hhmm(r.to)}`)
          .join('; ');
        const entries = openingHoursSpecification(value) ?? [];
        // The last rule naming a day decides its hours.
        for (let d = 0; d < 7; d++) {
          const last = rules.filter((r) => r.days.includes(d)).at(-1);
          const found = entries.filter((entry) => entry.dayOfWeek.includes(WEEK[d] as never));
          if (last === undefined) expect(found).toEqual([]);
          else expect(found.map((e) => [e.opens, e.closes])).toEqual([[hhmm(last.from), hhmm(last.to)]]);
        }
      }),
    );
  });
});
