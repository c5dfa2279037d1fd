/**
 * Name search: by name (prefix, contains, or similar spelling) or keywords, optionally near a
 * centre, ranked by core's searchScore in SQL.
 */
import { SEARCH_DISTANCE_WEIGHT, SEARCH_MATCH_WEIGHTS, type LatLng } from '@playspot/core';
import { and, asc, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { locations } from '../../db/schema.ts';
import { baseSelect, type PlaceRow } from './places.repository.ts';

const centrePoint = (centre: LatLng) =>
  sql`ST_SetSRID(ST_MakePoint(${centre.lng}, ${centre.lat}), 4326)::geography`;

/** Name (prefix, contains, or similar spelling) or keyword search, optionally near a centre. */
export async function searchPlaceRows(
  db: Database,
  query: { text: string; keywords: string[]; centre: LatLng | null; radiusKm: number; limit: number },
): Promise<PlaceRow[]> {
  const lowered = query.text.toLowerCase();
  const escaped = lowered.replace(/[\\%_]/g, (char) => `\\${char}`);
  const matches = sql`(lower(${locations.name}) like ${`%${escaped}%`}
    or lower(${locations.name}) % ${lowered}
    ${
      query.keywords.length > 0
        ? sql`or ${locations.searchKeywords} && ${sql`array[${sql.join(
            query.keywords.map((k) => sql`${k}`),
            sql`, `,
          )}]::text[]`}`
        : sql``
    })`;
  const conditions: SQL[] = [matches];
  const extra: Record<string, SQL> = {};
  if (query.centre) {
    const centre = centrePoint(query.centre);
    conditions.push(sql`ST_DWithin(${locations.position}, ${centre}, ${query.radiusKm * 1000}, false)`);
    extra.distanceKm = sql<number>`ST_Distance(${locations.position}, ${centre}, false) / 1000`;
  }
  // Core's searchScore in SQL: the best way the name matches, less a cost for distance.
  const name = sql`lower(${locations.name})`;
  const weights = SEARCH_MATCH_WEIGHTS;
  const matchWeight = sql`(case
    when ${name} = ${lowered} then ${weights.exact}::float8
    when ${name} like ${`${escaped}%`} then ${weights.prefix}::float8
    when ${name} like ${`% ${escaped}%`} or ${name} like ${`%-${escaped}%`} then ${weights.wordStart}::float8
    when ${name} like ${`%${escaped}%`} then ${weights.substring}::float8
    ${
      query.keywords.length > 0
        ? sql`when ${locations.searchKeywords} && ${sql`array[${sql.join(
            query.keywords.map((k) => sql`${k}`),
            sql`, `,
          )}]::text[]`} then ${weights.keyword}::float8`
        : sql``
    }
    else ${weights.similar}::float8 * similarity(${name}, ${lowered})
  end)`;
  const score = query.centre
    ? sql`${matchWeight} - ${SEARCH_DISTANCE_WEIGHT}::float8 * ln(1 + ST_Distance(${locations.position}, ${centrePoint(query.centre)}, false) / 1000)`
    : matchWeight;
  const rows = await baseSelect(db, extra)
    .where(and(...conditions))
    // Equal matches read alphabetically, not in the random order of their ids.
    .orderBy(sql`${score} desc`, asc(locations.name), asc(locations.id))
    .limit(query.limit);
  return rows;
}
