/**
 * What a parent's locale decides beyond its words (issue 46): the units distances are measured
 * in, and the clock times are told by. Both through `Intl`, so they follow CLDR's data.
 */
import type { DistanceUnits } from './geo.ts';

/**
 * The regions that measure distances in feet and miles: CLDR's "US" measurement system (the
 * United States, Liberia, Myanmar). The United Kingdom measures a road in miles but a walk,
 * on its maps (Ordnance Survey) and in its schools, in metres and kilometres: a parent there
 * starts in metric, and picks miles in the menu if they prefer (docs/languages.md).
 */
const FEET_AND_MILES_REGIONS: ReadonlySet<string> = /* @__PURE__ */ new Set(['US', 'LR', 'MM']);

/** A BCP 47 tag's region ('en-US' → 'US'), or null for none or a tag that is not one. */
function regionOf(tag: string): string | null {
  try {
    return new Intl.Locale(tag).region ?? null;
  } catch {
    return null;
  }
}

/**
 * The units a device's languages imply, most preferred first: those of the first tag that
 * names a region ('en-US' → feet and miles, 'es-US' too, 'en-GB' or 'de-DE' metric). A device
 * naming no region ('en') measures in metres and kilometres, the world's and the spec's units.
 */
export function distanceUnitsOfLocales(tags: readonly string[]): DistanceUnits {
  for (const tag of tags) {
    const region = regionOf(tag);
    if (region !== null) return FEET_AND_MILES_REGIONS.has(region) ? 'imperial' : 'metric';
  }
  return 'metric';
}

/** 'HH:MM' of a 24-hour day ('00:00'–'23:59', and '24:00' for the day's end in opening hours). */
const CLOCK_TIME = /^([01]\d|2[0-4]):([0-5]\d)$/u;

/** Minutes after midnight of an 'HH:MM' time; RangeError for anything else. */
function minutesOf(time: string): number {
  const match = CLOCK_TIME.exec(time);
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || (hours === 24 && minutes !== 0)) throw new RangeError(`not a time of day: ${time}`);
  return hours * 60 + minutes;
}

/** A day's time as an instant on a fixed UTC day, for Intl to write (24:00 is the next midnight). */
function instantOf(time: string): Date {
  return new Date(Date.UTC(2024, 0, 1) + minutesOf(time) * 60_000);
}

const clocks = /* @__PURE__ */ new Map<string, Intl.DateTimeFormat>();

function clockOf(locale: string): Intl.DateTimeFormat {
  let clock = clocks.get(locale);
  if (clock === undefined) {
    clock = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' });
    clocks.set(locale, clock);
  }
  return clock;
}

/**
 * A time of day ('19:00', as the spec stores it) on the locale's clock: '7:00 pm' in English
 * (New Zealand's), '19:00' in German, French or Japanese, '7:00 م' in Arabic. Whether the clock
 * has 12 or 24 hours is the locale's (CLDR), not a choice made here.
 */
export function clockTime(time: string, locale: string): string {
  return clockOf(locale).format(instantOf(time));
}
