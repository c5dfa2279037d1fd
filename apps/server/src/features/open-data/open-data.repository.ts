/** Places in a box, by id, with what the open data feed publishes (nothing personal). */
import { and, asc, gt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { locations } from '../../db/schema.ts';

export interface OpenPlaceRow {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  tags: string[];
  ageRanges: string[];
  indoor: boolean | null;
  free: boolean | null;
  facts: Record<string, string>;
  upVotes: number;
  downVotes: number;
  source: string | null;
  licence: string | null;
}

const envelope = (west: number, south: number, east: number, north: number): SQL =>
  sql`${locations.position}::geometry && ST_MakeEnvelope(${west}::float8, ${south}::float8, ${east}::float8, ${north}::float8, 4326)`;

/** Up to `limit` places in the box after `afterId`, in id order (west > east crosses the antimeridian). */
export async function openPlacesIn(
  db: Database,
  box: readonly [west: number, south: number, east: number, north: number],
  afterId: string | undefined,
  limit: number,
): Promise<OpenPlaceRow[]> {
  const [west, south, east, north] = box;
  const inBox =
    west <= east
      ? envelope(west, south, east, north)
      : sql`(${envelope(west, south, 180, north)} or ${envelope(-180, south, east, north)})`;
  return db
    .select({
      id: locations.id,
      name: locations.name,
      latitude: locations.latitude,
      longitude: locations.longitude,
      tags: locations.tags,
      ageRanges: locations.ageRanges,
      indoor: locations.indoor,
      free: locations.free,
      facts: locations.facts,
      upVotes: locations.upVotes,
      downVotes: locations.downVotes,
      source: locations.source,
      licence: locations.licence,
    })
    .from(locations)
    .where(and(inBox, afterId === undefined ? undefined : gt(locations.id, afterId)))
    .orderBy(asc(locations.id))
    .limit(limit);
}
