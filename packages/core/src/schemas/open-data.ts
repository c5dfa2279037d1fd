/**
 * Open data out (issue 19, part): places in a bounding box as a GeoJSON FeatureCollection,
 * each with its licence and credit, paged by id. Nothing personal: no user ids or names.
 */
import { z } from 'zod';
import { attributionFor, OSM_LICENCE } from '../import/attribution.ts';
import { fromQuery, idSchema } from './common.ts';
import { conditionBriefSchema } from './place-summary.ts';

/** Places people added in PlaySpot are published under this licence (README, Data and licences). */
export const COMMUNITY_LICENCE = 'CC-BY-4.0';
export const COMMUNITY_ATTRIBUTION = 'PlaySpot contributors (CC BY 4.0)';

export const OPEN_PLACES_PAGE_MAX = 1000;
export const OPEN_PLACES_PAGE_DEFAULT = 500;

/** `bbox=west,south,east,north` in degrees (GeoJSON's order); west > east crosses the antimeridian. */
const bboxSchema = z
  .string()
  .max(100)
  .transform((text) => text.split(',').map((part) => Number(part.trim())))
  .pipe(
    z.tuple(
      [
        z.number().min(-180).max(180),
        z.number().min(-90).max(90),
        z.number().min(-180).max(180),
        z.number().min(-90).max(90),
      ],
      { message: 'bbox takes west,south,east,north in degrees' },
    ),
  )
  .refine(([, south, , north]) => south <= north, { message: 'bbox: south must not be above north' });

export const openPlacesQuerySchema = z.strictObject({
  bbox: bboxSchema,
  limit: fromQuery(
    z.coerce.number().int().min(1).max(OPEN_PLACES_PAGE_MAX).default(OPEN_PLACES_PAGE_DEFAULT),
  ),
  /** The last id of the previous page (its `nextCursor`). */
  cursor: fromQuery(idSchema.optional()),
});
export type OpenPlacesQuery = z.output<typeof openPlacesQuerySchema>;

const openPlaceFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: idSchema,
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: z.object({
    name: z.string(),
    tags: z.array(z.string()),
    ageRanges: z.array(z.string()),
    indoor: z.boolean().nullable(),
    free: z.boolean().nullable(),
    /** The facts' shown values (see the README's Facts). */
    facts: z.record(z.string(), z.string()),
    votes: z.object({ up: z.int().min(0), down: z.int().min(0) }),
    /** Live conditions reported by parents there (wet, busy, broken swing…), newest first. */
    conditions: z.array(conditionBriefSchema),
    source: z.string().nullable(),
    licence: z.string(),
    attribution: z.string(),
  }),
});

export const openPlacesSchema = z.object({
  type: z.literal('FeatureCollection'),
  /** The collection's licence: ODbL 1.0 as soon as it holds OpenStreetMap data (share-alike). */
  licence: z.string(),
  /** Every credit the features ask for, once each. */
  attribution: z.string(),
  features: z.array(openPlaceFeatureSchema),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type OpenPlaces = z.infer<typeof openPlacesSchema>;

/** A feature's licence and credit: its source's (attributionFor), or the community licence for places people added. */
export function openLicenceOf(
  source: string | null,
  licence: string | null,
): { licence: string; attribution: string } {
  if (source === null || source === '')
    return { licence: COMMUNITY_LICENCE, attribution: COMMUNITY_ATTRIBUTION };
  return { licence: licence ?? 'unknown', attribution: attributionFor(source, licence) ?? `Data: ${source}` };
}

/** The collection's licence: ODbL when any feature is OSM data, else the community licence. */
export function collectionLicenceOf(licences: readonly string[]): string {
  return licences.includes(OSM_LICENCE) ? OSM_LICENCE : COMMUNITY_LICENCE;
}

/** `community` names the places people added in PlaySpot; every other name is an import source. */
export const COMMUNITY_SOURCE = 'community';

/** GET /api/open/dumps/:file: `<source>.geojson`. */
export const openDumpParamsSchema = z.strictObject({
  file: z
    .string()
    .max(80)
    .regex(/^[a-z0-9][a-z0-9._-]*\.geojson$/u, {
      message: 'file is <source>.geojson, as /api/open/dumps lists',
    }),
});

/** GET /api/open/dumps: each source's full file, refreshed daily. */
export const openDumpListSchema = z.object({
  dumps: z.array(
    z.object({
      source: z.string(),
      url: z.string(),
      places: z.int().min(0),
      licence: z.string(),
      attribution: z.string(),
    }),
  ),
});
export type OpenDumpList = z.infer<typeof openDumpListSchema>;
