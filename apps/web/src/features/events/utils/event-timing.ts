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
  type RepeatPattern,
} from '@playspot/core';

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
  if (minutes <= 0) return 'Starting now';
  if (minutes < MINUTES_PER_HOUR) return `Starts in ${minutes} min`;
  if (minutes < MINUTES_PER_DAY) {
    const hours = Math.floor(minutes / MINUTES_PER_HOUR);
    const rest = minutes % MINUTES_PER_HOUR;
    return rest === 0 ? `Starts in ${hours} h` : `Starts in ${hours} h ${rest} min`;
  }
  const days = Math.round(minutes / MINUTES_PER_DAY);
  return days === 1 ? 'Tomorrow' : `In ${days} days`;
}

const PATTERN_ORDINAL: Record<Exclude<RepeatPattern, 'Week'>, string> = {
  'Month first': 'First',
  'Month second': 'Second',
  'Month third': 'Third',
  'Month last': 'Last',
};

/** 'Every Saturday at 10:00', 'First Sunday of the month at 09:30'. */
export function describeSchedule(event: EventSchedule): string {
  if (event.repeatPattern === 'Week') return `Every ${event.dayOfWeek} at ${event.time}`;
  return `${PATTERN_ORDINAL[event.repeatPattern]} ${event.dayOfWeek} of the month at ${event.time}`;
}

/** How the repeat patterns read in the form. */
export const REPEAT_PATTERN_LABELS: Record<RepeatPattern, string> = {
  Week: 'Every week',
  'Month first': 'First of the month',
  'Month second': 'Second of the month',
  'Month third': 'Third of the month',
  'Month last': 'Last of the month',
};

/** ' (Auckland time)' when the place's zone differs from this device's, else ''. */
export function timeZoneHint(timeZone: string, deviceTimeZone: string): string {
  if (timeZone === deviceTimeZone) return '';
  const city = timeZone.split('/').at(-1)?.replaceAll('_', ' ') ?? timeZone;
  return ` (${city} time)`;
}
