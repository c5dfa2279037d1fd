/**
 * Event schedules (spec §3, §4): an event happens on an English weekday at a wall-clock
 * time 'HH:MM', every week or on the first, second, third or last such weekday of a month.
 * Schedules are evaluated in the place's time zone (default Pacific/Auckland), never in
 * the zone of the machine running the code.
 */
import { exhaustiveSwitchError } from './assert.ts';
import {
  DEFAULT_TIME_ZONE,
  EVENT_DEFAULT_MINUTES,
  EVENT_LIVE_MINUTES,
  WEEKDAY_NAMES,
  type RepeatPattern,
  type WeekdayName,
} from './constants.ts';
import {
  MS_PER_MINUTE,
  addDays,
  daysInMonth,
  isoWeekdayIndex,
  localDateInZone,
  zonedTimeToInstant,
  type LocalDate,
} from './time.ts';

export interface EventSchedule {
  readonly dayOfWeek: WeekdayName;
  /** 24-hour wall-clock start, 'HH:MM'. */
  readonly time: string;
  readonly repeatPattern: RepeatPattern;
}

export interface TimeOfDay {
  readonly hours: number;
  readonly minutes: number;
}

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Parses a strict 24-hour 'HH:MM' (00:00–23:59), or returns null. */
export function parseTime(text: string): TimeOfDay | null {
  const match = TIME_PATTERN.exec(text);
  if (!match) return null;
  return { hours: Number(match[1]), minutes: Number(match[2]) };
}

export function isValidTime(text: string): boolean {
  return TIME_PATTERN.test(text);
}

const MINUTES_PER_DAY = 24 * 60;

/** Minutes after midnight of a strict 'HH:MM', or null. */
export function minutesOfDay(text: string): number | null {
  const time = parseTime(text);
  return time === null ? null : time.hours * 60 + time.minutes;
}

/**
 * How long an event lasts that starts at `start` and ends at `end` on the same day (issue 45):
 * whole minutes, or null when either is not a time or the end is not after the start.
 */
export function eventDurationMinutes(start: string, end: string): number | null {
  const from = minutesOfDay(start);
  const to = minutesOfDay(end);
  if (from === null || to === null || to <= from) return null;
  return to - from;
}

/**
 * The wall-clock end of an event starting at `start` and lasting `durationMinutes`
 * ('HH:MM'; past midnight it wraps: an event made before ends were stored, starting at
 * 23:30, lasts its hour until 00:30).
 */
