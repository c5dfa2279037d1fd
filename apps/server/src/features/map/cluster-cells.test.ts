import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cellDegreesAt,
  cellIndex,
  cellsOfBox,
  coarserCell,
  FINEST_SUMMARY_LEVEL,
  summaryLevelFor,
} from './cluster-cells.ts';

describe('cluster cell arithmetic', () => {
  it.each([
    [0, 45],
    [2, 11.25],
    [9, 360 / 4096],
  ])('cells at zoom %i are %f° wide', (zoom, degrees) => {
    expect(cellDegreesAt(zoom)).toBe(degrees);
  });

  it.each([
    [0, 2, 0],
    [11.25, 2, 1],
    [-0.0001, 2, -1],
    [-11.25, 2, -1],
    [-11.26, 2, -2],
    [180, 2, 16],
    [-180, 2, -16],
  ])('%f° falls in cell %i at zoom %i', (coordinate, zoom, index) => {
    expect(cellIndex(coordinate, zoom)).toBe(index);
  });

  it.each([
    [0, 3],
    [3, 3],
    [4, 6],
    [9, 9],
    [10, null],
    [22, null],
  ])('zoom %i reads summary level %s', (zoom, level) => {
    expect(summaryLevelFor(zoom)).toBe(level);
  });

  it('a fine cell shifted to a coarser zoom is the cell the coordinate has there', () => {
    fc.assert(
      fc.property(
        // Coordinates as stored (7 decimals, about 1 cm); subnormal doubles would underflow.
        fc.integer({ min: -1_800_000_000, max: 1_800_000_000 }).map((tenMillionths) => tenMillionths / 1e7),
        fc.integer({ min: 0, max: FINEST_SUMMARY_LEVEL }),
        (coordinate, zoom) => {
          const fine = cellIndex(coordinate, FINEST_SUMMARY_LEVEL);
          expect(coarserCell(fine, FINEST_SUMMARY_LEVEL, zoom)).toBe(cellIndex(coordinate, zoom));
        },
      ),
    );
  });

  it('a box gives one column range, or two across the antimeridian', () => {
    expect(cellsOfBox({ west: -11.25, south: 0, east: 11.24, north: 22.5 }, 2)).toEqual({
      columns: [{ from: -1, to: 0 }],
      rows: { from: 0, to: 2 },
    });
    expect(cellsOfBox({ west: 170, south: -20, east: -170, north: -10 }, 2)).toEqual({
      columns: [
        { from: 15, to: 16 },
        { from: -16, to: -16 },
      ],
      rows: { from: -2, to: -1 },
    });
  });
});
