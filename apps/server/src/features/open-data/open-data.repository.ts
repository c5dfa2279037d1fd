/** Places in a box, by id, with what the open data feed publishes (nothing personal). */
import { and, asc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
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

const openColumns = {
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
};

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
    .select(openColumns)
    .from(locations)
    .where(and(inBox, afterId === undefined ? undefined : gt(locations.id, afterId)))
    .orderBy(asc(locations.id))
    .limit(limit);
}

/** Up to `limit` places of one source (null: added by people) after `afterId`, in id order. */
export async function openPlacesOfSource(
  db: Database,
  source: string | null,
  afterId: string | undefined,
  limit: number,
): Promise<OpenPlaceRow[]> {
  return db
    .select(openColumns)
    .from(locations)
    .where(
      and(
        source === null ? isNull(locations.source) : eq(locations.source, source),
        afterId === undefined ? undefined : gt(locations.id, afterId),
      ),
    )
    .orderBy(asc(locations.id))
    .limit(limit);
}

export interface OpenSourceRow {
  source: string | null;
  licence: string | null;
  places: number;
}

/** Every source with its licences and how many places each holds. */
export async function openSources(db: Database): Promise<OpenSourceRow[]> {
  return db
    .select({
      source: locations.source,
      licence: locations.licence,
      places: sql<number>`count(*)::int`,
    })
    .from(locations)
    .groupBy(locations.source, locations.licence)
    .orderBy(locations.source, locations.licence);
}
