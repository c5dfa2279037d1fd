/**
 * The map index's SQL: places as the index keeps them (streamed by id, or a few by id), the
 * change feed (map_changes, written by triggers) and a checksum to compare with the index.
 */
import {
  AGE_RANGES,
  MAX_ACTIVE_CONDITIONS,
  publicExpiresAt,
  publicReportedAt,
  usableTimeZone,
  type ConditionKind,
  type Equipment,
  type EventSchedule,
  type PlaceNames,
} from '@playspot/core';
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../../db/client.ts';
import {
  conditionConfirmations,
  conditionReports,
  events,
  images,
  locations,
  mapChanges,
} from '../../../db/schema.ts';
import {
  equipmentMaskSql,
  factMaskOfFactsSql,
  factMaskSql,
  nearbyFactBitRowsSql,
  nearbyOnlyFactBitsSql,
} from '../../../db/facts-sql.ts';
import type { IndexedCondition, MapPlace, PlaceLive } from './map-place.ts';
import type { PlaceChecksum } from './place-checksum.ts';

/**
 * A place as the index keeps it, one column each, in the order placeFromRow reads them. The
 * fact filters are masked in SQL (facts-sql.ts, the rule the SQL reads filter by), so no
 * place's facts are parsed here: whole (`factMask`: factMaskSql) for a few places by id, or
 * without the toilets nearby (factMaskOfFactsSql) for the build's pages, which take those
 * from nearbyFactBits once.
 */
const mapPlaceColumns = (factMask: SQL) => sql`select
  "locations"."id", "locations"."name", "locations"."latitude", "locations"."longitude",
  "locations"."indoor", "locations"."free", "locations"."age_ranges",
  "locations"."up_votes", "locations"."down_votes", "locations"."visit_count", "locations"."comment_count",
  floor(extract(epoch from greatest("locations"."created_at", "locations"."last_updated_at")) * 1000)::float8,
  (select coalesce(photo.thumbnail_storage_key, photo.storage_key) from ${images} photo
    where photo.location_id = "locations"."id" and photo.hidden_at is null and photo.comment_id is null
    order by photo.created_at limit 1),
  ${factMask}::int,
  coalesce(floor(extract(epoch from "locations"."closed_until") * 1000), 0)::float8,
  "locations"."facts" ->> 'opening_hours', "locations"."time_zone",
  ${equipmentMaskSql}::int,
  nullif("locations"."names", '{}'::jsonb)
  from ${locations}`;
const mapPlaceSelect = mapPlaceColumns(factMaskSql);
const mapPlacePageSelect = mapPlaceColumns(factMaskOfFactsSql);

/**
 * The fact filters' bits that a toilet nearby gives, by place (the few places near a public
 * toilet), for the build's pages (placeRowsAfter).
 */
export async function nearbyFactBits(database: DatabaseHandle): Promise<Map<string, number>> {
  const bits = new Map<string, number>();
  if (!nearbyFactBitRowsSql) return bits;
  for (const [id, bit] of await database.queryArrays(nearbyFactBitRowsSql)) {
    bits.set(id as string, (bits.get(id as string) ?? 0) | (bit as number));
  }
  return bits;
}

/**
 * A row of mapPlaceSelect, with the place's events and conditions if it has any; a row of
 * the build's pages with the bits a toilet nearby gives it (`nearby`: nearbyFactBits).
 */
export function placeFromRow(
  row: unknown[],
  lives: ReadonlyMap<string, PlaceLive>,
  nearby?: ReadonlyMap<string, number>,
): MapPlace {
  const id = row[0] as string;
  const live = lives.get(id) ?? null;
  return {
    id,
    name: row[1] as string,
    latitude: row[2] as number,
    longitude: row[3] as number,
    indoor: row[4] as boolean | null,
    free: row[5] as boolean | null,
    ageRanges: row[6] as MapPlace['ageRanges'],
    upVotes: row[7] as number,
    downVotes: row[8] as number,
    visitCount: row[9] as number,
    commentCount: row[10] as number,
    changedAtMs: row[11] as number,
    thumbnailKey: row[12] as string | null,
    factMask: (row[13] as number) | (nearby?.get(id) ?? 0),
    closedUntilMs: row[14] as number,
    openingHours: row[15] as string | null,
    timeZone: usableTimeZone(row[16] as string),
    equipmentMask: row[17] as number,
    names: row[18] as PlaceNames | null,
    hasEvents: (live?.events.length ?? 0) > 0,
    live,
  };
}

