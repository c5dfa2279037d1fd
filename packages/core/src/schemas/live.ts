/**
 * GET /api/live (issue 32): a Server-Sent Events stream of the places that changed (a vote,
 * comment, photo, condition report, fact answer…), for the pages a parent has open. The
 * stream names places, never people: what changed is read with the ordinary GETs.
 */
import { z } from 'zod';
import { idSchema, fromQuery } from './common.ts';

/** Places one stream follows by id: an open place page plus My places. */
export const MAX_LIVE_PLACES = 500;

const queryLongitude = fromQuery(z.coerce.number().min(-180).max(180).optional());
const queryLatitude = fromQuery(z.coerce.number().min(-90).max(90).optional());

/**
 * What a stream follows: places by id (`places`, comma-separated) and/or every place in a box
 * (the map's view: west > east crosses the antimeridian). `lastEventId` resumes like the
 * Last-Event-ID header (a new stream after the followed places changed has no header).
 */
export const liveQuerySchema = z
  .strictObject({
    places: fromQuery(
      z
        .string()
        .max(MAX_LIVE_PLACES * 37)
        .transform((text) => (text === '' ? [] : [...new Set(text.split(','))]))
        .pipe(z.array(idSchema).max(MAX_LIVE_PLACES))
        .optional(),
    ),
    west: queryLongitude,
    south: queryLatitude,
    east: queryLongitude,
    north: queryLatitude,
    lastEventId: fromQuery(z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional()),
  })
  .superRefine((query, ctx) => {
    const sides = [query.west, query.south, query.east, query.north].filter((side) => side !== undefined);
    if (sides.length !== 0 && sides.length !== 4) {
      ctx.addIssue({
        code: 'custom',
        message: 'Give all of west, south, east and north, or none.',
        path: ['west'],
      });
    }
    if (query.south !== undefined && query.north !== undefined && query.south > query.north) {
      ctx.addIssue({ code: 'custom', message: 'south must not be above north.', path: ['south'] });
    }
    if (sides.length === 0 && (query.places ?? []).length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Follow some places or a box.', path: ['places'] });
    }
  });
export type LiveQuery = z.output<typeof liveQuerySchema>;
export type LiveQueryInput = z.input<typeof liveQuerySchema>;

/** The data of a `change` event: which place changed, and where it is (null once deleted). */
export const liveChangeSchema = z.object({
  locationId: idSchema,
  position: z.object({ lat: z.number(), lng: z.number() }).nullable(),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;
