/**
 * Writes imported places in batches, one statement per batch on both PGlite and PostgreSQL:
 * the batch travels as one JSON parameter (no parameter-count limit, no per-row round trip),
 * then in one statement
 *  - a place from another source with the same name within MERGE_DISTANCE_M of an existing
 *    location is merged into it (missing facts filled in, tags added) instead of doubled;
 *  - the rest are inserted, or updated by source id when the data changed (a re-import never
 *    duplicates, and leaves places people have since edited alone).
 */
import { DEFAULT_CREATED_BY_USER_NAME, MAX_TAGS, MERGE_DISTANCE_M } from '@playspot/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** A place as stored: the import's fields plus what the database keeps about it. */
export interface PlaceRow {
  source_id: string;
  source: string;
  licence: string | null;
  name: string;
  latitude: number;
  longitude: number;
  tags: string[];
  age_ranges: string[];
  indoor: boolean | null;
  free: boolean | null;
  official_website: string | null;
  description: string | null;
  search_keywords: string[];
  /** placeNameKey(name): compared with existing rows' search keywords for merging. */
  name_key: string;
  /** placeNameNumbers(name): the numbers must match too. */
  name_numbers: string;
  time_zone: string;
}

export interface BatchResult {
  created: number;
  updated: number;
  merged: number;
}

async function rowsOf<Row>(db: Database, statement: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: Row[] }).rows;
}

export async function hasAnyLocation(db: Database): Promise<boolean> {
  const rows = await rowsOf<{ found: boolean }>(db, sql`select exists (select 1 from locations) as found`);
  return rows[0]?.found === true;
}

