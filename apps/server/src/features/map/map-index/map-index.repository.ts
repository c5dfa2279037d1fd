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
import type { CoordinatesText } from './columns.ts';
import type { IndexedCondition, MapPlace, PlaceLive } from './map-place.ts';
import type { TableChecksum } from './place-checksum.ts';

/**
 * A place as the index keeps it, one column each, in the order placeFromRow reads them. The
 * fact filters are masked in SQL (facts-sql.ts, the rule the SQL reads filter by), so no
 * place's facts are parsed here: whole (`factMask`: factMaskSql) for a few places by id, or
 * without the toilets nearby (factMaskOfFactsSql) for the build's pages, which take those
 * from nearbyFactBits once. The summary's photo likewise: a subquery for a few places by id,
 * and for the build's pages one pass over the photos (firstPhotos; a subquery per row was
 * two thirds of PostgreSQL's time for a million places).
 */
const mapPlaceColumns = (factMask: SQL, photo: SQL, coordinates: SQL) => sql`select
  "locations"."id", "locations"."name", ${coordinates},
  "locations"."indoor", "locations"."free", "locations"."age_ranges",
  "locations"."up_votes", "locations"."down_votes", "locations"."visit_count", "locations"."comment_count",
  floor(extract(epoch from greatest("locations"."created_at", "locations"."last_updated_at")) * 1000)::float8,
  ${photo},
  ${factMask}::int,
  coalesce(floor(extract(epoch from "locations"."closed_until") * 1000), 0)::float8,
  "locations"."facts" ->> 'opening_hours', "locations"."time_zone",
  ${equipmentMaskSql}::int,
  nullif("locations"."names", '{}'::jsonb)
  from ${locations}`;
/** The summary's photo: the first own photo shown (its thumbnail when there is one). */
const summaryPhotoKey = sql`coalesce(photo.thumbnail_storage_key, photo.storage_key)`;
const shownOwnPhoto = sql`photo.hidden_at is null and photo.comment_id is null`;
const mapPlaceSelect = mapPlaceColumns(
  factMaskSql,
  sql`(select ${summaryPhotoKey} from ${images} photo
    where photo.location_id = "locations"."id" and ${shownOwnPhoto}
    order by photo.created_at limit 1)`,
  sql`"locations"."latitude", "locations"."longitude"`,
);
/**
 * The build's pages take the coordinates as text: the JSON text answers carry (PostgreSQL
 * writes a double's shortest exact text, as JavaScript does), where writing it from the
 * number took 0.4 s a million places. See pageCoordinates.
 */
const mapPlacePageSelect = mapPlaceColumns(
  factMaskOfFactsSql,
  sql`null::text`,
  sql`"locations"."latitude"::text, "locations"."longitude"::text`,
);

/** What the build's pages leave out, read once per build: see mapPlaceColumns. */
export interface PageExtras {
  /** nearbyFactBits' bits by place. */
  nearby: ReadonlyMap<string, number>;
  /** firstPhotos' storage keys by place. */
  photos: ReadonlyMap<string, string>;
}

/** The summary photo's storage key of every place that has one, in one pass over the photos. */
async function firstPhotos(database: DatabaseHandle): Promise<Map<string, string>> {
  const rows =
    await database.queryArrays(sql`select distinct on (photo.location_id) photo.location_id, ${summaryPhotoKey}
    from ${images} photo where ${shownOwnPhoto}
    order by photo.location_id, photo.created_at`);
  return new Map(rows.map(([id, key]) => [id as string, key as string]));
}

/** What the build's pages leave out (PageExtras), read before the first page. */
export async function pageExtras(database: DatabaseHandle): Promise<PageExtras> {
  const [nearby, photos] = await Promise.all([nearbyFactBits(database), firstPhotos(database)]);
  return { nearby, photos };
}

/**
 * The fact filters' bits that a toilet nearby gives, by place (the few places near a public
 * toilet), for the build's pages (placeRowsAfter).
 */
async function nearbyFactBits(database: DatabaseHandle): Promise<Map<string, number>> {
  const bits = new Map<string, number>();
  if (!nearbyFactBitRowsSql) return bits;
  for (const [id, bit] of await database.queryArrays(nearbyFactBitRowsSql)) {
    bits.set(id as string, (bits.get(id as string) ?? 0) | (bit as number));
  }
  return bits;
}

