/**
 * Places (spec §3, §7; ARCHITECTURE.md "Data model"): the API shape of a place and the
 * requests that create, change, vote on and find locations.
 */
import { z } from 'zod';
import { commentSchema } from './comment.ts';
import { equipmentQuerySchema, factFiltersQuerySchema } from './fact-filters-query.ts';
import { placeNamesSchema } from './place-summary.ts';
import {
  DEFAULT_SEARCH_RADIUS_KM,
  PLACE_DESCRIPTION_MAX_LENGTH,
  PLACE_NAME_MAX_LENGTH,
  PLACES_PAGE_DEFAULT,
  PLACES_PAGE_MAX,
  PLACES_PAGE_MIN,
  MAX_DISTANCE_KM,
  MAX_READING_ACCURACY_M,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_QUERY_MIN_LENGTH,
} from '../constants.ts';
import {
  ageRangeSchema,
  fromQuery,
  idSchema,
  isoDateTimeSchema,
  latitudeSchema,
  longitudeSchema,
  pageCursorSchema,
  queryBooleanSchema,
  queryLatitudeSchema,
  queryLongitudeSchema,
  queryZoomSchema,
  tagSchema,
  tagsSchema,
  textSchema,
  voteCountsSchema,
  voteValueSchema,
  websiteSchema,
} from './common.ts';

// ---------------------------------------------------------------------------------------
// Response shape
// ---------------------------------------------------------------------------------------

export const imageMetaDataSchema = z.object({
  /** The photo's id (DELETE /locations/:id/photos/:photoId, reports). */
  id: idSchema,
  url: z.string(),
  /** A small rendition for galleries; absent for images stored before thumbnails existed. */
  thumbnailUrl: z.string().optional(),
  /** Set when the image belongs to a comment. */
  commentId: z.string().optional(),
  /** userName is null when the uploader has no user name or no longer exists. */
  uploadedBy: z.object({ userName: z.string().nullable() }),
  lastUpdatedAt: isoDateTimeSchema,
  /** Whether the caller may delete this photo (core canDeletePhoto); false when signed out. */
  canDelete: z.boolean(),
});
export type ImageMetaData = z.infer<typeof imageMetaDataSchema>;

/**
 * A place as the API returns it: the spec's document shape, with the caller's own votes
 * (myVote, myTagVotes) instead of other users' ids.
 */
export const placeSchema = z.object({
  id: idSchema,
  name: z.string(),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  tags: z.array(z.string()),
  /** tag → up/down counts. */
  tagVotes: z.record(z.string(), voteCountsSchema),
  searchKeywords: z.array(z.string()),
  createdAt: isoDateTimeSchema,
  lastUpdatedAt: isoDateTimeSchema,
  createdByUserName: z.string(),
  officialWebsite: z.string().nullable(),
  description: z.string().nullable(),
  votes: voteCountsSchema,
  /** The caller's vote on the place; null when none or signed out. */
  myVote: voteValueSchema.nullable(),
  /** The caller's tag votes: tag → vote, only tags voted on. */
  myTagVotes: z.record(z.string(), voteValueSchema),
  /**
   * Up votes by parents with a visit logged here in the last month (core verifiedVisitSince):
   * on the place, and per tag (tags without any are left out). Nobody is named.
   */
  verifiedUpVotes: z.object({ place: z.int().min(0), tags: z.record(z.string(), z.int().min(0)) }),
  /** Whether the caller may edit or delete this place (who added it, moderators, admins). */
  canEdit: z.boolean(),
  imageUrls: z.array(z.string()),
  imageMetaData: z.array(imageMetaDataSchema),
  visitCount: z.int().min(0),
  /**
   * The day of the last visit by anyone, as the start of that day at the place (visitors'
   * hours are not public); null when never visited.
   */
  lastVisitedAt: isoDateTimeSchema.nullable(),
  /** The caller's own last visit here, exact; null when none or signed out. */
  myLastVisitAt: isoDateTimeSchema.nullable(),
  /**
   * The place's IANA time zone, in which its visit days are counted (core daysAgoAtPlace);
   * absent from copies saved on a device before it was sent.
   */
  timeZone: z.string().optional(),
  ageRanges: z.array(ageRangeSchema),
  /** null when unknown (e.g. imported data). */
  indoor: z.boolean().nullable(),
  free: z.boolean().nullable(),
  /** km from the query centre, when the query had one. */
  distanceKm: z.number().min(0).optional(),
  commentCount: z.int().min(0),
  /** Where imported data came from ('osm', a dataset name); null for places people added. */
  source: z.string().nullable(),
  /** The data's licence, e.g. 'ODbL-1.0'; null when unknown or added by a person. */
  licence: z.string().nullable(),
  /** The credit to show with the data, e.g. '© OpenStreetMap contributors' (attributionFor). */
  attribution: z.string().nullable(),
  /** Its opening hours (the value its facts show) and the zone they are read in; absent without. */
  openingHours: z.object({ value: z.string(), timeZone: z.string() }).optional(),
  /** Its name in the app's languages where it differs from `name` (issue 46); absent without. */
  names: placeNamesSchema.optional(),
  /** The newest comments (spec §3: comments are a list on the place); on single reads only. */
  comments: z.array(commentSchema).optional(),
});
export type Place = z.infer<typeof placeSchema>;

