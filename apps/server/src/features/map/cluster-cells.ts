/**
 * Grid cell arithmetic shared by the live clusters query and the map index's cluster grid.
 * A zoom's cells are CLUSTER_CELLS_PER_TILE per 256 px map tile; each zoom halves the cell
 * size, so a cell of zoom z is exactly 2^(L−z) × 2^(L−z) cells of a finer level L, and a fine
 * cell index becomes the coarse one by an arithmetic shift (floor division by a power of two).
 */
import type { Box } from './map-query.ts';

/**
 * A grid cell of the map as both readers answer it: how many places, their mean position and
 * bounds, and `sample`, the place shown as a marker when the cell holds one (an id from SQL,
 * an index slot from the map index, -1 there when unknown).
 */
export interface ClusterCell<Sample> {
  count: number;
  latitude: number;
  longitude: number;
  south: number;
  north: number;
  west: number;
  east: number;
  sample: Sample;
}

/** Grid cells per 256 px map tile when clustering (cells of about 32 px). */
export const CLUSTER_CELLS_PER_TILE = 8;

/**
 * Zooms the cluster grid keeps cells for, coarsest first. A request at zoom z reads the coarsest
 * level at least as fine as z (few rows for the world view); above the last level the map
 * reads the places directly.
 */
export const SUMMARY_LEVELS = [3, 6, 9] as const;
export const FINEST_SUMMARY_LEVEL = SUMMARY_LEVELS[SUMMARY_LEVELS.length - 1] ?? 0;

/** Cell edge in degrees at `zoom` (360° × 2^−(zoom+3): exact in floating point). */
export function cellDegreesAt(zoom: number): number {
  return 360 / 2 ** zoom / CLUSTER_CELLS_PER_TILE;
}

/** The cell index of a coordinate at `zoom`, as the SQL `floor(coordinate / cellDegrees)`. */
export function cellIndex(coordinate: number, zoom: number): number {
  return Math.floor(coordinate / cellDegreesAt(zoom));
}

/** The summary level a request at `zoom` reads, or null when only live data is fine enough. */
export function summaryLevelFor(zoom: number): number | null {
  return SUMMARY_LEVELS.find((level) => level >= zoom) ?? null;
}

/** Inclusive range of cell indexes. */
export interface CellRange {
  from: number;
  to: number;
}

/**
 * The cells of `level` a box touches: one column range, or two when the box crosses the
 * antimeridian (west > east covers [west, 180] and [-180, east]).
 */
export function cellsOfBox(box: Box, level: number): { columns: CellRange[]; rows: CellRange } {
  const rows = { from: cellIndex(box.south, level), to: cellIndex(box.north, level) };
  if (box.west <= box.east) {
    return { columns: [{ from: cellIndex(box.west, level), to: cellIndex(box.east, level) }], rows };
  }
  return {
    columns: [
      { from: cellIndex(box.west, level), to: cellIndex(180, level) },
      { from: cellIndex(-180, level), to: cellIndex(box.east, level) },
    ],
    rows,
  };
}

/** The index at a coarser zoom of a cell of a finer one (floor division, also below zero). */
export function coarserCell(index: number, fromZoom: number, toZoom: number): number {
  return index >> (fromZoom - toZoom);
}