/**
 * The public events and unended conditions of these places (all places when `ids` is null):
 * the few places that have any. Read apart from the places, in two statements, rather than
 * as a subquery per place. No clock is read: of each place's uncleared reports the
 * MAX_ACTIVE_CONDITIONS that end last are kept (every active one among them), and a map read
 * leaves out those ended by then.
 */
export async function livesOf(db: Database, ids: readonly string[] | null): Promise<Map<string, PlaceLive>> {
  if (ids !== null && ids.length === 0) return new Map();
  const latestEnding = db
    .select({
      id: conditionReports.id,
      locationId: conditionReports.locationId,
      kind: conditionReports.kind,
      equipment: conditionReports.equipment,
      lastConfirmedAt: conditionReports.lastConfirmedAt,
      expiresAt: conditionReports.expiresAt,
      rank: sql<number>`row_number() over (partition by ${conditionReports.locationId} order by ${conditionReports.expiresAt} desc, ${conditionReports.id})`.as(
        'rank',
      ),
    })
    .from(conditionReports)
    .where(
      and(
        isNull(conditionReports.clearedAt),
        // As conditions.repository's activeReports: a report nobody backs any more (its only
        // parent's account deleted) is not shown.
        sql`exists (select 1 from ${conditionConfirmations} backer where backer.report_id = ${conditionReports.id})`,
        ids === null ? undefined : inArray(conditionReports.locationId, [...ids]),
      ),
    )
    .as('latest_ending');
  const [schedules, reports] = await Promise.all([
    db
      .select({
        locationId: events.locationId,
        timeZone: locations.timeZone,
        dayOfWeek: events.dayOfWeek,
        time: events.time,
        repeatPattern: events.repeatPattern,
      })
      .from(events)
      .innerJoin(locations, eq(locations.id, events.locationId))
      .where(and(eq(events.isPublic, true), ids === null ? undefined : inArray(events.locationId, [...ids])))
      .orderBy(asc(events.locationId), asc(events.time), asc(events.id)),
    db
      .select({
        locationId: latestEnding.locationId,
        kind: latestEnding.kind,
        equipment: latestEnding.equipment,
        lastConfirmedAt: latestEnding.lastConfirmedAt,
        expiresAt: latestEnding.expiresAt,
        parents: sql<number>`(select count(*) from ${conditionConfirmations} confirmation
          where confirmation.report_id = ${latestEnding.id})::int`,
      })
      .from(latestEnding)
      .where(lte(latestEnding.rank, MAX_ACTIVE_CONDITIONS))
      .orderBy(desc(latestEnding.lastConfirmedAt), asc(latestEnding.id)),
  ]);
  const lives = new Map<string, PlaceLive>();
  const liveOf = (locationId: string, timeZone: string): PlaceLive => {
    let live = lives.get(locationId);
    if (!live) {
      live = { timeZone: usableTimeZone(timeZone), events: [], conditions: [] };
      lives.set(locationId, live);
    }
    return live;
  };
  for (const { locationId, timeZone, ...schedule } of schedules) {
    liveOf(locationId, timeZone).events.push(schedule satisfies EventSchedule);
  }
  for (const report of reports) {
    const condition: IndexedCondition = {
      brief: {
        kind: report.kind as ConditionKind,
        equipment: report.equipment as Equipment | null,
        // Public times at the public precision (issue 44), as the conditions feature answers.
        lastConfirmedAt: publicReportedAt(report.lastConfirmedAt).toISOString(),
        expiresAt: publicExpiresAt(report.expiresAt).toISOString(),
        parents: report.parents,
      },
      expiresAtMs: report.expiresAt.getTime(),
    };
    // A place with conditions only: its zone is never read (no events to place in a day).
    liveOf(report.locationId, '').conditions.push(condition);
  }
  return lives;
}

export async function countPlaces(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(locations);
  return row?.count ?? 0;
}

/**
 * One page of places in id order, after `afterId`, as rows (streaming the whole table by
 * keyset): the caller asks for the next page, after the last row's id, before turning this
 * one into places with placeFromRow, so the database and this process work at once.
 */
export function placeRowsAfter(
  database: DatabaseHandle,
  afterId: string | null,
  limit: number,
): Promise<unknown[][]> {
  const after = afterId === null ? sql`` : sql` where "locations"."id" > ${afterId}::uuid`;
  return database.queryArrays(sql`${mapPlacePageSelect}${after} order by "locations"."id" limit ${limit}`);
}

