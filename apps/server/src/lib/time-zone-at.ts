/**
 * A place's days are its own (today's events, the public last visit), so every place keeps
 * the IANA time zone of where it is: found from its position, for imported places and for
 * those parents add or move.
 */
import tzLookup from '@photostructure/tz-lookup';
import { DEFAULT_TIME_ZONE } from '@playspot/core';

export function timeZoneAt(latitude: number, longitude: number): string {
  try {
    return tzLookup(latitude, longitude);
  } catch {
    // Out-of-range coordinates never get here (core refuses them); keep the default anyway.
    return DEFAULT_TIME_ZONE;
  }
}