/**
 * A row of mapPlaceSelect, with the place's events and conditions if it has any; a row of
 * the build's pages with what those leave out (`extras`: pageExtras).
 */
export function placeFromRow(
  row: unknown[],
  lives: ReadonlyMap<string, PlaceLive>,
  extras?: PageExtras,
): MapPlace {
  const id = row[0] as string;
  const live = lives.get(id) ?? null;
  return {
    id,
    name: row[1] as string,
    // Numbers, or text in the build's pages.
    latitude: Number(row[2]),
    longitude: Number(row[3]),
    indoor: row[4] as boolean | null,
    free: row[5] as boolean | null,
    ageRanges: row[6] as MapPlace['ageRanges'],
    upVotes: row[7] as number,
    downVotes: row[8] as number,
    visitCount: row[9] as number,
    commentCount: row[10] as number,
    changedAtMs: row[11] as number,
    thumbnailKey: extras ? (extras.photos.get(id) ?? null) : (row[12] as string | null),
    factMask: (row[13] as number) | (extras?.nearby.get(id) ?? 0),
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

/** Table blocks a page of the build reads: about 10 000 of the bench's places, 4 MB of table. */
const BLOCKS_PER_PAGE = 512;

/** A page row's coordinates as PostgreSQL wrote them (mapPlacePageSelect). */
export const pageCoordinates = (row: unknown[]): CoordinatesText => ({
  latitude: row[2] as string,
  longitude: row[3] as string,
});

/** The table's size in blocks. */
async function tableBlocks(database: DatabaseHandle): Promise<number> {
  const [row] = await database.queryArrays(
    sql`select (pg_relation_size('locations'::regclass) / current_setting('block_size')::int)::int`,
  );
  return (row?.[0] as number | undefined) ?? 0;
}

/** The places stored in blocks `from` to `to` (excluded; null: to the end of the table). */
function placeRowsInBlocks(database: DatabaseHandle, from: number, to: number | null): Promise<unknown[][]> {
  const tid = (block: number) => sql`${`(${String(block)},0)`}::tid`;
  const upTo = to === null ? sql`` : sql` and "locations".ctid < ${tid(to)}`;
  return database.queryArrays(sql`${mapPlacePageSelect} where "locations".ctid >= ${tid(from)}${upTo}`);
}

/**
 * Every place as rows for placeFromRow, a page of table blocks at a time, in the order they
 * lie on disk (TID range scans); each page is asked for before the one before it is handed
 * out, so the database and the build work at once. Read in id order instead, each row cost
 * PostgreSQL a heap fetch of its own (13–16 µs: 14 s for a million places, where a scan of
 * the whole table took under 4 s). A row that moves while the table is read can come twice
 * or not at all; its change is in the feed, which the build replays (PlaceStore.seal keeps
 * one copy).
 */
export async function* placePages(database: DatabaseHandle): AsyncGenerator<unknown[][]> {
  const pages = Math.max(1, Math.ceil((await tableBlocks(database)) / BLOCKS_PER_PAGE));
  // The last page reads to the end of the table: blocks added since it was measured too.
  const readPage = (page: number) =>
    placeRowsInBlocks(
      database,
      page * BLOCKS_PER_PAGE,
      page === pages - 1 ? null : (page + 1) * BLOCKS_PER_PAGE,
    );
  let next = readPage(0);
  for (let page = 1; ; page++) {
    const rows = await next;
    if (page === pages) {
      yield rows;
      return;
    }
    next = readPage(page);
    // Should the build stop on this page, the one being read must not fail unheard.
    next.catch(() => undefined);
    yield rows;
  }
}

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
export async function databaseChecksum(db: Database): Promise<TableChecksum> {
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
      // In the same statement, so in the same snapshot as the sums (place-checksum.ts).
      seenVersion: sql<number>`(select coalesce(max(${mapChanges.version}), 0) from ${mapChanges})::float8`,
    })
    .from(locations);
  if (!row) throw new Error('checksum query returned no row');
  const { seenVersion, ...sums } = row;
  return { sums, seenVersion };
}
