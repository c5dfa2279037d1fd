/**
 * Facts on the API (issue 18): a place's facts as its page shows them, a parent's answer,
 * the public amenities near it, and the `has` query filter.
 */
import { z } from 'zod';
import { AMENITY_KINDS } from '../amenities.ts';
import { FACT_KEYS } from '../facts.ts';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { pointsAwardSchema } from './place-results.ts';

export const factKeySchema = z.enum(FACT_KEYS);

/** Where an imported value came from, credited as its licence asks. */
export const factSourceSchema = z.object({
  source: z.string(),
  licence: z.string().nullable(),
  attribution: z.string().nullable(),
});

/** One fact as a place page shows it (core factStatus), with the caller's own answer. */
export const placeFactSchema = z.object({
  key: factKeySchema,
  value: z.string(),
  /** Parents whose answer is the value shown. */
  confirmedBy: z.int().min(0),
  /** Parents whose answer is another value. */
  contradictedBy: z.int().min(0),
  lastConfirmedAt: isoDateTimeSchema.nullable(),
  /**
   * Of those confirming, parents who answered in the last month with a visit logged here in
   * the month before their answer (core isVerifiedBy): "confirmed by 2 visitors this month".
   */
  verifiedThisMonth: z.int().min(0),
  disputed: z.boolean(),
  /** The import that stated a value (not necessarily the one shown); null when none did. */
  imported: factSourceSchema.extend({ value: z.string() }).nullable(),
  /** The caller's answer; null when none or signed out. */
  myAnswer: z.string().nullable(),
});
export type PlaceFact = z.infer<typeof placeFactSchema>;

/** The nearest public amenity of a kind, from imported open data. */
export const nearbyAmenitySchema = z.object({
  kind: z.enum(AMENITY_KINDS),
  distanceM: z.int().min(0),
});
export type NearbyAmenity = z.infer<typeof nearbyAmenitySchema>;

/** GET /api/locations/:id/facts: every fact anything is known of, and amenities nearby. */
export const placeFactsSchema = z.object({
  facts: z.array(placeFactSchema),
  /** The nearest of each kind within AMENITY_NEARBY_M, nearest first. */
  nearby: z.array(nearbyAmenitySchema),
});
export type PlaceFacts = z.infer<typeof placeFactsSchema>;

/** PUT /api/locations/:id/facts/:key: a parent's answer (checked against the fact's values). */
export const factAnswerRequestSchema = z.strictObject({ value: z.string().trim().min(1).max(255) });
export type FactAnswerRequest = z.output<typeof factAnswerRequestSchema>;

/** What an answer or its withdrawal leaves: the fact as the page now shows it (null: nothing known). */
export const factAnswerResultSchema = z.object({
  fact: placeFactSchema.nullable(),
  /** Points earned (a first answer) or taken back (a withdrawn one); null when nothing changed. */
  reward: pointsAwardSchema.nullable(),
});
export type FactAnswerResult = z.infer<typeof factAnswerResultSchema>;

export const factParamsSchema = z.strictObject({ id: idSchema, key: factKeySchema });