/** True when some location comes from another source than `source`: only then can a place merge. */
export async function hasLocationsFromOtherSources(db: Database, source: string): Promise<boolean> {
  const rows = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (select 1 from locations where source is distinct from ${source}) as found`,
  );
  return rows[0]?.found === true;
}

/** A secondary index of the locations table, as `pg_indexes` gives it. */
export interface IndexDefinition {
  name: string;
  definition: string;
}

/**
 * Drops the locations indexes an import does not need (all but the primary key and the
 * source-id key the upsert relies on) and returns them for rebuildIndexes. Building a GiST
 * or GIN index once is far cheaper than maintaining it row by row during a large load.
 */
export async function dropSecondaryIndexes(db: Database): Promise<IndexDefinition[]> {
  const indexes = await rowsOf<IndexDefinition>(
    db,
    sql`select i.indexname as name, i.indexdef as definition
        from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = 'locations'
          and i.indexname <> 'locations_source_id_key'
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.name)}`);
  return indexes;
}

/** Settings for one large loading transaction: no wait for each flush, memory for index builds. */
export async function prepareBulkTransaction(db: Database): Promise<void> {
  await db.execute(sql`set local synchronous_commit = off`);
  await db.execute(sql`set local maintenance_work_mem = '256MB'`);
}

export async function rebuildIndexes(db: Database, indexes: readonly IndexDefinition[]): Promise<void> {
  for (const index of indexes) await db.execute(sql.raw(index.definition));
}

const point = (alias: string) =>
  sql.raw(`ST_SetSRID(ST_MakePoint(${alias}.longitude, ${alias}.latitude), 4326)::geography`);

/** Upserts one batch (source ids unique within it) in one statement. */
export async function upsertPlaces(
  db: Database,
  rows: readonly PlaceRow[],
  options: { now: Date; mergeAcrossSources: boolean },
): Promise<BatchResult> {
  if (rows.length === 0) return { created: 0, updated: 0, merged: 0 };
  const now = options.now.toISOString();
  const merged = options.mergeAcrossSources
    ? sql`
      select i.source_id, m.id as target_id, i.tags, i.age_ranges, i.indoor, i.free, i.official_website
      from incoming i
      cross join lateral (
        select l.id from locations l
        where i.name_key <> ''
          and l.source is distinct from i.source
          and ST_DWithin(l.position, ${point('i')}, ${MERGE_DISTANCE_M}::float8, false)
          and array_to_string(l.search_keywords, ' ') = i.name_key
          and array_to_string(array(select n[1] from regexp_matches(l.name, '([0-9]+)', 'g') n), ' ') = i.name_numbers
        order by l.position <-> ${point('i')}
        limit 1
      ) m
      where not exists (select 1 from locations e where e.source_id = i.source_id)`
    : sql`select null::text as source_id, null::uuid as target_id, null::text[] as tags, null::text[] as age_ranges,
        null::boolean as indoor, null::boolean as free, null::text as official_website where false`;
  const [result] = await rowsOf<BatchResult>(
    db,
    sql`
    with incoming as (
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(
        source_id text, source text, licence text, name text, latitude float8, longitude float8,
        tags text[], age_ranges text[], indoor boolean, free boolean, official_website text,
        description text, search_keywords text[], name_key text, name_numbers text, time_zone text)
    ),
    merged as (${merged}),
    filled as (
      update locations l set
        tags = (l.tags || array(
          select t from unnest(m.tags) t where lower(t) <> all (select lower(x) from unnest(l.tags) x)
        ))[1:${MAX_TAGS}],
        age_ranges = case when cardinality(l.age_ranges) = 0 then m.age_ranges else l.age_ranges end,
        indoor = coalesce(l.indoor, m.indoor),
        free = coalesce(l.free, m.free),
        official_website = coalesce(l.official_website, m.official_website),
        last_updated_at = ${now}::timestamptz
      from merged m
      where l.id = m.target_id
        and (
          (cardinality(l.age_ranges) = 0 and cardinality(m.age_ranges) > 0)
          or (l.indoor is null and m.indoor is not null)
          or (l.free is null and m.free is not null)
          or (l.official_website is null and m.official_website is not null)
          or exists (select 1 from unnest(m.tags) t where lower(t) <> all (select lower(x) from unnest(l.tags) x))
        )
      returning l.id
    ),
    upserted as (
      insert into locations (
        name, latitude, longitude, tags, age_ranges, indoor, free, description, official_website,
        search_keywords, source, source_id, licence, time_zone, created_by_user_name, created_at, last_updated_at)
      select i.name, i.latitude, i.longitude, i.tags, i.age_ranges, i.indoor, i.free, i.description,
        i.official_website, i.search_keywords, i.source, i.source_id, i.licence, i.time_zone,
        ${DEFAULT_CREATED_BY_USER_NAME}, ${now}::timestamptz, ${now}::timestamptz
      from incoming i
      where not exists (select 1 from merged m where m.source_id = i.source_id)
      on conflict (source_id) do update set
        name = excluded.name, latitude = excluded.latitude, longitude = excluded.longitude,
        tags = excluded.tags, age_ranges = excluded.age_ranges, indoor = excluded.indoor,
        free = excluded.free, description = excluded.description,
        official_website = excluded.official_website, search_keywords = excluded.search_keywords,
        source = excluded.source, licence = excluded.licence, time_zone = excluded.time_zone,
        last_updated_at = excluded.last_updated_at
      -- People's edits win over the source; unchanged data is not rewritten.
      where locations.last_updated_by_user_id is null
        and (locations.name, locations.latitude, locations.longitude, locations.tags, locations.age_ranges,
             locations.indoor, locations.free, locations.description, locations.official_website,
             locations.source, locations.licence, locations.time_zone)
          is distinct from
            (excluded.name, excluded.latitude, excluded.longitude, excluded.tags, excluded.age_ranges,
             excluded.indoor, excluded.free, excluded.description, excluded.official_website,
             excluded.source, excluded.licence, excluded.time_zone)
      returning (xmax = 0) as inserted
    )
    select
      (select count(*) from upserted where inserted)::int as created,
      (select count(*) from upserted where not inserted)::int as updated,
      (select count(*) from merged)::int as merged`,
  );
  return result ?? { created: 0, updated: 0, merged: 0 };
}
