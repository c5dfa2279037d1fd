/**
 * Writes imported places in batches, one statement per batch on both PGlite and PostgreSQL:
 * the batch travels as one JSON parameter (no parameter-count limit, no per-row round trip),
 * then in one statement
 *  - a place from another source with the same name within MERGE_DISTANCE_M of an existing
 *    place is merged into it (missing facts filled in, tags added) instead of doubled;
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
  /** Its name in the app's languages (core namesFromOsm), language → name. */
  names: Record<string, string>;
  search_keywords: string[];
  /** placeNameKey(name): compared with existing rows' search keywords for merging. */
  name_key: string;
  /** placeNameNumbers(name): the numbers must match too. */
  name_numbers: string;
  time_zone: string;
  /** The facts the source states (core factsFromOsm), written to imported_facts. */
  facts: Record<string, string>;
}

export interface BatchResult {
  created: number;
  updated: number;
  merged: number;
  /** Which existing place each merged place went into (its facts go there too). */
  mergedInto: { source_id: string; target_id: string }[];
}

async function rowsOf<Row>(db: Database, statement: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: Row[] }).rows;
}

export async function hasAnyPlace(db: Database): Promise<boolean> {
  const rows = await rowsOf<{ found: boolean }>(db, sql`select exists (select 1 from locations) as found`);
  return rows[0]?.found === true;
}

/** True when some place comes from another source than `source`: only then can a place merge. */
export async function hasPlacesFromOtherSources(db: Database, source: string): Promise<boolean> {
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
  if (rows.length === 0) return { created: 0, updated: 0, merged: 0, mergedInto: [] };
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
      select * from json_to_recordset(${JSON.stringify(rows, (key, value: unknown) => (key === 'facts' ? undefined : value))}::json) as x(
        source_id text, source text, licence text, name text, latitude float8, longitude float8,
        tags text[], age_ranges text[], indoor boolean, free boolean, official_website text,
        description text, names jsonb, search_keywords text[], name_key text, name_numbers text, time_zone text)
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
        names, search_keywords, source, source_id, licence, time_zone, created_by_user_name, created_at,
        last_updated_at)
      select i.name, i.latitude, i.longitude, i.tags, i.age_ranges, i.indoor, i.free, i.description,
        i.official_website, i.names, i.search_keywords, i.source, i.source_id, i.licence, i.time_zone,
        ${DEFAULT_CREATED_BY_USER_NAME}, ${now}::timestamptz, ${now}::timestamptz
      from incoming i
      where not exists (select 1 from merged m where m.source_id = i.source_id)
      on conflict (source_id) do update set
        name = excluded.name, latitude = excluded.latitude, longitude = excluded.longitude,
        tags = excluded.tags, age_ranges = excluded.age_ranges, indoor = excluded.indoor,
        free = excluded.free, description = excluded.description,
        official_website = excluded.official_website, names = excluded.names,
        search_keywords = excluded.search_keywords,
        source = excluded.source, licence = excluded.licence, time_zone = excluded.time_zone,
        last_updated_at = excluded.last_updated_at
      -- People's edits win over the source; unchanged data is not rewritten.
      where locations.last_updated_by_user_id is null
        and (locations.name, locations.latitude, locations.longitude, locations.tags, locations.age_ranges,
             locations.indoor, locations.free, locations.description, locations.official_website,
             locations.names, locations.source, locations.licence, locations.time_zone)
          is distinct from
            (excluded.name, excluded.latitude, excluded.longitude, excluded.tags, excluded.age_ranges,
             excluded.indoor, excluded.free, excluded.description, excluded.official_website,
             excluded.names, excluded.source, excluded.licence, excluded.time_zone)
      returning (xmax = 0) as inserted
    )
    select
      (select count(*) from upserted where inserted)::int as created,
      (select count(*) from upserted where not inserted)::int as updated,
      (select count(*) from merged)::int as merged,
      (select coalesce(json_agg(json_build_object('source_id', source_id, 'target_id', target_id)), '[]')
        from merged) as "mergedInto"`,
  );
  return result ?? { created: 0, updated: 0, merged: 0, mergedInto: [] };
}

/**
 * Writes the facts a batch states into imported_facts and returns the places whose imported
 * facts changed. A source updates and removes only its own facts: a fact another source
 * stated first stays. A merged place's facts go to the place it merged into.
 */
export async function upsertImportedFacts(
  db: Database,
  rows: readonly PlaceRow[],
  mergedInto: readonly { source_id: string; target_id: string }[],
  now: Date,
): Promise<string[]> {
  const stating = rows.map((row) => ({
    source_id: row.source_id,
    source: row.source,
    licence: row.licence,
    facts: row.facts,
  }));
  if (stating.length === 0) return [];
  const changed = await rowsOf<{ location_id: string }>(
    db,
    sql`
    with incoming as (
      select * from json_to_recordset(${JSON.stringify(stating)}::json) as x(source_id text, source text, licence text, facts jsonb)
    ),
    merges as (
      select * from json_to_recordset(${JSON.stringify(mergedInto)}::json) as x(source_id text, target_id uuid)
    ),
    targets as (
      select coalesce(l.id, m.target_id) as location_id, i.source, i.licence, i.facts
      from incoming i
      left join locations l on l.source_id = i.source_id
      left join merges m on m.source_id = i.source_id
      where l.id is not null or m.target_id is not null
    ),
    stated as (
      select t.location_id, f.key, f.value, t.source, t.licence
      from targets t cross join jsonb_each_text(t.facts) f
    ),
    upserted as (
      insert into imported_facts (location_id, key, value, source, licence, imported_at)
      select location_id, key, value, source, licence, ${now.toISOString()}::timestamptz from stated
      on conflict (location_id, key) do update set
        value = excluded.value, licence = excluded.licence, imported_at = excluded.imported_at
      where imported_facts.source = excluded.source
        and (imported_facts.value, imported_facts.licence) is distinct from (excluded.value, excluded.licence)
      returning location_id
    ),
    removed as (
      delete from imported_facts f using targets t
      where f.location_id = t.location_id and f.source = t.source and not (t.facts ? f.key)
      returning f.location_id
    )
    select distinct location_id from (
      select location_id from upserted union all select location_id from removed
    ) changed`,
  );
  return changed.map((row) => row.location_id);
}

/** A public amenity as stored: one row per element and kind. */
export interface AmenityRow {
  source_id: string;
  kind: string;
  source: string;
  licence: string | null;
  latitude: number;
  longitude: number;
}

/** Inserts or moves amenities by (source id, kind); returns how many were written. */
export async function upsertAmenities(db: Database, rows: readonly AmenityRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const written = await rowsOf<{ count: number }>(
    db,
    sql`
    with upserted as (
      insert into amenities (source_id, kind, source, licence, latitude, longitude)
      select source_id, kind, source, licence, latitude, longitude
      from json_to_recordset(${JSON.stringify(rows)}::json) as x(
        source_id text, kind text, source text, licence text, latitude float8, longitude float8)
      on conflict (source_id, kind) do update set
        latitude = excluded.latitude, longitude = excluded.longitude, licence = excluded.licence
      where (amenities.latitude, amenities.longitude, amenities.licence)
        is distinct from (excluded.latitude, excluded.longitude, excluded.licence)
      returning 1
    )
    select count(*)::int as count from upserted`,
  );
  return written[0]?.count ?? 0;
}