/** The id of a row of placeRowsAfter. */
export const idOfRow = (row: unknown[]): string => row[0] as string;

/** These places as they are now (those that still exist). */
export async function mapPlacesByIds(database: DatabaseHandle, ids: string[]): Promise<MapPlace[]> {
  if (ids.length === 0) return [];
  const [rows, lives] = await Promise.all([
    database.queryArrays(sql`${mapPlaceSelect} where "locations"."id" in ${ids}`),
    livesOf(database.db, ids),
  ]);
  return rows.map((row) => placeFromRow(row, lives));
}

export interface MapChange {
  version: number;
  locationId: string;
}

/** Sentinel location id the TRUNCATE trigger writes: everything changed. */
export const EVERYTHING_CHANGED = '00000000-0000-0000-0000-000000000000';

export async function changesAfter(db: Database, version: number, limit: number): Promise<MapChange[]> {
  return db
    .select({ version: mapChanges.version, locationId: mapChanges.locationId })
    .from(mapChanges)
    .where(gt(mapChanges.version, version))
    .orderBy(asc(mapChanges.version))
    .limit(limit);
}

/** The oldest and newest versions the feed holds (0 and 0 when empty). */
export async function feedBounds(db: Database): Promise<{ oldest: number; newest: number }> {
  const [row] = await db
    .select({
      oldest: sql<number>`coalesce(min(${mapChanges.version}), 0)::float8`,
      newest: sql<number>`coalesce(max(${mapChanges.version}), 0)::float8`,
    })
    .from(mapChanges);
  return { oldest: row?.oldest ?? 0, newest: row?.newest ?? 0 };
}

/** The identity sequence's last value: versions up to it may still commit. */
export async function lastIssuedVersion(db: Database): Promise<number> {
  const [row] = await db
    .select({
      value: sql<number>`coalesce((select last_value from map_changes_version_seq where is_called), 0)::float8`,
    })
    .from(sql`(select 1) as one`);
  return row?.value ?? 0;
}

/** Deletes feed rows older than `ageSeconds` (processes further behind rebuild instead). */
export async function pruneChanges(db: Database, ageSeconds: number): Promise<void> {
  await db.execute(
    sql`delete from ${mapChanges} where ${mapChanges.changedAt} < now() - make_interval(secs => ${ageSeconds})`,
  );
}

/** The checksum's sums in SQL: the same as `countSlot`'s over the index (place-checksum.ts). */
export async function databaseChecksum(db: Database): Promise<PlaceChecksum> {
  const tri = (column: typeof locations.indoor | typeof locations.free) =>
    sql`(case when ${column} is null then 0 when ${column} then 2 else 1 end)`;
  const ageMask = sql.join(
    AGE_RANGES.map(
      (range, bit) =>
        sql`(case when ${locations.ageRanges} @> array[${range}]::text[] then ${1 << bit} else 0 end)`,
    ),
    sql` + `,
  );
  const [row] = await db
    .select({
      places: sql<number>`count(*)::float8`,
      counters: sql<number>`coalesce(sum(${locations.upVotes} + 3 * ${locations.downVotes} + 7 * ${locations.visitCount} + 11 * ${locations.commentCount}), 0)::float8`,
      positions: sql<number>`coalesce(sum(floor(${locations.latitude} * 1e6) + 3 * floor(${locations.longitude} * 1e6)), 0)::float8`,
      names: sql<number>`coalesce(sum(octet_length(${locations.name})), 0)::float8`,
      // The fact mask's toilet-nearby bits from the toilets' side (facts-sql.ts).
      attributes: sql<number>`(coalesce(sum(${tri(locations.indoor)} + 3 * ${tri(locations.free)} + 9 * (${ageMask}) + 144 * ${factMaskOfFactsSql}), 0) + 144 * ${nearbyOnlyFactBitsSql})::float8`,
      // One pass over the photos, not a subquery per place.
      thumbnails: sql<number>`(select count(distinct photo.location_id) from ${images} photo
        where photo.hidden_at is null and photo.comment_id is null)::float8`,
      closed: sql<number>`count(${locations.closedUntil})::float8`,
      equipment: sql<number>`coalesce(sum(${equipmentMaskSql}), 0)::float8`,
      ids: sql<number>`coalesce(sum(('x' || substr(${locations.id}::text, 1, 8))::bit(32)::bigint), 0)::float8`,
    })
    .from(locations);
  if (!row) throw new Error('checksum query returned no row');
  return row;
}
