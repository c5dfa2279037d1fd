/**
 * The benchmark's own database: created next to the one BENCH_DATABASE_URL names, migrated
 * with the app's migrations, and filled with N generated play spots. The seed works on both
 * backends: PostgreSQL (radius-viewport.ts) and the embedded PGlite (embedded.ts).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { CITIES } from './cities.ts';
import { SMOKE } from './smoke.ts';

/**
 * A smoke run (BENCH_SMOKE=1) seeds a database of its own, leaving the million spots be;
 * BENCH_DATABASE_NAME names another (several people benching on one PostgreSQL server).
 */
const namedDatabase = process.env.BENCH_DATABASE_NAME ?? '';
if (namedDatabase !== '' && !/^[a-z_][a-z0-9_]*$/.test(namedDatabase))
  throw new Error(`BENCH_DATABASE_NAME: a plain lower-case identifier, not ${namedDatabase}`);
export const BENCH_DATABASE_NAME =
  namedDatabase !== '' ? namedDatabase : SMOKE ? 'playspot_bench_smoke' : 'playspot_bench';

/** The same server and credentials as `adminUrl`, pointed at the benchmark database. */
export function benchDatabaseUrl(adminUrl: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DATABASE_NAME}`;
  return url.toString();
}

export async function createDatabaseIfMissing(adminUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [
      BENCH_DATABASE_NAME,
    ]);
    if (existing.rowCount === 0) {
      // Identifiers cannot be bound as parameters; the name is a constant above.
      await client.query(`create database ${BENCH_DATABASE_NAME}`);
      return true;
    }
    return false;
  } finally {
    await client.end();
  }
}

export async function countPlaces(database: DatabaseHandle): Promise<number> {
  const [row] = await database.query<{ count: number }>(sql`select count(*)::int as count from locations`);
  return row?.count ?? 0;
}

export interface SeedReport {
  rows: number;
  insertSeconds: number;
  indexSeconds: number;
  analyzeSeconds: number;
}

/** Share of the spots scattered uniformly over the inhabited latitudes instead of near a city. */
const NOISE_SHARE = 0.1;

/**
 * Replaces every place with `rows` generated ones, in one transaction: either the table
 * is fully seeded with all its indexes, or it is left as it was.
 *
 * Secondary indexes are dropped first and rebuilt once at the end: building a GiST or
 * trigram index in one pass is several times faster than maintaining it row by row.
 *
 * The map's change-feed triggers (map_changes, read by the servers' map indexes) are off
 * during the seed and the feed is emptied: no server runs meanwhile, and a feed of a million
 * fresh rows would only be pruned by the server an hour later, in the middle of a run.
 */
export async function seedPlaces(database: DatabaseHandle, rows: number): Promise<SeedReport> {
  // Each city appears `weight` times, so row g takes slot g % slots.length.
  const slots = CITIES.flatMap((city) =>
    Array.from({ length: city.weight }, () => ({ lat: city.lat, lng: city.lng, spread_km: city.spreadKm })),
  ).map((slot, index) => ({ slot: index, ...slot }));

  const timings = { insertSeconds: 0, indexSeconds: 0 };
  await database.db.transaction(async (tx) => {
    // PGlite's WebAssembly heap is smaller than a PostgreSQL server's memory.
    await tx.execute(
      database.backend === 'pglite'
        ? sql`set local maintenance_work_mem = '128MB'`
        : sql`set local maintenance_work_mem = '512MB'`,
    );
    // USER: the triggers the migrations created, not those enforcing foreign keys.
    await tx.execute(sql`alter table locations disable trigger user`);
    // Indexes backing a constraint (the primary key) stay: dropping them would drop the constraint.
    const listed: unknown = await tx.execute(sql`
      select i.indexname, i.indexdef
      from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = 'locations'
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
    const indexes = (listed as { rows: { indexname: string; indexdef: string }[] }).rows;
    for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.indexname)}`);
    // CASCADE also empties votes, photos, comments... of the old spots: this is a throwaway database.
    await tx.execute(sql`truncate locations cascade`);
    // A fixed seed: every rebuild produces the same spots, so results stay comparable.
    await tx.execute(sql`select setseed(0.4242)`);

    let started = performance.now();
    await tx.execute(insertStatement(rows, slots));
    timings.insertSeconds = (performance.now() - started) / 1000;

    started = performance.now();
    for (const index of indexes) await tx.execute(sql.raw(index.indexdef));
    timings.indexSeconds = (performance.now() - started) / 1000;

    await tx.execute(sql`alter table locations enable trigger user`);
    const feed: unknown = await tx.execute(sql`select to_regclass('map_changes') is not null as present`);
    if ((feed as { rows: { present: boolean }[] }).rows[0]?.present)
      await tx.execute(sql`truncate map_changes`);
  });

  // Outside the transaction: VACUUM cannot run inside one. Fresh statistics matter, the
  // planner must know how dense the points are; the vacuum sets the visibility map.
  const started = performance.now();
  await database.query(sql`vacuum analyze locations`);
  return { rows, ...timings, analyzeSeconds: (performance.now() - started) / 1000 };
}

interface Slot {
  slot: number;
  lat: number;
  lng: number;
  spread_km: number;
}

/**
 * One INSERT … SELECT over generate_series: the rows never leave the server. The inner
 * query draws the random numbers once per row (a subquery with volatile outputs is not
 * flattened), the middle one turns them into a place, the outer one into a row.
 */
function insertStatement(rows: number, slots: Slot[]) {
  return sql`
    insert into locations (
      name, latitude, longitude, tags, age_ranges, indoor, free, description, search_keywords,
      up_votes, down_votes, visit_count, comment_count, created_at, last_updated_at, source, licence
    )
    select
      name, latitude, longitude, tags, age_ranges, indoor, free, description,
      string_to_array(lower(name), ' '),
      up_votes, down_votes, visit_count, comment_count, created_at,
      created_at + (now() - created_at) * u_updated, 'bench', 'CC0'
    from (
      select
        (array['Willow', 'Harbour', 'Oak', 'Riverside', 'Sunny', 'Maple', 'Hilltop', 'Cedar', 'Lakeside',
               'Meadow', 'Victoria', 'Station', 'Mill', 'Forest', 'Bayview', 'Church Street'])[1 + floor(u_name * 16)::int]
          || ' ' ||
        (array['Park', 'Playground', 'Reserve', 'Play Centre', 'Domain', 'Green', 'Adventure Playground',
               'Splash Pad'])[1 + floor(u_kind * 8)::int] as name,
        case when noise then -55 + u1 * 125
             else least(89.9, greatest(-89.9, clat + r_km * sin(theta) / 111.32)) end as latitude,
        case when noise then -180 + u2 * 360
             -- Wrapped into [-180, 180): Suva and Auckland spread across the antimeridian.
             else lng - 360 * floor((lng + 180) / 360) end as longitude,
        array_remove(array[
          case when tag_bits & 1 > 0 then 'swings' end, case when tag_bits & 2 > 0 then 'slide' end,
          case when tag_bits & 4 > 0 then 'shade' end, case when tag_bits & 8 > 0 then 'toilets' end,
          case when tag_bits & 16 > 0 then 'fenced' end, case when tag_bits & 32 > 0 then 'water play' end,
          case when tag_bits & 64 > 0 then 'sandpit' end, case when tag_bits & 128 > 0 then 'climbing' end
        ], null) as tags,
        array_remove(array[
          case when age_bits & 1 > 0 then '0-2' end, case when age_bits & 2 > 0 then '2-5' end,
          case when age_bits & 4 > 0 then '5-12' end, case when age_bits & 8 > 0 then '12+' end
        ], null) as age_ranges,
        case when u_flags < 0.1 then true when u_flags < 0.9 then false end as indoor,
        case when u_free < 0.75 then true when u_free < 0.95 then false end as free,
        case when u_desc < 0.3 then 'Shady playground with a flying fox, a sandpit for toddlers and '
                                  || 'picnic tables. Toilets near the car park.' end as description,
        floor(u_votes ^ 3 * 40)::int as up_votes,
        floor(u_votes ^ 6 * 5)::int as down_votes,
        floor(u_visits ^ 2 * 200)::int as visit_count,
        floor(u_visits ^ 4 * 12)::int as comment_count,
        now() - interval '730 days' * u_created as created_at,
        u_updated
      from (
        select *, clng + r_km * cos(theta) / (111.32 * cos(radians(clat))) as lng
        from (
          select
            s.lat as clat, s.lng as clng,
            -- Box-Muller: a gaussian distance (1 - random() avoids ln(0)) in a uniform direction.
            s.spread_km * sqrt(-2 * ln(1 - random())) as r_km, 2 * pi() * random() as theta,
            random() < ${NOISE_SHARE} as noise, random() as u1, random() as u2,
            random() as u_name, random() as u_kind, floor(random() * 256)::int as tag_bits,
            floor(random() * 16)::int as age_bits, random() as u_flags, random() as u_free,
            random() as u_desc, random() as u_votes, random() as u_visits, random() as u_created,
            random() as u_updated
          from generate_series(0, ${rows - 1}) as g
          join json_to_recordset(${JSON.stringify(slots)}::json)
            as s(slot int, lat float8, lng float8, spread_km float8)
            on s.slot = g % ${slots.length}
        ) as draws
      ) as placed
    ) as spots`;
}
