import type { AgeRange, ViewportResult } from '@playspot/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { buildApp } from '../../app.ts';
import { cellDegreesAt } from './cluster-summary-cells.ts';
import { lockRebuild, summaryIsStale } from './cluster-summary.repository.ts';
import { refreshClusterSummary, refreshClusterSummaryIfStale } from './cluster-summary.ts';
import { clustersInBox, pointsInBox, type Box, type ClusterRow } from './map-queries.repository.ts';

type Clusters = Extract<ViewportResult, { kind: 'clusters' }>;
interface Filters {
  indoor?: boolean;
  free?: boolean;
  ageRange?: AgeRange;
  popular?: boolean;
  recentlyAdded?: boolean;
}

const WORLD: Box = { west: -180, south: -85, east: 180, north: 85 };
// Far from the grid below, so a box around the antimeridian holds only these.
const PACIFIC: Box = { west: 170, south: -30, east: -170, north: 0 };

const queryOf = (box: Box, zoom: number, filters: Filters = {}) =>
  new URLSearchParams({
    ...Object.fromEntries(Object.entries(box).map(([key, value]) => [key, String(value)])),
    zoom: String(zoom),
    ...Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, String(value)])),
  }).toString();

/** A result's clusters and single points as comparable cells, in a fixed order. */
function cellsOfResult(result: Clusters) {
  return [
    ...result.clusters.map((c) => ({
      count: c.count,
      latitude: c.latitude,
      longitude: c.longitude,
      ...c.bounds,
    })),
    ...result.points.map((p) => ({
      count: 1,
      latitude: p.latitude,
      longitude: p.longitude,
      west: p.longitude,
      south: p.latitude,
      east: p.longitude,
      north: p.latitude,
    })),
  ].sort((a, b) => a.south - b.south || a.west - b.west);
}

function cellsOfLive(rows: ClusterRow[]) {
  return rows
    .map(({ sampleId: _sampleId, ...cell }) => cell)
    .sort((a, b) => a.south - b.south || a.west - b.west);
}

