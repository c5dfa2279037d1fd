/**
 * The map's reads in SQL: places near a centre or newest first, and the viewport's points and
 * grid clusters, with the spec's filters (§5) as SQL. What the map index answers from memory,
 * while it builds, with `MAP_INDEX=off`, and what the tests compare it with.
 */
import {
  askedFilters,
  POPULARITY_WEIGHTS_TENTHS,
  usableTimeZone,
  type AskedFilter,
  type MapFilterField,
} from '@playspot/core';
import { isOpenAt, parseOpeningHours, type OpeningHours } from '@playspot/core/opening-hours';
import { and, asc, desc, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { equipmentFilterSql, factFilterSql } from '../../db/facts-sql.ts';
import { QueryParams, runPrepared } from '../../db/prepared-queries.ts';
import { locations } from '../../db/schema.ts';
import type { ClusterCell } from './cluster-cells.ts';
import type { Box, MapFilters, NearQuery, PlaceHit } from './map-query.ts';

/** The spec's filters (§5), as the map index reads them too. */
export type PlaceFilterInput = MapFilters;

const weights = POPULARITY_WEIGHTS_TENTHS;
/** Core isPopular as SQL: popularity in tenths above 0 (integers, so exact). */
export const popularSql = sql<boolean>`(${sql.raw(String(weights.netVote))} * (${locations.upVotes} - ${locations.downVotes}) + ${sql.raw(String(weights.visit))} * ${locations.visitCount} + ${sql.raw(String(weights.comment))} * ${locations.commentCount}) > 0`;

/** The (opening hours, stored zone) pairs open at an instant: what `openNow` keeps. */
export interface OpenSchedules {
  hours: string[];
  timeZones: string[];
}

const openingHoursOf = sql<string | null>`(${locations.facts} ->> 'opening_hours')`;

/** Parsed values, kept across queries (the same few values recur); emptied when it grows large. */
const parsedHours = new Map<string, OpeningHours>();
const PARSED_HOURS_KEPT = 20_000;

function parsed(value: string): OpeningHours {
  let hours = parsedHours.get(value);
  if (!hours) {
    if (parsedHours.size >= PARSED_HOURS_KEPT) parsedHours.clear();
    hours = parseOpeningHours(value);
    parsedHours.set(value, hours);
  }
  return hours;
}

/**
 * The distinct opening hours of all places with their zones, each evaluated at `at` by core's
 * isOpenAt (the rule the map index applies): SQL cannot read `opening_hours` itself, so the
 * open ones go back into the query as a list. Distinct values are far fewer than places.
 */
export async function openSchedulesAt(db: Database, at: Date): Promise<OpenSchedules> {
  const rows = await db
    .selectDistinct({ hours: openingHoursOf, timeZone: locations.timeZone })
    .from(locations)
    .where(isNotNull(openingHoursOf));
  const open: OpenSchedules = { hours: [], timeZones: [] };
  for (const row of rows) {
    if (row.hours === null || !isOpenAt(parsed(row.hours), usableTimeZone(row.timeZone), at)) continue;
    open.hours.push(row.hours);
    open.timeZones.push(row.timeZone);
  }
  return open;
}

/** The schedules `openNow` needs, when the filters ask for it. */
async function openSchedulesFor(db: Database, filters: PlaceFilterInput, now: Date) {
  return filters.openNow ? openSchedulesAt(db, now) : null;
}

/** The place's columns the `equals` and `contains` filters read (core MAP_FILTERS' `field`). */
const FILTER_COLUMNS = {
  indoor: locations.indoor,
  free: locations.free,
  ageRanges: locations.ageRanges,
} as const satisfies Record<MapFilterField, unknown>;

/** One asked filter (a core MAP_FILTERS row and its value) as SQL conditions. */
function filterSql(asked: AskedFilter, now: Date, params: QueryParams, open: OpenSchedules | null): SQL[] {
  const column = FILTER_COLUMNS[asked.definition.field ?? 'ageRanges'];
  switch (asked.match) {
    case 'contains':
      return [sql`${column} @> array[${params.bind(asked.name, asked.value)}]::text[]`];
    case 'equals':
      return [sql`${column} = ${params.bind(asked.name, asked.value)}`];
    case 'changedWithin': {
      const since = new Date(now.getTime() - (asked.definition.hours ?? 0) * 60 * 60 * 1000);
      return [
        sql`greatest(${locations.createdAt}, ${locations.lastUpdatedAt}) >= ${params.bind('since', since.toISOString())}::timestamptz`,
      ];
    }
    case 'popular':
      params.mark('popular');
      return [popularSql];
    case 'allFacts':
      return asked.value.map((fact) => {
        params.mark(fact);
        return factFilterSql(fact);
      });
    case 'allEquipment':
      return asked.value.map((kind) => {
        params.mark(`equipment:${kind}`);
        return equipmentFilterSql(kind);
      });
    case 'notClosedAt':
      return [
        sql`(${locations.closedUntil} is null or ${locations.closedUntil} <= ${params.bind('openAt', asked.value.toISOString())}::timestamptz)`,
      ];
    case 'openNow':
      if (!open) throw new Error('openNow needs the open schedules (openSchedulesAt)');
      return [
        sql`(${openingHoursOf}, ${locations.timeZone}) in (select * from unnest(${params.bind('openHours', open.hours)}::text[], ${params.bind('openZones', open.timeZones)}::text[]))`,
      ];
  }
}

/**
 * The map's filters as SQL, compiled from core's MAP_FILTERS (the map index compiles the
 * same rows in map-place.ts): `popular` uses the core popularity weights, the fact filters
 * core's FACT_FILTER_RULES (db/facts-sql.ts); `openNow` needs the schedules open at `now`
 * (openSchedulesAt).
 */
export function filterConditions(
  filters: PlaceFilterInput,
  now: Date,
  params = new QueryParams(),
  open: OpenSchedules | null = null,
): SQL[] {
  return askedFilters(filters).flatMap((asked) => filterSql(asked, now, params, open));
}

/**
 * Places around a centre (nearest first, optionally within a radius: ST_DWithin on the GiST
 * index), or newest first without a centre: their ids, and distances on the sphere (like
 * haversine) when there is a centre. The caller reads what it shows of them by id.
 */
export async function nearPlaces(db: Database, query: NearQuery): Promise<PlaceHit[]> {
  const params = new QueryParams();
  const open = await openSchedulesFor(db, query.filters, query.now);
  const conditions = filterConditions(query.filters, query.now, params, open);
  const limit = params.bind('limit', query.limit);
  const offset = params.bind('offset', query.offset);
  if (query.centre) {
    const centre = sql`ST_SetSRID(ST_MakePoint(${params.bind('lng', query.centre.lng)}::float8, ${params.bind('lat', query.centre.lat)}::float8), 4326)::geography`;
    if (query.radiusKm !== null) {
      conditions.push(
        sql`ST_DWithin(${locations.position}, ${centre}, ${params.bind('radiusMeters', query.radiusKm * 1000)}::float8, false)`,
      );
    }
    return runPrepared<PlaceHit>(
      db,
      params.statementName('places_near'),
      () =>
        db
          .select({
            id: locations.id,
            distanceKm: sql<number>`ST_Distance(${locations.position}, ${centre}, false) / 1000`,
          })
          .from(locations)
          .where(and(...conditions))
          // `<->` alone (no tie-breaker) lets the GiST index return rows nearest first and stop.
          .orderBy(sql`${locations.position} <-> ${centre}`)
          .limit(limit)
          .offset(offset),
      params.values,
    );
  }
  return runPrepared<PlaceHit>(
    db,
    params.statementName('places_newest'),
    () =>
      db
        .select({ id: locations.id, distanceKm: sql<null>`null` })
        .from(locations)
        .where(and(...conditions))
        .orderBy(desc(locations.createdAt), asc(locations.id))
        .limit(limit)
        .offset(offset),
    params.values,
  );
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
  filters: PlaceFilterInput;
  now: Date;
}

export async function pointsInBox(db: Database, query: BoxQuery, atMost: number): Promise<MapPointRow[]> {
  const params = new QueryParams();
  const open = await openSchedulesFor(db, query.filters, query.now);
  const conditions = [
    boxCondition(query.box, params),
    ...filterConditions(query.filters, query.now, params, open),
  ];
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

/**
 * Groups the box's places into grid cells of `cellDegrees`; one row per non-empty cell,
 * its sample the smallest id (the marker of a cell holding one place).
 */
export async function clustersInBox(
  db: Database,
  query: BoxQuery,
  cellDegrees: number,
): Promise<ClusterCell<string>[]> {
  const params = new QueryParams();
  const open = await openSchedulesFor(db, query.filters, query.now);
  const conditions = [
    boxCondition(query.box, params),
    ...filterConditions(query.filters, query.now, params, open),
  ];
  const cell = params.bind('cellDegrees', cellDegrees);
  return runPrepared<ClusterCell<string>>(
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
          // For cells holding a single place, the marker is that place.
          sample: sql<string>`min(${locations.id}::text)`,
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
