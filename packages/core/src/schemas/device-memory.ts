/**
 * What the web app keeps on the device between visits (STORAGE_KEYS.lastKnownPosition,
 * STORAGE_KEYS.lastMapView). Read back through these schemas: stored text may be from an
 * older version or edited by hand, and anything that does not fit is ignored.
 */
import { z } from 'zod';
import { MAX_ZOOM, MIN_ZOOM } from '../constants.ts';
import { POSITION_SOURCES } from '../position.ts';
import { isoDateTimeSchema, latitudeSchema, longitudeSchema } from './common.ts';

export const rememberedPositionSchema = z.object({
  lat: latitudeSchema,
  lng: longitudeSchema,
  source: z.enum(POSITION_SOURCES),
  accuracyM: z.number().min(0).nullable(),
  readAt: isoDateTimeSchema,
});

export const rememberedMapViewSchema = z.object({
  lat: latitudeSchema,
  lng: longitudeSchema,
  zoom: z.number().min(MIN_ZOOM).max(MAX_ZOOM),
});
export type RememberedMapView = z.infer<typeof rememberedMapViewSchema>;
