/**
 * A place as the map's list, markers and card show it (issue 16): about 200 bytes of JSON
 * instead of the full Place's 800 or more, so a page of 50 nearby places is about 10 KiB
 * before compression. The full Place (spec §3 shape) still comes with the place's own page.
 */
import { z } from 'zod';
import { CONDITION_KINDS, EQUIPMENT } from '../conditions.ts';
import { APP_LANGUAGES } from '../constants.ts';
import { FACT_FILTERS } from '../fact-filters.ts';
import { ageRangeSchema, idSchema, isoDateTimeSchema, latitudeSchema, longitudeSchema } from './common.ts';

/** A live condition in brief (issue 19), as list rows, map cards and markers show it. */
export const conditionBriefSchema = z.object({
  kind: z.enum(CONDITION_KINDS),
  equipment: z.enum(EQUIPMENT).nullable(),
  lastConfirmedAt: isoDateTimeSchema,
  /** The list may be read from a cache: the app hides a condition past this itself. */
  expiresAt: isoDateTimeSchema,
  /** Parents who said it is true. */
  parents: z.int().min(1),
});
export type ConditionBrief = z.infer<typeof conditionBriefSchema>;

/**
 * The place's name in the app's languages where its source gives one that differs from `name`
 * (OpenStreetMap's `name:<language>`, issue 46): language → name, e.g. `{"en":"Marine Park"}`.
 * Absent when there is none, as for most places.
 */
export const placeNamesSchema = z.partialRecord(z.enum(APP_LANGUAGES), z.string().min(1));
export type PlaceNames = z.infer<typeof placeNamesSchema>;

export const placeSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  /** Its position, a LatLng (named as core's LatLng: a summary is one). */
  lat: latitudeSchema,
  lng: longitudeSchema,
  /** From the query's centre, to the metre; absent without a centre. */
  distanceKm: z.number().min(0).optional(),
  indoor: z.boolean().nullable(),
  free: z.boolean().nullable(),
  ageRanges: z.array(ageRangeSchema),
  /** Up votes, the count the list shows beside a thumb. */
  upVotes: z.int().min(0),
  // The two below are left out when there is nothing to say: most places have neither, and
  // each `"…": null` would cost every one of them 20 bytes.
  /** The small rendition of the place's first own photo; absent without one. */
  thumbnailUrl: z.string().optional(),
  /** True when a public event happens there today, in the place's own time zone; else absent. */
  hasEventToday: z.literal(true).optional(),
  /**
   * The fact filters that hold (issue 18: fenced, toilets, …, in FACT_FILTERS order), what a
   * marker or row shows in brief; absent when none does.
   */
  facts: z.array(z.enum(FACT_FILTERS)).optional(),
  /** Live conditions (wet, busy…), newest first; absent when none is reported. */
  conditions: z.array(conditionBriefSchema).optional(),
  /**
   * Its opening hours (OSM `opening_hours` syntax, the value its page shows) and the zone they
   * are read in: the app says "Open · closes 19:00" from them at its own now (core
   * openingStatusAt), so the summary stays the same all day. Absent without hours.
   */
  openingHours: z.object({ value: z.string(), timeZone: z.string() }).optional(),
  names: placeNamesSchema.optional(),
});
export type PlaceSummary = z.infer<typeof placeSummarySchema>;

export const placeSummaryListSchema = z.object({
  items: z.array(placeSummarySchema),
  nextCursor: z.string().nullable(),
});
export type PlaceSummaryList = z.infer<typeof placeSummaryListSchema>;

/** Distances in a summary are rounded to the metre: more digits say nothing to a parent. */
export function roundDistanceKm(distanceKm: number): number {
  return Math.round(distanceKm * 1000) / 1000;
}