describeEachBackend('viewport cluster summary', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      clusterSummaryRefreshMs: false,
    });
    // 3000 places spread over the world between 40°S and 40°N with every filter combination,
    // 400 around the antimeridian, and a loner in the Atlantic. Only the grid is a month old.
    await database().query(sql`
      insert into locations (name, latitude, longitude, indoor, free, age_ranges, up_votes, visit_count,
        created_at, last_updated_at)
      select 'Grid ' || i, -40 + (i / 50) * 1.37, -160 + (i % 50) * 6.5 + (i % 7) * 0.01,
        (array[true, false, null])[i % 3 + 1], (array[true, false, null, true, false])[i % 5 + 1],
        case i % 4 when 0 then array['0-2', '2-5'] when 1 then array['5-12', '12+'] when 2 then array['2-5', '5-12'] else array['12+'] end,
        case when i % 7 = 0 then 1 else 0 end, case when i % 11 = 0 then 3 else 0 end,
        now() - interval '30 days', now() - interval '30 days'
      from generate_series(0, 2999) as i`);
    await database().query(sql`
      insert into locations (name, latitude, longitude, indoor)
      select 'Pacific ' || i, -20 + (i / 20) * 0.5, case when i % 2 = 0 then 175 + (i % 20) * 0.25 else -175 - (i % 20) * 0.25 end, i % 2 = 0
      from generate_series(0, 399) as i`);
    await database().query(
      sql`insert into locations (name, latitude, longitude) values ('Atlantic loner', 50, -30)`,
    );
    await refreshClusterSummary(database().db);
  });
  afterAll(async () => {
    await app.close();
  });

  const view = async (box: Box, zoom: number, filters: Filters = {}) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/locations/viewport?${queryOf(box, zoom, filters)}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<ViewportResult>();
  };

  /** The summary's answer equals grouping the locations live at the same zoom. */
  async function expectSameAsLive(box: Box, zoom: number, filters: Filters = {}) {
    const fromSummary = await view(box, zoom, filters);
    const query = { box, filters, now: new Date() };
    if (fromSummary.kind === 'points') {
      const live = await pointsInBox(database().db, query, 301);
      expect(fromSummary.points.map((p) => p.id).sort()).toEqual(live.map((p) => p.id).sort());
      return fromSummary;
    }
    const live = await clustersInBox(database().db, query, cellDegreesAt(zoom));
    expect(fromSummary.total).toBe(live.reduce((sum, cell) => sum + cell.count, 0));
    const expected = cellsOfLive(live);
    const actual = cellsOfResult(fromSummary);
    expect(actual.map(({ latitude: _a, longitude: _b, ...exact }) => exact)).toEqual(
      expected.map(({ latitude: _a, longitude: _b, ...exact }) => exact),
    );
    actual.forEach((cell, i) => {
      expect(cell.latitude).toBeCloseTo(expected[i]?.latitude ?? NaN, 9);
      expect(cell.longitude).toBeCloseTo(expected[i]?.longitude ?? NaN, 9);
    });
    return fromSummary;
  }

  it.each([0, 2, 3, 5, 7, 9])(
    'gives the same clusters and total as the live query at zoom %i',
    async (zoom) => {
      const result = await expectSameAsLive(WORLD, zoom);
      expect(result.kind).toBe('clusters');
      if (result.kind === 'clusters') expect(result.total).toBe(3401);
    },
  );

  it.each<Filters>([
    { indoor: true },
    { indoor: false, free: true },
    { free: false },
    { ageRange: '5-12' },
    { ageRange: '0-2', popular: true },
    { popular: true },
    { indoor: true, free: true, ageRange: '12+' },
  ])('applies the filters %o like the live query', async (filters) => {
    await expectSameAsLive(WORLD, 4, filters);
  });

  it('filters really narrow the summary', async () => {
    const popular = await view(WORLD, 4, { popular: true });
    const [row] = await database().query<{ count: number }>(sql`
      select count(*)::int as count from locations where 10 * (up_votes - down_votes) + visit_count + 2 * comment_count > 0`);
    expect(popular.kind).toBe('clusters');
    if (popular.kind === 'clusters') expect(popular.total).toBe(row?.count);
    expect(row?.count).toBeGreaterThan(300);
    expect(row?.count).toBeLessThan(3000);
  });

  it('answers a box across the antimeridian from both sides', async () => {
    const result = await expectSameAsLive(PACIFIC, 5);
    expect(result.kind).toBe('clusters');
    if (result.kind !== 'clusters') return;
    expect(result.total).toBe(400);
    const longitudes = cellsOfResult(result).map((cell) => cell.longitude);
    expect(longitudes.some((lng) => lng > 170)).toBe(true);
    expect(longitudes.some((lng) => lng < -170)).toBe(true);
    const indoorOnly = await expectSameAsLive(PACIFIC, 5, { indoor: true });
    expect(indoorOnly.kind === 'points' ? indoorOnly.points.length : indoorOnly.total).toBe(200);
  });

  it('sends a place alone in its cell as a point', async () => {
    const result = await view(WORLD, 3);
    expect(result.kind).toBe('clusters');
    expect(result.points.map((point) => point.latitude)).toContain(50);
  });

  it('sends points when the summary holds few places in view, and reads live for recentlyAdded', async () => {
    const few = await view({ west: -40, south: 45, east: -20, north: 55 }, 6);
    expect(few).toMatchObject({ kind: 'points', points: [{ latitude: 50, longitude: -30 }] });
    // The summary cannot tell new places apart: recentlyAdded reads the locations live.
    const recent = await view(WORLD, 2, { recentlyAdded: true });
    expect(recent).toMatchObject({ kind: 'clusters', total: 401 });
  });

  it('skips a rebuild while another process is rebuilding', async ({ skip }) => {
    // PGlite runs one transaction at a time, so nothing can hold the lock meanwhile there.
    if (database().backend !== 'postgres') skip();
    await database().query(sql`update locations set visit_count = visit_count where name = 'Atlantic loner'`);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const otherProcess = database().db.transaction(async (tx) => {
      await lockRebuild(tx);
      await held;
    });
    const advisoryLocks = async () => {
      const [row] = await database().query<{ count: number }>(
        sql`select count(*)::int as count from pg_locks
          where locktype = 'advisory' and granted
            and database = (select oid from pg_database where datname = current_database())`,
      );
      return row?.count;
    };
    await expect.poll(advisoryLocks).toBe(1);
    expect(await refreshClusterSummaryIfStale(database().db)).toBeNull();
    expect(await summaryIsStale(database().db)).toBe(true);
    release();
    await otherProcess;
    expect(await refreshClusterSummaryIfStale(database().db)).toMatchObject({ locations: 3401 });
  });

  it('shows a place added after a rebuild only after the next one', async () => {
    const before = await view(WORLD, 2);
    expect(await summaryIsStale(database().db)).toBe(false);
    expect(await refreshClusterSummaryIfStale(database().db)).toBeNull();
    await database().query(
      sql`insert into locations (name, latitude, longitude) values ('New loner', -60, 100)`,
    );
    expect(await summaryIsStale(database().db)).toBe(true);
    const stale = await view(WORLD, 2);
    expect(stale.kind === 'clusters' && stale.total).toBe(before.kind === 'clusters' && before.total);
    const build = await refreshClusterSummaryIfStale(database().db);
    expect(build?.locations).toBe(3402);
    const after = await view(WORLD, 2);
    expect(after.kind === 'clusters' && after.total).toBe(3402);
    expect(after.points.map((point) => point.latitude)).toContain(-60);
    expect(await summaryIsStale(database().db)).toBe(false);
  });

  it('never shows a half-built summary while two rebuilds run at once', async () => {
    await database().query(sql`delete from locations where name = 'New loner'`);
    const totals = new Set<number>();
    const reads = (async () => {
      for (let i = 0; i < 10; i++) {
        const result = await view(WORLD, 2);
        totals.add(result.kind === 'clusters' ? result.total : result.points.length);
      }
    })();
    const [first, second] = await Promise.all([
      refreshClusterSummary(database().db),
      refreshClusterSummary(database().db),
      reads,
    ]);
    expect(first.locations).toBe(3401);
    expect(second).toEqual(first);
    // Readers saw the summary before (with the deleted place) or after, never a part of one.
    expect([...totals].every((total) => total === 3401 || total === 3402)).toBe(true);
    const [rows] = await database().query<{ count: number }>(
      sql`select count(*)::int as count from location_cluster_cells`,
    );
    expect(rows?.count).toBe(first.cells);
    expect(await view(WORLD, 2)).toMatchObject({ kind: 'clusters', total: 3401 });
  });
});

describeEachBackend('viewport cluster summary upkeep', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      clusterSummaryRefreshMs: 50,
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('is built at start and rebuilt by the server after locations change', async () => {
    await app.ready();
    await expect.poll(() => summaryIsStale(database().db), { timeout: 5000 }).toBe(false);
    await database().query(sql`
      insert into locations (name, latitude, longitude)
      select 'Spot ' || i, (i / 20) * 0.5, (i % 20) * 0.5 from generate_series(0, 399) as i`);
    const summarised = async () => {
      const [state] = await database().query<{ count: number }>(
        sql`select location_count as count from location_cluster_summary_state`,
      );
      return state?.count;
    };
    await expect.poll(summarised, { timeout: 5000 }).toBe(400);
    const response = await app.inject({ method: 'GET', url: `/api/locations/viewport?${queryOf(WORLD, 1)}` });
    expect(response.json<ViewportResult>()).toMatchObject({ kind: 'clusters', total: 400 });
  });
});
