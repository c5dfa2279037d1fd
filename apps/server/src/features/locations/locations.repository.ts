/** All SQL for locations: map queries, reads with their votes and photos, and writes. */
import {
  POPULARITY_WEIGHTS_TENTHS,
  RECENT_HOURS,
  SEARCH_DISTANCE_WEIGHT,
  SEARCH_MATCH_WEIGHTS,
  type LatLng,
  type VoteValue,
} from '@playspot/core';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { QueryParams, runPrepared } from '../../db/prepared-queries.ts';
import { comments, images, locations, locationVotes, tagVotes, users, visits } from '../../db/schema.ts';

export interface LocationFilterInput {
  ageRange?: string | undefined;
  indoor?: boolean | undefined;
  free?: boolean | undefined;
  recentlyAdded?: boolean | undefined;
  popular?: boolean | undefined;
}

const centrePoint = (centre: LatLng) =>
  sql`ST_SetSRID(ST_MakePoint(${centre.lng}, ${centre.lat}), 4326)::geography`;

const weights = POPULARITY_WEIGHTS_TENTHS;
/** Core isPopular as SQL: popularity in tenths above 0 (integers, so exact). */
export const popularSql = sql<boolean>`(${sql.raw(String(weights.netVote))} * (${locations.upVotes} - ${locations.downVotes}) + ${sql.raw(String(weights.visit))} * ${locations.visitCount} + ${sql.raw(String(weights.comment))} * ${locations.commentCount}) > 0`;

/** The spec's filters (§5) as SQL; `popular` uses the core popularity weights. */
export function filterConditions(filters: LocationFilterInput, now: Date, params = new QueryParams()): SQL[] {
  const conditions: SQL[] = [];
  if (filters.ageRange) {
    conditions.push(
      sql`${locations.ageRanges} @> array[${params.bind('ageRange', filters.ageRange)}]::text[]`,
    );
  }
  if (filters.indoor !== undefined) {
    conditions.push(sql`${locations.indoor} = ${params.bind('indoor', filters.indoor)}`);
  }
  if (filters.free !== undefined)
    conditions.push(sql`${locations.free} = ${params.bind('free', filters.free)}`);
  if (filters.recentlyAdded) {
    const since = new Date(now.getTime() - RECENT_HOURS * 60 * 60 * 1000);
    conditions.push(
      sql`greatest(${locations.createdAt}, ${locations.lastUpdatedAt}) >= ${params.bind('since', since.toISOString())}::timestamptz`,
    );
  }
  if (filters.popular) {
    params.mark('popular');
    conditions.push(popularSql);
  }
  return conditions;
}

const locationColumns = {
  id: locations.id,
  name: locations.name,
  latitude: locations.latitude,
  longitude: locations.longitude,
  tags: locations.tags,
  ageRanges: locations.ageRanges,
  indoor: locations.indoor,
  free: locations.free,
  description: locations.description,
  officialWebsite: locations.officialWebsite,
  searchKeywords: locations.searchKeywords,
  upVotes: locations.upVotes,
  downVotes: locations.downVotes,
  visitCount: locations.visitCount,
  lastVisitedAt: locations.lastVisitedAt,
  timeZone: locations.timeZone,
  commentCount: locations.commentCount,
  createdAt: locations.createdAt,
  lastUpdatedAt: locations.lastUpdatedAt,
  createdByUserId: locations.createdByUserId,
  // The author's current user name; imports keep 'batch'.
  createdByUserName: sql<string>`coalesce(${users.userName}, ${locations.createdByUserName})`,
  source: locations.source,
  licence: locations.licence,
};

export interface LocationValues {
  name: string;
  latitude: number;
  longitude: number;
  tags: string[];
  ageRanges: string[];
  indoor: boolean | null;
  free: boolean | null;
  description: string | null;
  officialWebsite: string | null;
  searchKeywords: string[];
}

