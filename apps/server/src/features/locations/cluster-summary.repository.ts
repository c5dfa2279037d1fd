/**
 * SQL of the precomputed cluster summary (location_cluster_cells): the rebuild from the
 * locations table, the staleness check, and the read of a box's cells at a request's zoom.
 */
import { AGE_RANGES, type AgeRange } from '@playspot/core';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { QueryParams, runPrepared } from '../../db/prepared-queries.ts';
import {
  locationChanges,
  locationClusterCells,
  locationClusterSummaryState,
  locations,
} from '../../db/schema.ts';
import {
  ageRangeBit,
  cellDegreesAt,
  cellsOfBox,
  CLUSTER_CELLS_PER_TILE,
  SUMMARY_LEVELS,
} from './cluster-summary-cells.ts';
import { popularSql, type Box, type ClusterRow } from './map-queries.repository.ts';

/** Names the cell layout; a summary built with another layout is rebuilt at start. */
export const SUMMARY_LAYOUT = `levels ${SUMMARY_LEVELS.join(',')}; ${CLUSTER_CELLS_PER_TILE} cells per tile; ages ${AGE_RANGES.join(',')}`;

/** Transaction-level advisory lock held while the summary is rebuilt (any number, fixed). */
const REBUILD_LOCK_KEY = 7_305_221_009;

const ageMaskSql = sql.join(
  AGE_RANGES.map(
    (range, bit) =>
      sql`(case when ${locations.ageRanges} @> array[${sql.raw(`'${range}'`)}]::text[] then ${sql.raw(String(1 << bit))} else 0 end)`,
  ),
  sql` + `,
);

/**
 * Replaces the summary with one built from the locations as they are now, in the caller's
 * transaction. The change marks are deleted first: a write committed after that statement
 * keeps its mark and causes the next rebuild, even when this build's later snapshot (READ
 * COMMITTED) already includes it — a spare rebuild rather than a missed change. Under one
 * snapshot (REPEATABLE READ) the marks deleted are exactly the changes the build sees.
 */
export async function rebuildSummary(tx: Database): Promise<{ locations: number; cells: number }> {
  // A rebuild over a million places runs longer than a request may; it only takes the rebuild
  // lock, which requests never wait for.
  await tx.execute(sql`set local statement_timeout = 0`);
  await tx.delete(locationChanges);
  await tx.delete(locationClusterCells);
  const [finest, ...coarser] = [...SUMMARY_LEVELS].reverse();
  if (finest === undefined) throw new Error('SUMMARY_LEVELS is empty');
  const cellDegrees = cellDegreesAt(finest);
  await tx.execute(sql`
    insert into ${locationClusterCells} (zoom, cell_x, cell_y, indoor, free, age_mask, popular,
      count, sum_latitude, sum_longitude, south, north, west, east, sample_id)
    select ${finest}::int, floor(${locations.longitude} / ${cellDegrees}::float8)::int,
      floor(${locations.latitude} / ${cellDegrees}::float8)::int,
      ${locations.indoor}, ${locations.free}, ${ageMaskSql}, ${popularSql},
      count(*)::int, sum(${locations.latitude}), sum(${locations.longitude}),
      min(${locations.latitude}), max(${locations.latitude}),
      min(${locations.longitude}), max(${locations.longitude}), min(${locations.id}::text)::uuid
    from ${locations}
    group by 2, 3, 4, 5, 6, 7`);
  let finer = finest;
  for (const level of coarser) {
    const shift = sql.raw(String(finer - level));
    await tx.execute(sql`
      insert into ${locationClusterCells} (zoom, cell_x, cell_y, indoor, free, age_mask, popular,
        count, sum_latitude, sum_longitude, south, north, west, east, sample_id)
      select ${level}::int, cell_x >> ${shift}, cell_y >> ${shift}, indoor, free, age_mask, popular,
        sum(count)::int, sum(sum_latitude), sum(sum_longitude), min(south), max(north), min(west),
        max(east), min(sample_id::text)::uuid
      from ${locationClusterCells}
      where zoom = ${finer}::int
      group by 2, 3, 4, 5, 6, 7`);
    finer = level;
  }
  const [totals] = await tx
    .select({
      locations: sql<number>`coalesce(sum(${locationClusterCells.count}) filter (where ${locationClusterCells.zoom} = ${finest}::int), 0)::int`,
      cells: sql<number>`count(*)::int`,
    })
    .from(locationClusterCells);
  const built = { locations: totals?.locations ?? 0, cells: totals?.cells ?? 0 };
  // Fresh statistics for the viewport reads (the table was just replaced).
  await tx.execute(sql`analyze ${locationClusterCells}`);
  await tx.delete(locationClusterSummaryState);
  await tx
    .insert(locationClusterSummaryState)
    .values({ layout: SUMMARY_LAYOUT, builtAt: sql`now()`, locationCount: built.locations });
  return built;
}