/** A page of places; nextCursor is null on the last page. */
export const placeListSchema = z.object({
  items: z.array(placeSchema),
  nextCursor: z.string().nullable(),
});
export type PlaceList = z.infer<typeof placeListSchema>;

// ---------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------

const placeFields = {
  name: textSchema(1, PLACE_NAME_MAX_LENGTH),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  tags: tagsSchema,
  ageRanges: z.array(ageRangeSchema).transform((ranges) => [...new Set(ranges)]),
  indoor: z.boolean().nullable(),
  free: z.boolean().nullable(),
  description: textSchema(0, PLACE_DESCRIPTION_MAX_LENGTH)
    .nullable()
    .transform((text) => (text === '' ? null : text)),
  officialWebsite: websiteSchema,
};

/** POST /locations body. Optional fields default to empty/unknown. */
export const createPlaceSchema = z.strictObject({
  name: placeFields.name,
  latitude: placeFields.latitude,
  longitude: placeFields.longitude,
  tags: placeFields.tags.default([]),
  ageRanges: placeFields.ageRanges.default([]),
  indoor: placeFields.indoor.default(null),
  free: placeFields.free.default(null),
  description: placeFields.description.default(null),
  officialWebsite: placeFields.officialWebsite.default(null),
});
export type CreatePlace = z.output<typeof createPlaceSchema>;
export type CreatePlaceInput = z.input<typeof createPlaceSchema>;

/** PATCH /locations/:id body: any subset of the create fields, at least one. */
export const updatePlaceSchema = z
  .strictObject({
    name: placeFields.name.optional(),
    latitude: placeFields.latitude.optional(),
    longitude: placeFields.longitude.optional(),
    tags: placeFields.tags.optional(),
    ageRanges: placeFields.ageRanges.optional(),
    indoor: placeFields.indoor.optional(),
    free: placeFields.free.optional(),
    description: placeFields.description.optional(),
    officialWebsite: placeFields.officialWebsite.optional(),
  })
  .refine((body) => Object.values(body).some((value: unknown) => value !== undefined), {
    message: 'Nothing to update: give at least one field.',
  });
export type UpdatePlace = z.output<typeof updatePlaceSchema>;
export type UpdatePlaceInput = z.input<typeof updatePlaceSchema>;

/** PUT /locations/:id/vote body. */
export const placeVoteSchema = z.strictObject({ vote: voteValueSchema });
export type PlaceVoteRequest = z.output<typeof placeVoteSchema>;

/** PUT /locations/:id/tag-votes body. Repeating the same vote withdraws it. */
export const tagVoteSchema = z.strictObject({ tag: tagSchema, vote: voteValueSchema });
export type TagVoteRequest = z.output<typeof tagVoteSchema>;

/** Response to a place or tag vote: the new counts and the caller's vote. */
export const voteResultSchema = z.object({ votes: voteCountsSchema, myVote: voteValueSchema.nullable() });
export type VoteResult = z.infer<typeof voteResultSchema>;

const radiusKmQuerySchema = fromQuery(z.coerce.number().positive().max(MAX_DISTANCE_KM).optional());

