/**
 * The map's reads from SQL (map-queries.repository.ts): what answers while the map index
 * builds and with `MAP_INDEX=off`, and what the tests compare the index with.
 */
import type { ConditionBrief, MapPoint, ViewportQuery, ViewportResult } from '@playspot/core';
import type { Database } from '../../db/client.ts';
import type { MapReader } from './map-reader.ts';
import type { NearQuery, PlaceHit } from './map-query.ts';
import * as mapQueries from './map-queries.repository.ts';
import { clustersResult, decideViewport } from './viewport.ts';

export interface SqlReaderDeps {
  db: Database;
  /** Live conditions of these places in brief (features/conditions); none when absent. */
  conditionsOf?: ((locationIds: string[]) => Promise<ReadonlyMap<string, ConditionBrief[]>>) | undefined;
  now: () => Date;
}

const toMapPoint = (row: mapQueries.MapPointRow): MapPoint => ({
  id: row.id,
  name: row.name,
  latitude: row.latitude,
  longitude: row.longitude,
  indoor: row.indoor,
  free: row.free,
  ageRanges: row.ageRanges,
  votes: { up: row.upVotes, down: row.downVotes },
});

export type SqlReader = MapReader & {
  /** A page of places newest first (no centre: only SQL keeps that order). */
  newest(query: NearQuery<null>): Promise<PlaceHit[]>;
};

export function createSqlReader(deps: SqlReaderDeps): SqlReader {
  const { db } = deps;
  const conditionsOf = async (ids: string[]): Promise<ReadonlyMap<string, ConditionBrief[]>> =>
    deps.conditionsOf && ids.length > 0 ? deps.conditionsOf(ids) : new Map<string, ConditionBrief[]>();

  /** The viewport from SQL: the decision of viewport.ts over the box's rows and cells. */
  async function viewportFromSql(query: ViewportQuery): Promise<ViewportResult> {
    const boxQuery = { box: query, filters: query, now: deps.now() };
    const decision = await decideViewport(query, {
      pointsInBox: (atMost) => mapQueries.pointsInBox(db, boxQuery, atMost),
      cellsInBox: (cellDegrees) => mapQueries.clustersInBox(db, boxQuery, cellDegrees),
    });
    if (decision.kind === 'points') return { kind: 'points', points: decision.points.map(toMapPoint) };
    // Cells holding one place become that place's point, the others clusters.
    const singles = decision.cells.filter((cell) => cell.count === 1).map((cell) => cell.sample);
    const points = await mapQueries.mapPointsByIds(db, singles);
    return clustersResult(decision.cells, points.map(toMapPoint));
  }

  /** Markers say which live conditions are reported at their places (a badge on the pin). */
  async function withPointConditions(result: ViewportResult): Promise<ViewportResult> {
    const live = await conditionsOf(result.points.map((point) => point.id));
    if (live.size === 0) return result;
    const points = result.points.map((point) => {
      const kinds = [...new Set((live.get(point.id) ?? []).map((condition) => condition.kind))];
      return kinds.length === 0 ? point : { ...point, conditions: kinds };
    });
    return { ...result, points };
  }

  return {
    source: 'sql',
    near: (query) => mapQueries.nearPlaces(db, query),
    newest: (query) => mapQueries.nearPlaces(db, query),
    viewport: async (query) => withPointConditions(await viewportFromSql(query)),
    summariesOf: async () => null,
  };
}