/** Waits for any other rebuild to finish, then holds the lock until this transaction ends. */
export async function lockRebuild(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REBUILD_LOCK_KEY}::bigint)`);
}

/** Takes the rebuild lock unless another process holds it (then false: it is rebuilding). */
export async function tryLockRebuild(tx: Database): Promise<boolean> {
  const [row] = await tx
    .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${REBUILD_LOCK_KEY}::bigint)` })
    .from(sql`(select 1) as one`);
  return row?.locked === true;
}

/** Stale: never built with this layout, or locations changed since the last build. */
export async function summaryIsStale(db: Database): Promise<boolean> {
  const [row] = await db
    .select({
      changed: sql<boolean>`exists (select 1 from ${locationChanges})`,
      built: sql<boolean>`exists (select 1 from ${locationClusterSummaryState} where ${eq(locationClusterSummaryState.layout, SUMMARY_LAYOUT)})`,
    })
    .from(sql`(select 1) as one`);
  return !row || row.changed || !row.built;
}

export interface SummaryFilters {
  ageRange?: AgeRange | undefined;
  indoor?: boolean | undefined;
  free?: boolean | undefined;
  popular?: boolean | undefined;
}

/**
 * The box's summary cells of `level`, grouped into the cells of `zoom` (≤ level): the same
 * rows as the live clustersInBox, except that cells on the box's edge count their whole
 * summary cell rather than only the part in view.
 */
export async function summaryClustersInBox(
  db: Database,
  query: { box: Box; filters: SummaryFilters; zoom: number; level: number },
): Promise<ClusterRow[]> {
  const params = new QueryParams();
  const cells = locationClusterCells;
  const { columns, rows } = cellsOfBox(query.box, query.level);
  const columnConditions = columns.map(
    (range, i) =>
      sql`${cells.cellX} between ${params.bind(`fromX${i}`, range.from)} and ${params.bind(`toX${i}`, range.to)}`,
  );
  const conditions: (SQL | undefined)[] = [
    sql`${cells.zoom} = ${params.bind('level', query.level)}`,
    sql`${cells.cellY} between ${params.bind('fromY', rows.from)} and ${params.bind('toY', rows.to)}`,
    or(...columnConditions),
  ];
  const { filters } = query;
  if (filters.ageRange)
    conditions.push(sql`(${cells.ageMask} & ${params.bind('ageBit', ageRangeBit(filters.ageRange))}) <> 0`);
  if (filters.indoor !== undefined)
    conditions.push(sql`${cells.indoor} = ${params.bind('indoor', filters.indoor)}`);
  if (filters.free !== undefined) conditions.push(sql`${cells.free} = ${params.bind('free', filters.free)}`);
  if (filters.popular) {
    params.mark('popular');
    conditions.push(sql`${cells.popular}`);
  }
  const shift = params.bind('shift', query.level - query.zoom);
  return runPrepared<ClusterRow>(
    db,
    params.statementName('viewport_summary'),
    () =>
      db
        .select({
          count: sql<number>`sum(${cells.count})::int`,
          latitude: sql<number>`(sum(${cells.sumLatitude}) / sum(${cells.count}))::float8`,
          longitude: sql<number>`(sum(${cells.sumLongitude}) / sum(${cells.count}))::float8`,
          south: sql<number>`min(${cells.south})`,
          north: sql<number>`max(${cells.north})`,
          west: sql<number>`min(${cells.west})`,
          east: sql<number>`max(${cells.east})`,
          sampleId: sql<string>`min(${cells.sampleId}::text)`,
        })
        .from(cells)
        .where(and(...conditions))
        .groupBy(sql`${cells.cellX} >> ${shift}::int`, sql`${cells.cellY} >> ${shift}::int`),
    params.values,
  );
}
