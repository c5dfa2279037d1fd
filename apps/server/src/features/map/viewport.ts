/**
 * The one viewport decision, "points or clusters", for both readers (the map index's,
 * synchronous, and the SQL's, asynchronous), and the clusters answer's shape.
 */
import type { MapPoint, ViewportQuery, ViewportResult } from '@playspot/core';
import { cellDegreesAt, summaryLevelFor, type ClusterCell } from './cluster-cells.ts';

/** Up to this many places in view are sent as points; more are clustered. */
export const VIEWPORT_POINT_LIMIT = 300;

type Maybe<T> = T | Promise<T>;

/** `next` of a value, at once when it is one (the index's reads), after it when a promise (SQL). */
function andThen<A, B>(value: Maybe<A>, next: (value: A) => Maybe<B>): Maybe<B> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** What a reader can read of a viewport's box (filters and time are the reader's to apply). */
export interface ViewportReads<Point, Sample> {
  /**
   * The cluster grid's cells of `level` grouped into the query's zoom cells, for readers that
   * keep a grid; null when the filters ask for what the grid does not keep.
   */
  gridCells?: (level: number) => Maybe<ClusterCell<Sample>[] | null>;
  /** At most `atMost` of the box's places. */
  pointsInBox: (atMost: number) => Maybe<Point[]>;
  /** The box's places grouped into grid cells of `cellDegrees`. */
  cellsInBox: (cellDegrees: number) => Maybe<ClusterCell<Sample>[]>;
}

export type ViewportDecision<Point, Sample> =
  { kind: 'points'; points: Point[] } | { kind: 'clusters'; cells: ClusterCell<Sample>[] };

const totalOf = (cells: readonly ClusterCell<unknown>[]) => cells.reduce((sum, cell) => sum + cell.count, 0);

/**
 * Points when few are in view; grid clusters (count, centre, bounds) when many. World and
 * country zooms group the cluster grid's cells (a cell on the box's edge counts whole) unless
 * they hold few places, `recentlyAdded` asks, or the reader keeps no grid; closer zooms group
 * the places in the box. One more point than fits is read, so the common case is one read.
 */
function decide<Point, Sample>(
  query: ViewportQuery,
  reads: ViewportReads<Point, Sample>,
): Maybe<ViewportDecision<Point, Sample>> {
  const level = query.recentlyAdded ? null : summaryLevelFor(query.zoom);
  const grid = level === null || !reads.gridCells ? null : reads.gridCells(level);
  return andThen(grid, (gridCells): Maybe<ViewportDecision<Point, Sample>> => {
    if (gridCells && totalOf(gridCells) > VIEWPORT_POINT_LIMIT) return { kind: 'clusters', cells: gridCells };
    return andThen(reads.pointsInBox(VIEWPORT_POINT_LIMIT + 1), (points) =>
      points.length <= VIEWPORT_POINT_LIMIT
        ? { kind: 'points' as const, points }
        : andThen(reads.cellsInBox(cellDegreesAt(query.zoom)), (cells) => ({
            kind: 'clusters' as const,
            cells,
          })),
    );
  });
}

/** The decision from synchronous reads (the map index: one answer never mixes two states). */
export function decideViewportNow<Point, Sample>(
  query: ViewportQuery,
  reads: ViewportReads<Point, Sample> & {
    gridCells?: (level: number) => ClusterCell<Sample>[] | null;
    pointsInBox: (atMost: number) => Point[];
    cellsInBox: (cellDegrees: number) => ClusterCell<Sample>[];
  },
): ViewportDecision<Point, Sample> {
  const decision = decide(query, reads);
  if (decision instanceof Promise) throw new Error('synchronous viewport reads gave a promise');
  return decision;
}

/** The decision from asynchronous reads (SQL). */
export async function decideViewport<Point, Sample>(
  query: ViewportQuery,
  reads: ViewportReads<Point, Sample>,
): Promise<ViewportDecision<Point, Sample>> {
  return decide(query, reads);
}

/** The clusters answer: `points` are the places of cells holding one, the other cells clusters. */
export function clustersResult(cells: readonly ClusterCell<unknown>[], points: MapPoint[]): ViewportResult {
  return {
    kind: 'clusters',
    total: totalOf(cells),
    points,
    clusters: cells
      .filter((cell) => cell.count > 1)
      .map((cell) => ({
        count: cell.count,
        latitude: cell.latitude,
        longitude: cell.longitude,
        bounds: { west: cell.west, south: cell.south, east: cell.east, north: cell.north },
      })),
  };
}