export function eventEndTime(start: string, durationMinutes: number = EVENT_DEFAULT_MINUTES): string {
  const from = minutesOfDay(start);
  if (from === null) throw new RangeError(`time must be 'HH:MM', got ${JSON.stringify(start)}`);
  const end = (((from + durationMinutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
}

/**
 * A file name for an event's calendar file (issue 45): its title in lower case, letters and
 * digits of any script kept, everything else one hyphen, at most 60 characters, then '.ics'
 * ('Krabbeltreff im Bauhof' → 'krabbeltreff-im-bauhof.ics'). A title with nothing left
 * gives 'event.ics'. Safe in a path and a header: no separators, quotes or control characters.
 */
export function calendarFileName(title: string): string {
  const slug = title
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/gu, '');
  const graphemes = Array.from(new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(slug));
  const short = graphemes
    .slice(0, 60)
    .map((part) => part.segment)
    .join('')
    .replace(/-+$/u, '');
  return `${short === '' ? 'event' : short}.ics`;
}

function requireTime(text: string): TimeOfDay {
  const time = parseTime(text);
  if (!time) throw new RangeError(`time must be 'HH:MM' (00:00–23:59), got ${JSON.stringify(text)}`);
  return time;
}

export function isWeekdayName(value: string): value is WeekdayName {
  return (WEEKDAY_NAMES as readonly string[]).includes(value);
}

/** English weekday name of a calendar date. */
export function weekdayOfDate(date: LocalDate): WeekdayName {
  const name = WEEKDAY_NAMES[isoWeekdayIndex(date)];
  if (name === undefined) throw new Error('unreachable: weekday index out of range');
  return name;
}

/** English weekday name (Monday … Sunday) of `now` in `timeZone`. */
export function weekdayName(now: Date, timeZone: string = DEFAULT_TIME_ZONE): WeekdayName {
  return weekdayOfDate(localDateInZone(now, timeZone));
}

/**
 * Whether a date fits a repeat pattern, given that its weekday already matches:
 * first/second/third = day of month 1–7 / 8–14 / 15–21; last = no such weekday later in
 * the month (day + 7 beyond the month's length). A 29th–31st is only ever "last".
 */
export function matchesRepeatPattern(pattern: RepeatPattern, date: LocalDate): boolean {
  switch (pattern) {
    case 'Week':
      return true;
    case 'Month first':
      return date.day >= 1 && date.day <= 7;
    case 'Month second':
      return date.day >= 8 && date.day <= 14;
    case 'Month third':
      return date.day >= 15 && date.day <= 21;
    case 'Month last':
      return date.day + 7 > daysInMonth(date.year, date.month);
    default:
      return exhaustiveSwitchError(pattern, 'repeat pattern');
  }
}

/** True when the event has an occurrence on this calendar date. */
export function occursOnDate(event: EventSchedule, date: LocalDate): boolean {
  return weekdayOfDate(date) === event.dayOfWeek && matchesRepeatPattern(event.repeatPattern, date);
}

/**
 * The instant the event starts on `date` (whether or not it occurs that day). A start time
 * skipped by a daylight-saving change is moved forward by the gap; a repeated one means
 * the first occurrence (see zonedTimeToInstant).
 */
export function eventStartOn(
  event: EventSchedule,
  date: LocalDate,
  timeZone: string = DEFAULT_TIME_ZONE,
): Date {
  const { hours, minutes } = requireTime(event.time);
  return zonedTimeToInstant({ ...date, hour: hours, minute: minutes, second: 0 }, timeZone);
}

/**
 * True from the start of an occurrence until EVENT_LIVE_MINUTES real minutes after it, and
 * not before the start. An occurrence that began late yesterday (e.g. 23:45) is still live
 * shortly after midnight; apart from that, today's weekday and date must fit the schedule.
 */
export function isEventHappeningNow(
  event: EventSchedule,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  requireTime(event.time);
  const today = localDateInZone(now, timeZone);
  const nowMs = now.getTime();
  return [today, addDays(today, -1)].some((date) => {
    if (!occursOnDate(event, date)) return false;
    const start = eventStartOn(event, date, timeZone).getTime();
    return start <= nowMs && nowMs <= start + EVENT_LIVE_MINUTES * MS_PER_MINUTE;
  });
}

/**
 * On "today's events" (a map pin's flag, a place's list): it occurs on today's date in the
 * place's zone, or an occurrence that began late yesterday is still live.
 */
export function isEventOnToday(
  event: EventSchedule,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  return occursOnDate(event, localDateInZone(now, timeZone)) || isEventHappeningNow(event, now, timeZone);
}

/** Every pattern occurs at least once a month, so a match is always within this many days. */
const MAX_DAYS_TO_NEXT_OCCURRENCE = 62;

/**
 * The next start at or after `now`. If today's start has already passed, the next one is a
 * week later for weekly events, or the next date that fits a monthly pattern.
 */
export function nextOccurrence(event: EventSchedule, now: Date, timeZone: string = DEFAULT_TIME_ZONE): Date {
  requireTime(event.time);
  const today = localDateInZone(now, timeZone);
  for (let offset = 0; offset <= MAX_DAYS_TO_NEXT_OCCURRENCE; offset += 1) {
    const date = addDays(today, offset);
    if (!occursOnDate(event, date)) continue;
    const start = eventStartOn(event, date, timeZone);
    if (start.getTime() >= now.getTime()) return start;
  }
  throw new Error('unreachable: no occurrence within two months');
}

/**
 * Whole minutes (rounded up) from `now` until the next start; 0 exactly at a start. Counted
 * in real time, so a daylight-saving change in between adds or removes an hour.
 */
export function minutesUntilNextOccurrence(
  event: EventSchedule,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): number {
  return Math.ceil((nextOccurrence(event, now, timeZone).getTime() - now.getTime()) / MS_PER_MINUTE);
}
