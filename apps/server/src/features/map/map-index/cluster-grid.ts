/**
 * The map index's clusters for world and country views: per grid cell of each summary level
 * (cluster-cells.ts) and per filter combination, how many places, their coordinate sums and
 * bounds. Kept by every write in O(levels), so zoomed-out views are as current as street
 * views; a request reads the cells of its box at the next finer level and groups them into
 * its zoom's cells (what the precomputed SQL summary did, without its minutes of lag).
 *
 * After removals a group's bounds may be wider than its places (bounds cannot be shrunk
 * without reading the others) until the next compaction rebuilds the grid.
 */
import { cellDegreesAt, cellIndex, cellsOfBox, SUMMARY_LEVELS, type ClusterCell } from '../cluster-cells.ts';
import type { Box } from '../map-query.ts';

/** A zoom cell's aggregate; `sample` is a slot of the cell's places (-1: unknown). */
export interface GridCluster extends ClusterCell<number> {
  /** The summary cell the sample lies in when unknown (to look it up). */
  sampleCell: { level: number; x: number; y: number } | null;
}

/**
 * A cell's key at `level`: cell indexes run within ±2^(level+2) (±180° at 2^(level+3) cells
 * per 360°), so keys stay small integers, which Maps hash fastest.
 */
function cellKeyOf(level: number, x: number, y: number): number {
  const half = 2 ** (level + 2);
  return (x + half) * (2 * half + 1) + (y + half);
}

class LevelGrid {
  readonly cells = new Map<number, number[]>();
  readonly count: number[] = [];
  private readonly sumLatitude: number[] = [];
  private readonly sumLongitude: number[] = [];
  private readonly south: number[] = [];
  private readonly north: number[] = [];
  private readonly west: number[] = [];
  private readonly east: number[] = [];
  readonly sample: number[] = [];
  readonly attributes: number[] = [];
  readonly cellX: number[] = [];
  readonly cellY: number[] = [];

  readonly level: number;

  constructor(level: number) {
    this.level = level;
  }

  get groups(): number {
    return this.count.length;
  }

  /** The cell's group of places with these attributes (a cell holds a few groups). */
  private groupFor(x: number, y: number, attributes: number): number {
    const cellKey = cellKeyOf(this.level, x, y);
    const groups = this.cells.get(cellKey);
    if (groups) {
      for (const candidate of groups) if (this.attributes[candidate] === attributes) return candidate;
    }
    const group = this.count.length;
    for (const column of [this.count, this.sumLatitude, this.sumLongitude]) column.push(0);
    this.south.push(Infinity);
    this.west.push(Infinity);
    this.north.push(-Infinity);
    this.east.push(-Infinity);
    this.sample.push(-1);
    this.attributes.push(attributes);
    this.cellX.push(x);
    this.cellY.push(y);
    if (groups) groups.push(group);
    else this.cells.set(cellKey, [group]);
    return group;
  }

  add(slot: number, latitude: number, longitude: number, attributes: number): void {
    const group = this.groupFor(
      cellIndex(longitude, this.level),
      cellIndex(latitude, this.level),
      attributes,
    );
    const count = (this.count[group] ?? 0) + 1;
    this.count[group] = count;
    this.sumLatitude[group] = (this.sumLatitude[group] ?? 0) + latitude;
    this.sumLongitude[group] = (this.sumLongitude[group] ?? 0) + longitude;
    this.south[group] = Math.min(this.south[group] ?? Infinity, latitude);
    this.north[group] = Math.max(this.north[group] ?? -Infinity, latitude);
    this.west[group] = Math.min(this.west[group] ?? Infinity, longitude);
    this.east[group] = Math.max(this.east[group] ?? -Infinity, longitude);
    if (count === 1) this.sample[group] = slot;
  }

  remove(slot: number, latitude: number, longitude: number, attributes: number): void {
    const group = this.groupFor(
      cellIndex(longitude, this.level),
      cellIndex(latitude, this.level),
      attributes,
    );
    const count = (this.count[group] ?? 0) - 1;
    this.count[group] = Math.max(0, count);
    if (count <= 0) {
      // Empty: start afresh, so no rounding is left over from the sums.
      this.sumLatitude[group] = 0;
      this.sumLongitude[group] = 0;
      this.south[group] = Infinity;
      this.west[group] = Infinity;
      this.north[group] = -Infinity;
      this.east[group] = -Infinity;
      this.sample[group] = -1;
      return;
    }
    this.sumLatitude[group] = (this.sumLatitude[group] ?? 0) - latitude;
    this.sumLongitude[group] = (this.sumLongitude[group] ?? 0) - longitude;
    if (this.sample[group] === slot) this.sample[group] = -1;
  }