/** A location as read, with its counters and author. */
export interface LocationRow extends LocationValues {
  id: string;
  upVotes: number;
  downVotes: number;
  visitCount: number;
  lastVisitedAt: Date | null;
  /** IANA zone of the place: its days (public last visit, events) are local. */
  timeZone: string;
  commentCount: number;
  createdAt: Date;
  lastUpdatedAt: Date;
  createdByUserId: string | null;
  createdByUserName: string;
  source: string | null;
  licence: string | null;
  distanceKm?: number;
  tagCounts: TagCount[];
  images: LocationImage[];
}

export interface TagCount {
  tag: string;
  up: number;
  down: number;
}

/** A photo of the location or of one of its comments, as the location read returns it. */
export interface LocationImage {
  id: string;
  commentId: string | null;
  /** For the caller's canDelete only; never sent. */
  uploadedByUserId: string | null;
  storageKey: string;
  thumbnailStorageKey: string | null;
  uploaderUserName: string | null;
  /** Milliseconds since the epoch (a number survives JSON without a date format to agree on). */
  updatedAtMs: number;
}

/**
 * Tag counts and photos come in the same statement as the rows (one round trip per page):
 * correlated subqueries, run only for the rows returned, each one index probe.
 */
const enrichmentColumns = {
  tagCounts: sql<TagCount[]>`(
    select coalesce(json_agg(json_build_object('tag', counted.tag, 'up', counted.up, 'down', counted.down)), '[]')
    from (
      select ${tagVotes.tag} as tag,
        count(*) filter (where ${tagVotes.vote} = 'up')::int as up,
        count(*) filter (where ${tagVotes.vote} = 'down')::int as down
      from ${tagVotes} where ${tagVotes.locationId} = ${locations.id} group by ${tagVotes.tag}
    ) counted
  )`,
  images: sql<LocationImage[]>`(
    select coalesce(json_agg(json_build_object(
      'id', image.id,
      'commentId', image.comment_id,
      'uploadedByUserId', image.uploaded_by_user_id,
      'storageKey', image.storage_key,
      'thumbnailStorageKey', image.thumbnail_storage_key,
      'uploaderUserName', uploader.user_name,
      'updatedAtMs', floor(extract(epoch from image.updated_at) * 1000)
    ) order by image.created_at), '[]')
    from ${images} image left join ${users} uploader on uploader.id = image.uploaded_by_user_id
    where image.location_id = ${locations.id} and image.hidden_at is null
      -- A hidden comment's photos are out of sight with it (features/reports).
      and not exists (
        select 1 from ${comments} hidden_comment
        where hidden_comment.id = image.comment_id and hidden_comment.hidden_at is not null
      )
  )`,
};

const baseSelect = (db: Database, extra: Record<string, SQL> = {}) =>
  db
    .select({ ...locationColumns, ...enrichmentColumns, ...extra })
    .from(locations)
    .leftJoin(users, eq(users.id, locations.createdByUserId));

export async function findLocationRow(db: Database, id: string): Promise<LocationRow | null> {
  const [row]: LocationRow[] = await baseSelect(db).where(eq(locations.id, id));
  return row ?? null;
}

export interface NearQuery {
  centre: LatLng | null;
  radiusKm: number | null;
  filters: LocationFilterInput;
  limit: number;
  offset: number;
  now: Date;
}

/**
 * Locations around a centre (nearest first, optionally within a radius: ST_DWithin on the
 * GiST index), or newest first without a centre. Distances are on the sphere, like haversine.
 */
export async function findLocationRows(db: Database, query: NearQuery): Promise<LocationRow[]> {
  const params = new QueryParams();
  const conditions = filterConditions(query.filters, query.now, params);
  const limit = params.bind('limit', query.limit);
  const offset = params.bind('offset', query.offset);
  if (query.centre) {
    const centre = sql`ST_SetSRID(ST_MakePoint(${params.bind('lng', query.centre.lng)}::float8, ${params.bind('lat', query.centre.lat)}::float8), 4326)::geography`;
    if (query.radiusKm !== null) {
      conditions.push(
        sql`ST_DWithin(${locations.position}, ${centre}, ${params.bind('radiusMeters', query.radiusKm * 1000)}::float8, false)`,
      );
    }
    return runPrepared<LocationRow>(
      db,
      params.statementName('locations_near'),
      () =>
        baseSelect(db, {
          distanceKm: sql<number>`ST_Distance(${locations.position}, ${centre}, false) / 1000`,
        })
          .where(and(...conditions))
          // `<->` alone (no tie-breaker) lets the GiST index return rows nearest first and stop.
          .orderBy(sql`${locations.position} <-> ${centre}`)
          .limit(limit)
          .offset(offset),
      params.values,
    );
  }
  return runPrepared<LocationRow>(
    db,
    params.statementName('locations_newest'),
    () =>
      baseSelect(db)
        .where(and(...conditions))
        .orderBy(desc(locations.createdAt), asc(locations.id))
        .limit(limit)
        .offset(offset),
    params.values,
  );
}

