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
 * per 360°), so keys stay small integers (below 2^24 at level 9).
 */
function cellKeyOf(level: number, x: number, y: number): number {
  const half = 2 ** (level + 2);
  return (x + half) * (2 * half + 1) + (y + half);
}

const EMPTY = -1;

/** A new column of `length` entries with the first `used` of `from`. */
function grown<T extends Int32Array | Float64Array | Uint16Array>(from: T, length: number, fill: number): T {
  const to = new (from.constructor as new (length: number) => T)(length);
  to.set(from);
  to.fill(fill, from.length);
  return to;
}

/**
 * One level's groups in typed arrays (about 80 bytes a group, no object per group or cell),
 * found by an open-addressing table on (cell, attributes), and each cell's groups as a list
 * in the order they were made (a read sums them in that order: the same doubles as before).
 */
class LevelGrid {
  readonly level: number;
  groups = 0;
  /** Cells with at least one group. */
  cells = 0;
  count = new Int32Array(64);
  private sumLatitude = new Float64Array(64);
  private sumLongitude = new Float64Array(64);
  private south = new Float64Array(64).fill(Infinity);
  private north = new Float64Array(64).fill(-Infinity);
  private west = new Float64Array(64).fill(Infinity);
  private east = new Float64Array(64).fill(-Infinity);
  sample = new Int32Array(64).fill(-1);
  attributes = new Uint16Array(64);
  cellX = new Int32Array(64);
  cellY = new Int32Array(64);
  private cellKey = new Int32Array(64);
  /** The next group of the same cell, or EMPTY. */
  private nextInCell = new Int32Array(64).fill(EMPTY);
  /** Groups by (cell, attributes); EMPTY where free. */
  private byKey = new Int32Array(256).fill(EMPTY);
  /** Each cell's first and last group, by cell key (in the slots of `cellTable`). */
  private cellTable = new Int32Array(256).fill(EMPTY);
  private cellFirst = new Int32Array(256).fill(EMPTY);
  private cellLast = new Int32Array(256).fill(EMPTY);

  constructor(level: number) {
    this.level = level;
  }

  /** The cell's group of places with these attributes, made when there is none. */
  private groupFor(x: number, y: number, attributes: number): number {
    const cellKey = cellKeyOf(this.level, x, y);
    const mask = this.byKey.length - 1;
    let at = (Math.imul(cellKey, 0x9e3779b1) ^ Math.imul(attributes + 1, 0x85ebca6b)) & mask;
    for (;;) {
      const group = this.byKey[at] ?? EMPTY;
      if (group === EMPTY) break;
      if (this.cellKey[group] === cellKey && this.attributes[group] === attributes) return group;
      at = (at + 1) & mask;
    }
    const group = this.groups++;
    if (group === this.count.length) this.growColumns();
    this.attributes[group] = attributes;
    this.cellX[group] = x;
    this.cellY[group] = y;
    this.cellKey[group] = cellKey;
    this.byKey[at] = group;
    this.appendToCell(cellKey, group);
    if (this.groups * 2 > this.byKey.length) this.growTables();
    return group;
  }

  /** The slot of `cellTable` holding the cell, or the free slot where it would go. */
  private cellSlot(cellKey: number): number {
    const mask = this.cellTable.length - 1;
    let at = Math.imul(cellKey, 0x9e3779b1) & mask;
    for (;;) {
      const key = this.cellTable[at] ?? EMPTY;
      if (key === EMPTY || key === cellKey) return at;
      at = (at + 1) & mask;
    }
  }

  private appendToCell(cellKey: number, group: number): void {
    const at = this.cellSlot(cellKey);
    const last = this.cellLast[at] ?? EMPTY;
    if (last === EMPTY) {
      this.cellTable[at] = cellKey;
      this.cellFirst[at] = group;
      this.cells++;
    } else {
      this.nextInCell[last] = group;
    }
    this.cellLast[at] = group;
  }

  private growColumns(): void {
    const length = this.count.length * 2;
    this.count = grown(this.count, length, 0);
    this.sumLatitude = grown(this.sumLatitude, length, 0);
    this.sumLongitude = grown(this.sumLongitude, length, 0);
    this.south = grown(this.south, length, Infinity);
    this.north = grown(this.north, length, -Infinity);
    this.west = grown(this.west, length, Infinity);
    this.east = grown(this.east, length, -Infinity);
    this.sample = grown(this.sample, length, -1);
    this.attributes = grown(this.attributes, length, 0);
    this.cellX = grown(this.cellX, length, 0);
    this.cellY = grown(this.cellY, length, 0);
    this.cellKey = grown(this.cellKey, length, 0);
    this.nextInCell = grown(this.nextInCell, length, EMPTY);
  }

  /** Both tables at twice the size, every group and cell put in again (in group order). */
  private growTables(): void {
    const length = this.byKey.length * 2;
    this.byKey = new Int32Array(length).fill(EMPTY);
    this.cellTable = new Int32Array(length).fill(EMPTY);
    this.cellFirst = new Int32Array(length).fill(EMPTY);
    this.cellLast = new Int32Array(length).fill(EMPTY);
    this.nextInCell.fill(EMPTY);
    this.cells = 0;
    const mask = length - 1;
    for (let group = 0; group < this.groups; group++) {
      const cellKey = this.cellKey[group] ?? 0;
      let at =
        (Math.imul(cellKey, 0x9e3779b1) ^ Math.imul((this.attributes[group] ?? 0) + 1, 0x85ebca6b)) & mask;
      while ((this.byKey[at] ?? EMPTY) !== EMPTY) at = (at + 1) & mask;
      this.byKey[at] = group;
      this.appendToCell(cellKey, group);
    }
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
    if (latitude < (this.south[group] ?? Infinity)) this.south[group] = latitude;
    if (latitude > (this.north[group] ?? -Infinity)) this.north[group] = latitude;
    if (longitude < (this.west[group] ?? Infinity)) this.west[group] = longitude;
    if (longitude > (this.east[group] ?? -Infinity)) this.east[group] = longitude;
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
    if (probes > this.cells) {
      // A box far wider than its zoom needs: walking the cells present is cheaper.
      for (let group = 0; group < this.groups; group++) {
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
          const at = this.cellSlot(cellKeyOf(this.level, x, y));
          for (
            let group = this.cellFirst[at] ?? EMPTY;
            group !== EMPTY;
            group = this.nextInCell[group] ?? EMPTY
          )
            visit(group);
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

  /** Bytes held by the columns and tables. */
  get byteLength(): number {
    const columns: { byteLength: number }[] = [
      this.count,
      this.sumLatitude,
      this.sumLongitude,
      this.south,
      this.north,
      this.west,
    ];
    columns.push(
      this.east,
      this.sample,
      this.attributes,
      this.cellX,
      this.cellY,
      this.cellKey,
      this.nextInCell,
    );
    const tables = [this.byKey, this.cellTable, this.cellFirst, this.cellLast];
    return [...columns, ...tables].reduce((sum, column) => sum + column.byteLength, 0);
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
      for (let group = 0; group < grid.groups; group++) {
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

  /** Bytes held by all levels' columns and tables. */
  get byteLength(): number {
    let bytes = 0;
    for (const grid of this.levels.values()) bytes += grid.byteLength;
    return bytes;
  }

  /** Groups at all levels (for the status line and the memory estimate). */
  get groups(): number {
    let groups = 0;
    for (const grid of this.levels.values()) groups += grid.groups;
    return groups;
  }
}
