/**
 * Events as iCalendar (issue 33), written with the `ics` package: one VEVENT per event, its
 * schedule as a repeat rule (core recurrenceRule) starting at its first start on or after
 * its creation, in its place's time zone (DTSTART;TZID=…) with that zone's VTIMEZONE (core
 * vtimezone), ending (DTEND, issue 45) at its wall-clock end in that zone.
 *
 * `ics` writes local times only without a zone, and the server's own zone would leak into
 * them: so each start goes in as UTC fields (written back unchanged with a Z) and the Z is
 * replaced by the place's TZID here.
 */
import {
  calendarText,
  firstStart,
  publicReportedAt,
  recurrenceRule,
  usableTimeZone,
  vtimezone,
  type LocalDateTime,
} from '@playspot/core';
import { createEvents, type EventAttributes } from 'ics';
import type { EventRow } from './events.repository.ts';

/** A VTIMEZONE covers this many years from the first start (its yearly rules go on beyond). */
const ZONE_YEARS = 10;

export interface CalendarOptions {
  /** The calendar's name in the app (X-WR-CALNAME). */
  name: string;
  /** The product writing it ('-//PlaySpot//Events//EN'). */
  productName: string;
  /** The place page's address of an event's place. */
  placeUrl: (locationId: string) => string;
  /** A feed (subscribed to, fetched again) rather than a file opened once. */
  feed: boolean;
}

const uidOf = (row: EventRow) => `${row.id}@playspot`;

export function calendarFile(rows: readonly EventRow[], options: CalendarOptions): string {
  // The calendar's name is a TEXT value too (a place's name), with events in it or none.
  const calName = calendarText(options.name);
  const zones = new Map<string, number>();
  const zoneByUid = new Map<string, string>();
  const attributes: EventAttributes[] = rows.map((row) => {
    const zone = usableTimeZone(row.timeZone);
    const start = firstStart(row, row.createdAt, zone);
    zones.set(zone, Math.min(zones.get(zone) ?? Infinity, start.year));
    zoneByUid.set(uidOf(row), zone);
    return {
      uid: uidOf(row),
      // Every TEXT value without control characters (issue 44): a lone CR would start a property.
      title: calendarText(row.title),
      ...(row.description ? { description: calendarText(row.description) } : {}),
      location: calendarText(row.locationName),
      url: options.placeUrl(row.locationId),
      start: [start.year, start.month, start.day, start.hour, start.minute],
      startInputType: 'utc',
      startOutputType: 'utc',
      end: utcFields(wallClockEnd(start, row.durationMinutes)),
      endInputType: 'utc',
      endOutputType: 'utc',
      recurrenceRule: recurrenceRule(row),
      // At the public precision, as every time PlaySpot shows (issue 44).
      lastModified: utcFields(publicReportedAt(row.updatedAt)),
      productId: options.productName,
      calName,
    };
  });
  const written =
    attributes.length > 0
      ? createEvents(attributes)
      : createEvents([], { productId: options.productName, calName });
  if (written.error || written.value === null)
    throw new Error(`could not write the calendar: ${written.error?.message ?? 'no output'}`);
  return withZones(written.value, zones, zoneByUid, options);
}

/**
 * The wall-clock end in the place's zone, as a UTC-fields Date (the zone is put back as
 * TZID): the start's wall time plus the length, so a 10:00 start of 90 minutes ends at 11:30
 * as the place's clocks show it.
 */
function wallClockEnd(start: LocalDateTime, minutes: number): Date {
  return new Date(
    Date.UTC(start.year, start.month - 1, start.day, start.hour, start.minute) + minutes * 60_000,
  );
}

function utcFields(at: Date): [number, number, number, number, number] {
  return [at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate(), at.getUTCHours(), at.getUTCMinutes()];
}

/** Each event's start in its place's zone, and the zones' VTIMEZONEs before the first event. */
function withZones(
  text: string,
  zones: ReadonlyMap<string, number>,
  zoneByUid: ReadonlyMap<string, string>,
  options: CalendarOptions,
): string {
  const [head = '', ...events] = text.split('BEGIN:VEVENT\r\n');
  const zoned = events.map((event) => {
    const uid = /^UID:(.*)$/mu.exec(event)?.[1]?.trim();
    const zone = uid === undefined ? undefined : zoneByUid.get(uid);
    if (zone === undefined) throw new Error('an event without its zone');
    const withZone = event
      .replace(/^DTSTART:(\d{8}T\d{6})Z\r$/mu, `DTSTART;TZID=${zone}:$1\r`)
      .replace(/^DTEND:(\d{8}T\d{6})Z\r$/mu, `DTEND;TZID=${zone}:$1\r`);
    return `BEGIN:VEVENT\r\n${withZone}`;
  });
  const timezones = [...zones].map(([zone, year]) => `${vtimezone(zone, year - 1, year + ZONE_YEARS)}\r\n`);
  // A feed tells calendar apps how often to fetch it again (`ics` writes X-PUBLISHED-TTL:PT1H).
  const refresh = options.feed ? 'REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n' : '';
  if (zoned.length === 0) return head.replace('END:VCALENDAR', `${refresh}END:VCALENDAR`);
  return `${head}${refresh}${timezones.join('')}${zoned.join('')}`;
}