export async function votesOfUser(db: Database, userId: string, locationIds: string[]) {
  if (locationIds.length === 0) return { locationVotes: [], tagVotes: [] };
  const [own, ownTags] = await Promise.all([
    db
      .select({ locationId: locationVotes.locationId, vote: locationVotes.vote })
      .from(locationVotes)
      .where(and(eq(locationVotes.userId, userId), inArray(locationVotes.locationId, locationIds))),
    db
      .select({ locationId: tagVotes.locationId, tag: tagVotes.tag, vote: tagVotes.vote })
      .from(tagVotes)
      .where(and(eq(tagVotes.userId, userId), inArray(tagVotes.locationId, locationIds))),
  ]);
  return { locationVotes: own, tagVotes: ownTags };
}

/** When the person last visited each of these places (only places they visited). */
export async function lastVisitsOfUser(
  db: Database,
  userId: string,
  locationIds: string[],
): Promise<Map<string, Date>> {
  if (locationIds.length === 0) return new Map();
  const rows = await db
    .select({
      locationId: visits.locationId,
      at: sql<Date>`max(${visits.visitedAt})`.mapWith(visits.visitedAt),
    })
    .from(visits)
    .where(and(eq(visits.userId, userId), inArray(visits.locationId, locationIds)))
    .groupBy(visits.locationId);
  return new Map(rows.map((row) => [row.locationId, row.at]));
}