  /** The groups of the box's cells, each passed to `visit` (either by cell or all at once). */
  forEachGroupInBox(box: Box, visit: (group: number) => void): void {
    const { columns, rows } = cellsOfBox(box, this.level);
    const probes =
      columns.reduce((sum, range) => sum + (range.to - range.from + 1), 0) * (rows.to - rows.from + 1);
    if (probes > this.cells.size) {
      // A box far wider than its zoom needs: walking the cells present is cheaper.
      for (let group = 0; group < this.count.length; group++) {
        const x = this.cellX[group] ?? 0;
        const y = this.cellY[group] ?? 0;
        if (y < rows.from || y > rows.to) continue;
        if (columns.some((range) => x >= range.from && x <= range.to)) visit(group);
      }
      return;
    }
    for (const range of columns) {
      for (let x = range.from; x <= range.to; x++) {
        for (let y = rows.from; y <= rows.to; y++) {
          const groups = this.cells.get(cellKeyOf(this.level, x, y));
          if (groups) for (const group of groups) visit(group);
        }
      }
    }
  }

  /** Adds a group into a zoom cell's aggregate. */
  addInto(cluster: GridCluster, group: number): void {
    cluster.count += this.count[group] ?? 0;
    cluster.latitude += this.sumLatitude[group] ?? 0;
    cluster.longitude += this.sumLongitude[group] ?? 0;
    cluster.south = Math.min(cluster.south, this.south[group] ?? Infinity);
    cluster.north = Math.max(cluster.north, this.north[group] ?? -Infinity);
    cluster.west = Math.min(cluster.west, this.west[group] ?? Infinity);
    cluster.east = Math.max(cluster.east, this.east[group] ?? -Infinity);
    const sample = this.sample[group] ?? -1;
    if (sample >= 0) cluster.sample = sample;
    else if (cluster.sample < 0)
      cluster.sampleCell = { level: this.level, x: this.cellX[group] ?? 0, y: this.cellY[group] ?? 0 };
  }
}

export class ClusterGrid {
  private readonly levels = new Map<number, LevelGrid>(
    SUMMARY_LEVELS.map((level) => [level, new LevelGrid(level)]),
  );

  add(slot: number, latitude: number, longitude: number, attributes: number): void {
    for (const grid of this.levels.values()) grid.add(slot, latitude, longitude, attributes);
  }

  remove(slot: number, latitude: number, longitude: number, attributes: number): void {
    for (const grid of this.levels.values()) grid.remove(slot, latitude, longitude, attributes);
  }

  /**
   * The box's places at `level` grouped into the cells of `zoom` (≤ level), counting the
   * groups whose attributes `matches` accepts. Cells on the box's edge count their whole
   * summary cell.
   */
  clusters(box: Box, zoom: number, level: number, matches: (attributes: number) => boolean): GridCluster[] {
    const grid = this.levels.get(level);
    if (!grid) throw new Error(`no cluster level ${level}`);
    const shift = level - zoom;
    const byCell = new Map<number, GridCluster>();
    grid.forEachGroupInBox(box, (group) => {
      if ((grid.count[group] ?? 0) === 0 || !matches(grid.attributes[group] ?? 0)) return;
      const key = cellKeyOf(zoom, (grid.cellX[group] ?? 0) >> shift, (grid.cellY[group] ?? 0) >> shift);
      let cluster = byCell.get(key);
      if (!cluster) {
        cluster = {
          count: 0,
          latitude: 0,
          longitude: 0,
          south: Infinity,
          north: -Infinity,
          west: Infinity,
          east: -Infinity,
          sample: -1,
          sampleCell: null,
        };
        byCell.set(key, cluster);
      }
      grid.addInto(cluster, group);
    });
    const clusters = [...byCell.values()];
    for (const cluster of clusters) {
      cluster.latitude /= cluster.count;
      cluster.longitude /= cluster.count;
    }
    return clusters;
  }

  /** After a compaction: each group's sample slot under its new number. */
  renumber(newSlots: Int32Array): void {
    for (const grid of this.levels.values()) {
      for (let group = 0; group < grid.sample.length; group++) {
        const sample = grid.sample[group] ?? -1;
        if (sample >= 0) grid.sample[group] = newSlots[sample] ?? -1;
      }
    }
  }

  /** The box of a summary cell (edges included: callers check `inCell`). */
  cellBox(cell: { level: number; x: number; y: number }): Box {
    const degrees = cellDegreesAt(cell.level);
    return {
      west: cell.x * degrees,
      east: (cell.x + 1) * degrees,
      south: cell.y * degrees,
      north: (cell.y + 1) * degrees,
    };
  }

  inCell(cell: { level: number; x: number; y: number }, latitude: number, longitude: number): boolean {
    return cellIndex(longitude, cell.level) === cell.x && cellIndex(latitude, cell.level) === cell.y;
  }

  /** Groups at all levels (for the status line and the memory estimate). */
  get groups(): number {
    let groups = 0;
    for (const grid of this.levels.values()) groups += grid.groups;
    return groups;
  }
}
