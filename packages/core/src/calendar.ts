/**
 * Events in a phone's calendar (issue 33): an event's schedule as an iCalendar repeat rule
 * (RFC 5545 RRULE) in its place's time zone, its first start, and the zone itself as a
 * VTIMEZONE computed from Intl, so a calendar shows the wall time the place keeps across
 * daylight-saving changes. Text only: apps/server writes the files with the `ics` package.
 */
import { exhaustiveSwitchError } from './assert.ts';
import { WEEKDAY_NAMES, type RepeatPattern, type WeekdayName } from './constants.ts';
import { nextOccurrence, parseTime, type EventSchedule } from './events.ts';
import {
  daysInMonth,
  localDateInZone,
  MS_PER_DAY,
  MS_PER_HOUR,
  MS_PER_MINUTE,
  timeZoneOffsetMs,
  zonedDateTime,
  type LocalDate,
  type LocalDateTime,
} from './time.ts';

const ICAL_DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

function icalDay(day: WeekdayName): string {
  const code = ICAL_DAYS[WEEKDAY_NAMES.indexOf(day)];
  if (code === undefined) throw new RangeError(`not a weekday: ${day}`);
  return code;
}

/** The schedule's repeat rule: 'FREQ=WEEKLY;BYDAY=MO', 'FREQ=MONTHLY;BYDAY=-1SA'… */
export function recurrenceRule(schedule: Pick<EventSchedule, 'dayOfWeek' | 'repeatPattern'>): string {
  const day = icalDay(schedule.dayOfWeek);
  const pattern: RepeatPattern = schedule.repeatPattern;
  switch (pattern) {
    case 'Week':
      return `FREQ=WEEKLY;BYDAY=${day}`;
    case 'Month first':
      return `FREQ=MONTHLY;BYDAY=1${day}`;
    case 'Month second':
      return `FREQ=MONTHLY;BYDAY=2${day}`;
    case 'Month third':
      return `FREQ=MONTHLY;BYDAY=3${day}`;
    case 'Month last':
      return `FREQ=MONTHLY;BYDAY=-1${day}`;
    default:
      return exhaustiveSwitchError(pattern);
  }
}

/**
 * The first start on or after `from`, as the place's wall clock shows it: the date of
 * core's nextOccurrence and the schedule's own time (a start a daylight-saving change skips
 * keeps its written time; the calendar moves it as core does, RFC 5545 §3.3.5).
 */
export function firstStart(schedule: EventSchedule, from: Date, timeZone: string): LocalDateTime {
  const time = parseTime(schedule.time);
  if (time === null) throw new RangeError(`time must be 'HH:MM', got ${JSON.stringify(schedule.time)}`);
  const date: LocalDate = localDateInZone(nextOccurrence(schedule, from, timeZone), timeZone);
  return { ...date, hour: time.hours, minute: time.minutes, second: 0 };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A wall time as iCalendar writes a local one: '20260302T093000'. */
export function icalLocal(at: LocalDateTime): string {
  return `${pad(at.year, 4)}${pad(at.month)}${pad(at.day)}T${pad(at.hour)}${pad(at.minute)}${pad(at.second)}`;
}

/** A UTC offset as iCalendar writes it: '+0100', '-0330', '+0545'. */
export function icalOffset(offsetMs: number): string {
  const minutes = Math.round(offsetMs / MS_PER_MINUTE);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

interface Transition {
  /** The wall time just before the change (what DTSTART of an observance is). */
  readonly localBefore: LocalDateTime;
  readonly offsetFrom: number;
  readonly offsetTo: number;
}

/** The instants in [fromMs, toMs) at which the zone's offset changes, found day by day. */
function transitions(timeZone: string, fromMs: number, toMs: number): Transition[] {
  const found: Transition[] = [];
  let before = timeZoneOffsetMs(new Date(fromMs), timeZone);
  for (let day = fromMs; day < toMs; day += MS_PER_DAY) {
    const after = timeZoneOffsetMs(new Date(day + MS_PER_DAY), timeZone);
    if (after === before) continue;
    // The change is within (day, day + 1 day]: find its minute.
    let low = day;
    let high = day + MS_PER_DAY;
    while (high - low > MS_PER_MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MS_PER_MINUTE) * MS_PER_MINUTE;
      if (timeZoneOffsetMs(new Date(middle), timeZone) === before) low = middle;
      else high = middle;
    }
    // The wall clock just before the change reads (instant + offset before) as UTC.
    const wall = zonedDateTime(new Date(high + before), 'UTC');
    found.push({ localBefore: { ...wall, second: 0 }, offsetFrom: before, offsetTo: after });
    before = after;
  }
  return found;
}

/** 'nth weekday of the month' of a date: 1–4, or -1 when it is the last such weekday. */
function nthWeekday(date: LocalDate): { n: number; day: string } {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  const day = ICAL_DAYS[(weekday + 6) % 7] ?? 'SU';
  const n = date.day + 7 > daysInMonth(date.year, date.month) ? -1 : Math.ceil(date.day / 7);
  return { n, day };
}

/**
 * The zone's VTIMEZONE for the years from `fromYear` to `toYear` (inclusive), as CRLF lines.
 * Each kind of change (to daylight time, back to standard time) is one observance; when it
 * falls on the same weekday rule every year it is written as a yearly RRULE (which
 * calendars extend beyond the years looked at), else as the dates it happened (RDATE). A
 * zone without changes is one STANDARD observance.
 */
export function vtimezone(timeZone: string, fromYear: number, toYear: number): string {
  const fromMs = Date.UTC(fromYear, 0, 1) - 14 * MS_PER_HOUR;
  const toMs = Date.UTC(toYear + 1, 0, 1) + 14 * MS_PER_HOUR;
  const changes = transitions(timeZone, fromMs, toMs);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  if (changes.length === 0) {
    const offset = icalOffset(timeZoneOffsetMs(new Date(fromMs), timeZone));
    lines.push(
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      'END:STANDARD',
    );
  } else {
    const groups = new Map<string, Transition[]>();
    for (const change of changes) {
      const key = `${change.offsetFrom}>${change.offsetTo}`;
      groups.set(key, [...(groups.get(key) ?? []), change]);
    }
    for (const group of groups.values()) {
      const [first] = group;
      if (first === undefined) continue;
      const kind = first.offsetTo > first.offsetFrom ? 'DAYLIGHT' : 'STANDARD';
      lines.push(
        `BEGIN:${kind}`,
        `DTSTART:${icalLocal(first.localBefore)}`,
        `TZOFFSETFROM:${icalOffset(first.offsetFrom)}`,
        `TZOFFSETTO:${icalOffset(first.offsetTo)}`,
      );
      const rules = group.map((change) => ({
        month: change.localBefore.month,
        time: `${change.localBefore.hour}:${change.localBefore.minute}`,
        ...nthWeekday(change.localBefore),
      }));
      const rule = rules[0];
      const yearly =
        rule !== undefined &&
        group.length >= 2 &&
        rules.every(
          (r) => r.month === rule.month && r.time === rule.time && r.n === rule.n && r.day === rule.day,
        ) &&
        // One change a year, every year looked at, up to the last one: a rule, not a habit that stopped.
        group.length === toYear - first.localBefore.year + 1;
      if (yearly) lines.push(`RRULE:FREQ=YEARLY;BYMONTH=${rule.month};BYDAY=${rule.n}${rule.day}`);
      else for (const change of group.slice(1)) lines.push(`RDATE:${icalLocal(change.localBefore)}`);
      lines.push(`END:${kind}`);
    }
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
