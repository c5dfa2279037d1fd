/**
 * Calendar dates and wall-clock time in an IANA time zone, computed with Intl only (no
 * date library, no reading of the clock: every function takes the instant it works on).
 */
import { DEFAULT_TIME_ZONE } from './constants.ts';

/** A calendar date: month 1–12, day 1–31. */
export interface LocalDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** A wall-clock date and time in some zone: hour 0–23, minute 0–59, second 0–59. */
export interface LocalDateTime extends LocalDate {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

export const MS_PER_MINUTE = 60_000;
export const MS_PER_HOUR = 60 * MS_PER_MINUTE;
export const MS_PER_DAY = 24 * MS_PER_HOUR;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export function daysInMonth(year: number, month: number): number {
  const days = DAYS_IN_MONTH[month - 1];
  if (days === undefined) throw new RangeError(`month must be 1–12, got ${String(month)}`);
  return month === 2 && isLeapYear(year) ? 29 : days;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export function daysFromCivil(date: LocalDate): number {
  const y = date.month <= 2 ? date.year - 1 : date.year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (date.month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + date.day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The date `days` days after 1970-01-01 (inverse of daysFromCivil). */
export function civilFromDays(days: number): LocalDate {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return civilFromDays(daysFromCivil(date) + days);
}

/** Day of the week of a date: 0 = Monday … 6 = Sunday. */
export function isoWeekdayIndex(date: LocalDate): number {
  // 1970-01-01 was a Thursday (index 3).
  return (((daysFromCivil(date) + 3) % 7) + 7) % 7;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** 'YYYY-MM-DD'. */
export function formatLocalDate(date: LocalDate): string {
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** Parses 'YYYY-MM-DD' into a real calendar date, or null (e.g. for '2026-02-30'). */
export function parseLocalDate(text: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Negative, zero or positive as a is before, equal to or after b. */
export function compareLocalDates(a: LocalDate, b: LocalDate): number {
  return daysFromCivil(a) - daysFromCivil(b);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for a zone name Intl knows (e.g. 'Pacific/Auckland', 'UTC'). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** A place's stored zone, or the default zone when Intl does not know it (an old or odd name). */
export function usableTimeZone(timeZone: string): string {
  return isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

function assertValidInstant(instant: Date): number {
  const ms = instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid Date');
  return ms;
}

function zonedPartsAt(ms: number, timeZone: string): LocalDateTime {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const get = (name: string): number => {
    const value = fields[name];
    if (value === undefined || !Number.isFinite(value)) throw new Error(`Intl did not return ${name}`);
    return value;
  };
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    // Some engines have written midnight as 24 even with hourCycle h23.
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

/** The wall-clock date and time at `instant` in `timeZone`. */
export function zonedDateTime(instant: Date, timeZone: string): LocalDateTime {
  return zonedPartsAt(assertValidInstant(instant), timeZone);
}

/** The calendar date at `instant` in `timeZone`. */
export function localDateInZone(instant: Date, timeZone: string): LocalDate {
  const { year, month, day } = zonedDateTime(instant, timeZone);
  return { year, month, day };
}

/** A wall-clock time written as if it were UTC, in ms (for offset arithmetic). */
function wallAsUtcMs(local: LocalDateTime): number {
  return (
    daysFromCivil(local) * MS_PER_DAY +
    local.hour * MS_PER_HOUR +
    local.minute * MS_PER_MINUTE +
    local.second * 1000
  );
}

/** The zone's offset from UTC at an instant, in ms (e.g. +13 h for NZDT). */
export function timeZoneOffsetMs(instant: Date, timeZone: string): number {
  return offsetAt(assertValidInstant(instant), timeZone);
}

function offsetAt(ms: number, timeZone: string): number {
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  return wallAsUtcMs(zonedPartsAt(wholeSecond, timeZone)) - wholeSecond;
}

/**
 * The instant at which the wall clock in `timeZone` shows `local`.
 *
 * Around daylight-saving changes a wall time can occur twice or not at all. This follows
 * RFC 5545 (iCalendar) and Temporal's 'compatible' disambiguation:
 * - a repeated time (clocks go back) means its first occurrence;
 * - a skipped time (clocks go forward) is read with the offset in force before the change,
 *   which moves it forward by the length of the gap (02:30 on a day when 02:00 becomes
 *   03:00 is 03:30).
 */
export function zonedTimeToInstant(local: LocalDateTime, timeZone: string): Date {
  const wall = wallAsUtcMs(local);
  const offsetBefore = offsetAt(wall - MS_PER_DAY, timeZone);
  const offsetAfter = offsetAt(wall + MS_PER_DAY, timeZone);
  const candidates = [wall - offsetBefore, wall - offsetAfter]
    .filter((ms) => ms + offsetAt(ms, timeZone) === wall)
    .sort((a, b) => a - b);
  const first = candidates[0];
  return new Date(first ?? wall - offsetBefore);
}