/** The filter fields a query string may carry (spec §3 Filters; radius separately). */
const filterQueryFields = {
  ageRange: fromQuery(ageRangeSchema.optional()),
  indoor: queryBooleanSchema,
  free: queryBooleanSchema,
  recentlyAdded: queryBooleanSchema,
  popular: queryBooleanSchema,
  /** Facts that must hold, comma-separated: `has=fenced,toilets` (FACT_FILTERS). */
  has: factFiltersQuerySchema,
  /** Only places open now by their opening hours, in their own zone (unknown hours are not open). */
  openNow: queryBooleanSchema,
  /** Play equipment that must be there, comma-separated: `equipment=swing,slide` (EQUIPMENT_KINDS). */
  equipment: equipmentQuerySchema,
};

const pageFields = {
  limit: fromQuery(
    z.coerce.number().int().min(PLACES_PAGE_MIN).max(PLACES_PAGE_MAX).default(PLACES_PAGE_DEFAULT),
  ),
  /** Opaque position from a previous page's nextCursor, read into its offset. */
  cursor: fromQuery(pageCursorSchema.optional()),
};

interface CentreQuery {
  lat?: number | undefined;
  lng?: number | undefined;
  radiusKm?: number | undefined;
}

export function refineCentre(query: CentreQuery, ctx: z.RefinementCtx): void {
  if ((query.lat === undefined) !== (query.lng === undefined)) {
    ctx.addIssue({
      code: 'custom',
      message: 'lat and lng must be given together.',
      path: [query.lat === undefined ? 'lat' : 'lng'],
    });
  }
  if (query.radiusKm !== undefined && (query.lat === undefined || query.lng === undefined)) {
    ctx.addIssue({
      code: 'custom',
      message: 'radiusKm needs a centre: give lat and lng too.',
      path: ['radiusKm'],
    });
  }
}

/**
 * GET /locations query: places around an optional centre, within an optional radius
 * (absent = unlimited), passing the filters, nearest first when there is a centre.
 */
export const findPlacesQuerySchema = z
  .strictObject({
    lat: queryLatitudeSchema,
    lng: queryLongitudeSchema,
    radiusKm: radiusKmQuerySchema,
    ...filterQueryFields,
    /** Around a centre, places a parent reported closed for works are left out unless true. */
    includeClosed: queryBooleanSchema,
    ...pageFields,
  })
  .superRefine(refineCentre);
export type FindPlacesQuery = z.output<typeof findPlacesQuerySchema>;
export type FindPlacesQueryInput = z.input<typeof findPlacesQuerySchema>;

/**
 * GET /locations/viewport query: the map's visible box. west > east means the box crosses
 * the antimeridian (as in BoundingBox).
 */
export const viewportQuerySchema = z
  .strictObject({
    west: fromQuery(z.coerce.number().min(-180).max(180)),
    south: fromQuery(z.coerce.number().min(-90).max(90)),
    east: fromQuery(z.coerce.number().min(-180).max(180)),
    north: fromQuery(z.coerce.number().min(-90).max(90)),
    zoom: queryZoomSchema,
    ...filterQueryFields,
  })
  .refine((box) => box.south <= box.north, { message: 'south must not be above north.', path: ['south'] });
export type ViewportQuery = z.output<typeof viewportQuerySchema>;
export type ViewportQueryInput = z.input<typeof viewportQuerySchema>;

/**
 * GET /locations/search query: words of a name, optionally near a centre; with a centre the
 * radius defaults to DEFAULT_SEARCH_RADIUS_KM.
 */
export const searchQuerySchema = z
  .strictObject({
    q: textSchema(SEARCH_QUERY_MIN_LENGTH, SEARCH_QUERY_MAX_LENGTH),
    lat: queryLatitudeSchema,
    lng: queryLongitudeSchema,
    radiusKm: fromQuery(z.coerce.number().positive().max(MAX_DISTANCE_KM).default(DEFAULT_SEARCH_RADIUS_KM)),
    limit: pageFields.limit,
  })
  .superRefine((query, ctx) => {
    refineCentre({ lat: query.lat, lng: query.lng }, ctx);
  });
export type SearchQuery = z.output<typeof searchQuerySchema>;
export type SearchQueryInput = z.input<typeof searchQuerySchema>;

/**
 * POST /locations/:id/visits body: where the device is (the spec's user coordinate: lat, lng
 * and the reading's accuracy in metres), checked against the place and never stored.
 */
export const visitRequestSchema = z.strictObject({
  lat: latitudeSchema,
  lng: longitudeSchema,
  accuracy: z.number().min(0).max(MAX_READING_ACCURACY_M),
});
export type VisitRequest = z.infer<typeof visitRequestSchema>;
