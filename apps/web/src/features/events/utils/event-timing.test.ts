import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n.ts';
import {
  describeSchedule,
  describeStartsIn,
  eventTiming,
  sortBySoonest,
  timeZoneHint,
} from './event-timing.ts';

// Saturday 7 November 2026, 10:10 in Auckland (NZDT, UTC+13) is Friday 21:10 UTC.
const SATURDAY_10_10_AUCKLAND = new Date('2026-11-06T21:10:00Z');

describe('eventTiming', () => {
  it('is live ten minutes after a weekly start, in the place’s zone rather than the device’s', () => {
    const timing = eventTiming(
      { dayOfWeek: 'Saturday', time: '10:00', repeatPattern: 'Week', timeZone: 'Pacific/Auckland' },
      SATURDAY_10_10_AUCKLAND,
    );
    expect(timing).toEqual({ happeningNow: true, startsInMinutes: 7 * 24 * 60 - 10, today: true });
  });

  it('counts the minutes to a start later today', () => {
    const timing = eventTiming(
      { dayOfWeek: 'Saturday', time: '10:25', repeatPattern: 'Week', timeZone: 'Pacific/Auckland' },
      SATURDAY_10_10_AUCKLAND,
    );
    expect(timing).toEqual({ happeningNow: false, startsInMinutes: 15, today: true });
  });

  it('is not today for the same wall-clock time in a zone where it is still Friday', () => {
    const timing = eventTiming(
      { dayOfWeek: 'Saturday', time: '10:00', repeatPattern: 'Week', timeZone: 'Europe/London' },
      SATURDAY_10_10_AUCKLAND,
    );
    expect(timing.today).toBe(false);
    expect(timing.happeningNow).toBe(false);
  });

  it('is not live on a Saturday that does not fit a monthly pattern', () => {
    // 7 November is the first Saturday of the month, not the last.
    const timing = eventTiming(
      { dayOfWeek: 'Saturday', time: '10:00', repeatPattern: 'Month last', timeZone: 'Pacific/Auckland' },
      SATURDAY_10_10_AUCKLAND,
    );
    expect(timing.happeningNow).toBe(false);
    expect(timing.today).toBe(false);
  });
});

describe('sortBySoonest', () => {
  it('puts live events first, then the soonest start', () => {
    const zone = 'Pacific/Auckland';
    const events = [
      { id: 'tomorrow', dayOfWeek: 'Sunday', time: '09:00', repeatPattern: 'Week', timeZone: zone },
      { id: 'soon', dayOfWeek: 'Saturday', time: '11:00', repeatPattern: 'Week', timeZone: zone },
      { id: 'live', dayOfWeek: 'Saturday', time: '10:00', repeatPattern: 'Week', timeZone: zone },
    ] as const;
    expect(sortBySoonest(events, SATURDAY_10_10_AUCKLAND).map((event) => event.id)).toEqual([
      'live',
      'soon',
      'tomorrow',
    ]);
  });
});

describe('words', () => {
  it.each([
    [0, 'Starting now'],
    [5, 'Starts in 5 min'],
    [60, 'Starts in 1 h'],
    [95, 'Starts in 1 h 35 min'],
    [24 * 60 + 30, 'Tomorrow'],
    [3 * 24 * 60, 'In 3 days'],
  ])('%i minutes read “%s”', (minutes, words) => {
    expect(describeStartsIn(minutes)).toBe(words);
  });

  it('describes weekly and monthly schedules', () => {
    const zone = 'Pacific/Auckland';
    expect(
      describeSchedule({
        dayOfWeek: 'Monday',
        time: '09:30',
        endTime: '11:00',
        repeatPattern: 'Week',
        timeZone: zone,
      }),
    ).toMatch(/^Every Monday, 9:30\sam–11:00\sam$/u);
    expect(
      describeSchedule({
        dayOfWeek: 'Sunday',
        time: '14:00',
        endTime: '15:30',
        repeatPattern: 'Month last',
        timeZone: zone,
      }),
    ).toMatch(/^Last Sunday of the month, 2:00\spm–3:30\spm$/u);
  });

  it('tells the times on the language’s clock (issue 46): 24 hours in German', async () => {
    await i18n.changeLanguage('de');
    expect(
      describeSchedule({
        dayOfWeek: 'Monday',
        time: '09:30',
        endTime: '11:00',
        repeatPattern: 'Week',
        timeZone: 'Pacific/Auckland',
      }),
    ).toBe('Jeden Montag, 09:30–11:00 Uhr');
    await i18n.changeLanguage('en');
  });

  it('names the place’s zone only when it differs from the device’s', () => {
    expect(timeZoneHint('Pacific/Auckland', 'Pacific/Auckland')).toBe('');
    expect(timeZoneHint('America/New_York', 'Pacific/Auckland')).toBe(' (New York time)');
  });
});
