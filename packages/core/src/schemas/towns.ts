/** GET /api/towns (issue 33): towns and suburbs for the search box. */
import { z } from 'zod';
import { TOWN_MATCHES } from '../towns.ts';
import {
  fromQuery,
  latitudeSchema,
  longitudeSchema,
  queryLatitudeSchema,
  queryLongitudeSchema,
  textSchema,
} from './common.ts';
import { refineCentre } from './place.ts';

export const TOWNS_LIMIT_MAX = 20;

export const townSearchQuerySchema = z
  .strictObject({
    q: textSchema(1, 100),
    /** Where the map is: ties of population go to the nearer town. */
    lat: queryLatitudeSchema,
    lng: queryLongitudeSchema,
    limit: fromQuery(z.coerce.number().int().min(1).max(TOWNS_LIMIT_MAX).default(8)),
  })
  .superRefine((query, ctx) => {
    refineCentre({ lat: query.lat, lng: query.lng }, ctx);
  });
export type TownSearchQuery = z.output<typeof townSearchQuerySchema>;

export const townResultSchema = z.object({
  /** GeoNames' name of the town ("Munich", "Köln", "Genève"). */
  name: z.string(),
  /**
   * The name the text matched when it is another of the town's names (issue 45): "München"
   * for Munich, "Москва" for Moscow. GeoNames' alternate names in the gazetteer carry no
   * language, so this is the parent's own word for the town, not a translation.
   */
  matchedName: z.string().optional(),
  /** ISO 3166 country code. */
  country: z.string(),
  population: z.int().min(0),
  lat: latitudeSchema,
  lng: longitudeSchema,
  match: z.enum(TOWN_MATCHES),
  /** From lat/lng when given, in km. */
  distanceKm: z.number().min(0).optional(),
});
export type TownResult = z.infer<typeof townResultSchema>;

export const townListSchema = z.object({ items: z.array(townResultSchema) });
export type TownList = z.infer<typeof townListSchema>;
