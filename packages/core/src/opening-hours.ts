/**
 * "Open now" (issue 33): a place's OSM `opening_hours` value evaluated in the place's own time
 * zone. The `opening_hours` package does the reading of the syntax (public holidays, sunrise,
 * month ranges…); this module decides what a parent is told: open (and when it closes), closed
 * (and when it opens) or unknown, and is the one rule the map index, the SQL reads and the web
 * app all call.
 *
 * A separate entry (`@playspot/core/opening-hours`) because the package is large (its holiday
 * tables): the web app loads it only where hours are shown.
 *
 * The package evaluates a `Date` by its local fields (getHours, getDay…). So an instant is
 * handed over as a "wall date": a Date whose local fields are the place's wall clock at that
 * instant, and what it answers (the next change) is read back the same way. That is exact
 * whenever the host's own zone has that wall time, which a UTC host always has; in a
 * browser, only a place in another zone, read during the hour the browser's own clock skips
 * in spring, can be an hour off (see docs/open-now-and-towns.md).
 */
import OpeningHoursRules from 'opening_hours';
import { zonedDateTime, type LocalDateTime } from './time.ts';

/** How far ahead "closes …" or "opens …" is looked for (a week and a day covers weekly hours). */
export const OPENING_CHANGE_HORIZON_DAYS = 8;

/** Parsed hours, built once per place (or per distinct value) and evaluated at any instant. */
export interface OpeningHours {
  /** The value as stored. */
  readonly value: string;
  /** The parsed rules; null when the value is not valid `opening_hours` syntax. */
  readonly rules: OpeningHoursRules | null;
}

export type OpeningState = 'open' | 'closed' | 'unknown';

/** When the state next changes, on the place's wall clock. */
export interface OpeningChange {
  /** 'HH:MM' (24 h). */
  readonly time: string;
  /** 0 today, 1 tomorrow, … (days on the place's calendar). */
  readonly daysAhead: number;
  /** The day of the change, Monday 0 … Sunday 6. */
  readonly weekday: number;
}

export interface OpeningStatus {
  readonly state: OpeningState;
  /** When it closes (open) or opens (closed) within the horizon; null when not known or never. */
  readonly change: OpeningChange | null;
}

const UNKNOWN: OpeningStatus = { state: 'unknown', change: null };

/** Values the package has no rule for that are common in OSM (not hours at all). */
const NOT_HOURS = /^(?:yes|no|unknown|fixme|closed\s*\?)$/iu;

/** Hours tied to the sun: the package reads sun times in the host's zone, not the place's. */
const USES_SUN = /sunrise|sunset|dawn|dusk/iu;

function rulesOf(text: string): OpeningHoursRules | null {
  if (text === '' || NOT_HOURS.test(text)) return null;
  try {
    // A position only lets the syntax check pass sun times; "PH" rules never match, as no
    // country is known per place (the regular hours apply on public holidays).
    const where = USES_SUN.test(text) ? { lat: 0, lon: 0, address: { country_code: '', state: '' } } : null;
    return new OpeningHoursRules(text, where, 0); // 0: time ranges, what the key holds
  } catch {
    return null;
  }
}

/** Whether a value is valid `opening_hours` syntax (an import lists those that are not). */
export function isWellFormedOpeningHours(value: string): boolean {
  return rulesOf(value.trim()) !== null;
}

/**
 * Parses a value once; never throws. Malformed values, and (for now) hours tied to sunrise or
 * sunset, which the package would read in the host's zone, get `rules: null`: unknown.
 */
export function parseOpeningHours(value: string): OpeningHours {
  const text = value.trim();
  return { value, rules: USES_SUN.test(text) ? null : rulesOf(text) };
}

/** A Date whose local fields are `local` (see the module comment). */
function wallDate(local: LocalDateTime): Date {
  return new Date(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Monday 0 … Sunday 6 of a wall date's local fields. */
const mondayIndex = (date: Date) => (date.getDay() + 6) % 7;

/** Days between two wall dates' calendar days (local fields). */
function calendarDaysBetween(from: Date, to: Date): number {
  const a = Date.UTC(from.getFullYear(), from.getMonth(), from.getDate());
  const b = Date.UTC(to.getFullYear(), to.getMonth(), to.getDate());
  return Math.round((b - a) / 86_400_000);
}

/** Whether the place is open at `now` (unknown and malformed hours are not open). */
export function isOpenAt(hours: OpeningHours | null, timeZone: string, now: Date): boolean {
  if (!hours?.rules) return false;
  const wall = wallDate(zonedDateTime(now, timeZone));
  try {
    return hours.rules.getState(wall) && !hours.rules.getUnknown(wall);
  } catch {
    return false;
  }
}

/** What a card says at `now`: open or closed and the next change, or unknown. */
export function openingStatusAt(hours: OpeningHours | null, timeZone: string, now: Date): OpeningStatus {
  if (!hours?.rules) return UNKNOWN;
  const wall = wallDate(zonedDateTime(now, timeZone));
  try {
    if (hours.rules.getUnknown(wall)) return UNKNOWN;
    const open = hours.rules.getState(wall);
    const horizon = new Date(wall.getTime() + OPENING_CHANGE_HORIZON_DAYS * 86_400_000);
    const next = hours.rules.getNextChange(wall, horizon);
    const change =
      next === undefined
        ? null
        : {
            time: `${pad(next.getHours())}:${pad(next.getMinutes())}`,
            daysAhead: calendarDaysBetween(wall, next),
            weekday: mondayIndex(next),
          };
    return { state: open ? 'open' : 'closed', change };
  } catch {
    return UNKNOWN;
  }
}
