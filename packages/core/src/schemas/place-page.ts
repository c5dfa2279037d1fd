import { z } from 'zod';
import { latitudeSchema, longitudeSchema } from './common.ts';
import { liveConditionSchema } from './conditions.ts';
import { placeMaintenanceSchema } from './defects.ts';
import { placeEquipmentSchema } from './equipment.ts';
import { eventSchema } from './event.ts';
import { placeFactsSchema } from './facts.ts';
import { placeSchema } from './place.ts';

/** A place's landmark (core's landmark.ts): the nearest other place with a real name. */
export const landmarkSchema = z.object({ name: z.string(), lat: latitudeSchema, lng: longitudeSchema });

/**
 * GET /api/locations/:id/page (issue 42): everything a place's page shows first, in one answer,
 * read at one moment. The server draws the page's HTML from it, the app's first render and its
 * offline copy come from it, so they cannot disagree. Each part is what its own read answers
 * (GET /api/locations/:id, …/facts, …/equipment, …/conditions, …/events) for the same caller.
 */
export const placePageSchema = z.object({
  /** The place with its newest comments and the caller's own votes. */
  place: placeSchema,
  facts: placeFactsSchema,
  equipment: z.array(placeEquipmentSchema),
  /** Live conditions now, verified first. */
  conditions: z.array(liveConditionSchema),
  /** Its events as a signed-out person (or the caller) sees them. */
  events: z.array(eventSchema),
  /** The nearest other place with a real name within LANDMARK_RADIUS_KM, or null. */
  landmark: landmarkSchema.nullable(),
  /** Who maintains it (issue 48; null: in no maintenance area) and its recent fixes. */
  maintenance: placeMaintenanceSchema,
});
export type PlacePage = z.infer<typeof placePageSchema>;
