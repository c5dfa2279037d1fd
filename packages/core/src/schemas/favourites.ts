/**
 * Favourites ("My places", issue 18): places a parent saved with one tap, listed nearest
 * first from where they are, in the map's summary shape.
 */
import { z } from 'zod';
import { queryLatitudeSchema, queryLongitudeSchema } from './common.ts';
import { refineCentre } from './place.ts';
import { placeSummarySchema } from './place-summary.ts';

/** A parent keeps at most this many places: "My places" is one page, never paged. */
export const MAX_FAVOURITES = 500;

/** GET /api/me/favourites: nearest first from lat/lng, else the newest saved first. */
export const favouritesQuerySchema = z
  .strictObject({ lat: queryLatitudeSchema, lng: queryLongitudeSchema })
  .superRefine(refineCentre);
export type FavouritesQuery = z.output<typeof favouritesQuerySchema>;

export const favouriteStateSchema = z.object({ saved: z.boolean() });
export type FavouriteState = z.infer<typeof favouriteStateSchema>;

export const favouriteListSchema = z.object({
  items: z.array(placeSummarySchema.extend({ savedAt: z.iso.datetime() })),
});
export type FavouriteList = z.infer<typeof favouriteListSchema>;
