/**
 * What a person needs to know about when an event happens, worked out with the core rules
 * (isEventHappeningNow, minutesUntilNextOccurrence) in the event's own time zone, so a
 * visitor's phone set to another zone still sees the place's schedule right.
 */
import {
  isEventHappeningNow,
  localDateInZone,
  minutesUntilNextOccurrence,
  occursOnDate,
  type Event,
} from '@playspot/core';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { localTime } from '../../../lib/i18n/format.ts';

export type EventSchedule = Pick<Event, 'dayOfWeek' | 'time' | 'repeatPattern' | 'timeZone'>;

export interface EventTiming {
  readonly happeningNow: boolean;
  /** Whole minutes to the next start; 0 exactly at a start. */
  readonly startsInMinutes: number;
  /** An occurrence falls on today's date where the event is. */
  readonly today: boolean;
}

export function eventTiming(event: EventSchedule, now: Date): EventTiming {
  return {
    happeningNow: isEventHappeningNow(event, now, event.timeZone),
    startsInMinutes: minutesUntilNextOccurrence(event, now, event.timeZone),
    today: occursOnDate(event, localDateInZone(now, event.timeZone)),
  };
}

/** Happening now first, then by the next start. */
export function sortBySoonest<T extends EventSchedule>(events: readonly T[], now: Date): T[] {
  const keyed = events.map((event) => {
    const timing = eventTiming(event, now);
    return { event, key: timing.happeningNow ? -1 : timing.startsInMinutes };
  });
  return keyed.sort((a, b) => a.key - b.key).map(({ event }) => event);
}

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/** 'Starts in 5 min', 'Starts in 2 h 10 min', 'In 3 days'. */
export function describeStartsIn(minutes: number): string {
  if (minutes <= 0) return i18n.t('events:timing.now');
  if (minutes < MINUTES_PER_HOUR) return i18n.t('events:timing.minutes', { minutes });
  if (minutes < MINUTES_PER_DAY) {
    const hours = Math.floor(minutes / MINUTES_PER_HOUR);
    const rest = minutes % MINUTES_PER_HOUR;
    return rest === 0
      ? i18n.t('events:timing.hours', { hours })
      : i18n.t('events:timing.hoursMinutes', { hours, minutes: rest });
  }
  const days = Math.round(minutes / MINUTES_PER_DAY);
  return days === 1 ? i18n.t('events:timing.tomorrow') : i18n.t('events:timing.days', { count: days });
}

/**
 * 'Every Saturday, 10:00 am–11:30 am', 'Erster Sonntag im Monat, 09:30–10:30 Uhr' (issue 45: with
 * its end; issue 46: on the language's clock).
 */
export function describeSchedule(event: EventSchedule & Pick<Event, 'endTime'>): string {
  const day = i18n.t(`events:days.${event.dayOfWeek}`);
  const time = i18n.t('events:schedule.range', {
    start: localTime(event.time, i18n.language),
    end: localTime(event.endTime, i18n.language),
  });
  if (event.repeatPattern === 'Week') return i18n.t('events:schedule.week', { day, time });
  return i18n.t(`events:schedule.${event.repeatPattern}`, { day, time });
}

/** ' (Auckland time)' when the place's zone differs from this device's, else ''. */
export function timeZoneHint(timeZone: string, deviceTimeZone: string): string {
  if (timeZone === deviceTimeZone) return '';
  const city = timeZone.split('/').at(-1)?.replaceAll('_', ' ') ?? timeZone;
  return i18n.t('events:timing.zone', { city });
}