export async function insertLocation(
  tx: Database,
  values: LocationValues & { createdByUserId: string; createdByUserName: string; now: Date },
): Promise<string> {
  const [row] = await tx
    .insert(locations)
    .values({
      ...values,
      createdAt: values.now,
      lastUpdatedAt: values.now,
      lastUpdatedByUserId: values.createdByUserId,
    })
    .returning({ id: locations.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * Locks the location row for the rest of the transaction; null when it does not exist.
 * 'change' (FOR NO KEY UPDATE) lets inserts that reference the place (comments, votes,
 * photos: a KEY SHARE through their foreign key) go on; 'delete' (FOR UPDATE) waits for them,
 * and must be taken up front, since upgrading a held lock while those inserts wait deadlocks.
 */
export async function lockLocation(tx: Database, id: string, purpose: 'change' | 'delete' = 'change') {
  const [row] = await tx
    .select({
      id: locations.id,
      tags: locations.tags,
      description: locations.description,
      upVotes: locations.upVotes,
      downVotes: locations.downVotes,
      createdByUserId: locations.createdByUserId,
    })
    .from(locations)
    .where(eq(locations.id, id))
    .for(purpose === 'delete' ? 'update' : 'no key update');
  return row ?? null;
}

export async function updateLocation(
  tx: Database,
  id: string,
  values: Partial<LocationValues> & { lastUpdatedByUserId: string; now: Date },
): Promise<void> {
  const { now, ...rest } = values;
  await tx
    .update(locations)
    .set({ ...rest, lastUpdatedAt: now })
    .where(eq(locations.id, id));
}

export async function deleteLocation(tx: Database, id: string): Promise<void> {
  await tx.delete(locations).where(eq(locations.id, id));
}

/** Resets a location's tag votes: one up vote per tag by `userId` (spec §4). */
export async function resetTagVotes(
  tx: Database,
  locationId: string,
  tags: string[],
  userId: string,
): Promise<void> {
  await tx.delete(tagVotes).where(eq(tagVotes.locationId, locationId));
  if (tags.length === 0) return;
  await tx.insert(tagVotes).values(tags.map((tag) => ({ locationId, tag, userId, vote: 'up' as const })));
}

export async function findLocationVote(
  tx: Database,
  locationId: string,
  userId: string,
): Promise<VoteValue | null> {
  const [row] = await tx
    .select({ vote: locationVotes.vote })
    .from(locationVotes)
    .where(and(eq(locationVotes.locationId, locationId), eq(locationVotes.userId, userId)));
  return row?.vote ?? null;
}

export async function saveLocationVote(
  tx: Database,
  change: {
    locationId: string;
    userId: string;
    vote: VoteValue;
    counts: { up: number; down: number };
    now: Date;
  },
): Promise<void> {
  await tx
    .insert(locationVotes)
    .values({
      locationId: change.locationId,
      userId: change.userId,
      vote: change.vote,
      createdAt: change.now,
      updatedAt: change.now,
    })
    .onConflictDoUpdate({
      target: [locationVotes.locationId, locationVotes.userId],
      set: { vote: change.vote, updatedAt: change.now },
    });
  await tx
    .update(locations)
    .set({ upVotes: change.counts.up, downVotes: change.counts.down })
    .where(eq(locations.id, change.locationId));
}

export async function findTagVote(
  tx: Database,
  locationId: string,
  tag: string,
  userId: string,
): Promise<VoteValue | null> {
  const [row] = await tx
    .select({ vote: tagVotes.vote })
    .from(tagVotes)
    .where(and(eq(tagVotes.locationId, locationId), eq(tagVotes.tag, tag), eq(tagVotes.userId, userId)));
  return row?.vote ?? null;
}

export async function saveTagVote(
  tx: Database,
  change: { locationId: string; tag: string; userId: string; vote: VoteValue | null },
): Promise<void> {
  const key = and(
    eq(tagVotes.locationId, change.locationId),
    eq(tagVotes.tag, change.tag),
    eq(tagVotes.userId, change.userId),
  );
  if (change.vote === null) {
    await tx.delete(tagVotes).where(key);
    return;
  }
  await tx
    .insert(tagVotes)
    .values({ locationId: change.locationId, tag: change.tag, userId: change.userId, vote: change.vote })
    .onConflictDoUpdate({
      target: [tagVotes.locationId, tagVotes.tag, tagVotes.userId],
      set: { vote: change.vote },
    });
}

export async function tagCountOf(tx: Database, locationId: string, tag: string) {
  const [row] = await tx
    .select({
      up: sql<number>`count(*) filter (where ${tagVotes.vote} = 'up')::int`,
      down: sql<number>`count(*) filter (where ${tagVotes.vote} = 'down')::int`,
    })
    .from(tagVotes)
    .where(and(eq(tagVotes.locationId, locationId), eq(tagVotes.tag, tag)));
  return { up: row?.up ?? 0, down: row?.down ?? 0 };
}

/**
 * Logs a visit unless this person already logged one here this hour; returns the new totals,
 * or null when the hour already had one.
 */
export async function insertVisit(tx: Database, locationId: string, userId: string, at: Date) {
  const hour = new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
  const inserted = await tx
    .insert(visits)
    .values({ locationId, userId, visitedAt: at, visitedHour: hour })
    .onConflictDoNothing()
    .returning({ id: visits.id });
  if (inserted.length === 0) return null;
  const [row] = await tx
    .update(locations)
    // greatest(): of two visits committing out of order, the later one stays the last.
    .set({
      visitCount: sql`${locations.visitCount} + 1`,
      lastVisitedAt: sql`greatest(${locations.lastVisitedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(locations.id, locationId))
    .returning({ visitCount: locations.visitCount });
  return row ?? null;
}

/**
 * Where a location is, or null when there is none. Inside a transaction the place is then held
 * (KEY SHARE, as locationExists), so its deletion waits for the visit being logged.
 */
export async function locationPosition(db: Database, id: string): Promise<LatLng | null> {
  const [row] = await db
    .select({ lat: locations.latitude, lng: locations.longitude })
    .from(locations)
    .where(eq(locations.id, id))
    .for('key share');
  return row ?? null;
}

/**
 * Whether the place exists. Inside a transaction it then stays until commit: the row is held
 * FOR KEY SHARE (what a new comment's, event's or request's foreign key takes anyway), so a
 * deletion of the place waits instead of failing that insert's foreign key (a 500).
 */
export async function locationExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.id, id))
    .for('key share');
  return row !== undefined;
}

/** Name (prefix, contains, or similar spelling) or keyword search, optionally near a centre. */
export async function searchLocationRows(
  db: Database,
  query: { text: string; keywords: string[]; centre: LatLng | null; radiusKm: number; limit: number },
): Promise<LocationRow[]> {
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

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Boxes crossing the antimeridian (west > east) are split in two. */
function boxCondition(box: Box, params: QueryParams): SQL {
  const south = params.bind('south', box.south);
  const north = params.bind('north', box.north);
  const envelope = (west: SQL, east: SQL) =>
    sql`(${locations.position}::geometry) && ST_MakeEnvelope(${west}::float8, ${south}::float8, ${east}::float8, ${north}::float8, 4326)`;
  if (box.west <= box.east) {
    return envelope(sql`${params.bind('west', box.west)}`, sql`${params.bind('east', box.east)}`);
  }
  params.mark('antimeridian');
  return sql`(${envelope(sql`${params.bind('west', box.west)}`, sql`180`)} or ${envelope(sql`-180`, sql`${params.bind('east', box.east)}`)})`;
}

const mapPointColumns = {
  id: locations.id,
  name: locations.name,
  latitude: locations.latitude,
  longitude: locations.longitude,
  indoor: locations.indoor,
  free: locations.free,
  ageRanges: locations.ageRanges,
  upVotes: locations.upVotes,
  downVotes: locations.downVotes,
};

export interface MapPointRow {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  indoor: boolean | null;
  free: boolean | null;
  ageRanges: string[];
  upVotes: number;
  downVotes: number;
}

/** A viewport query: the box, the filters and the time `recentlyAdded` counts from. */
export interface BoxQuery {
  box: Box;
  filters: LocationFilterInput;
  now: Date;
}

export async function pointsInBox(db: Database, query: BoxQuery, atMost: number): Promise<MapPointRow[]> {
  const params = new QueryParams();
  const conditions = [boxCondition(query.box, params), ...filterConditions(query.filters, query.now, params)];
  const limit = params.bind('atMost', atMost);
  return runPrepared<MapPointRow>(
    db,
    params.statementName('viewport_points'),
    () =>
      db
        .select(mapPointColumns)
        .from(locations)
        .where(and(...conditions))
        .limit(limit),
    params.values,
  );
}

/** Groups the box's locations into grid cells of `cellDegrees`; one row per non-empty cell. */
export interface ClusterRow {
  count: number;
  latitude: number;
  longitude: number;
  south: number;
  north: number;
  west: number;
  east: number;
  sampleId: string;
}

export async function clustersInBox(
  db: Database,
  query: BoxQuery,
  cellDegrees: number,
): Promise<ClusterRow[]> {
  const params = new QueryParams();
  const conditions = [boxCondition(query.box, params), ...filterConditions(query.filters, query.now, params)];
  const cell = params.bind('cellDegrees', cellDegrees);
  return runPrepared<ClusterRow>(
    db,
    params.statementName('viewport_clusters'),
    () =>
      db
        .select({
          count: sql<number>`count(*)::int`,
          latitude: sql<number>`avg(${locations.latitude})::float8`,
          longitude: sql<number>`avg(${locations.longitude})::float8`,
          south: sql<number>`min(${locations.latitude})`,
          north: sql<number>`max(${locations.latitude})`,
          west: sql<number>`min(${locations.longitude})`,
          east: sql<number>`max(${locations.longitude})`,
          // For cells holding a single location, the marker is that location.
          sampleId: sql<string>`min(${locations.id}::text)`,
        })
        .from(locations)
        .where(and(...conditions))
        .groupBy(
          sql`floor(${locations.longitude} / ${cell}::float8)`,
          sql`floor(${locations.latitude} / ${cell}::float8)`,
        ),
    params.values,
  );
}

export async function mapPointsByIds(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(mapPointColumns).from(locations).where(inArray(locations.id, ids));
}
