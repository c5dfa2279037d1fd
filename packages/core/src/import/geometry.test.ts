import { describe, expect, it } from 'vitest';
import { lineCentre, polygonsCentroid, type Position } from './geometry.ts';

const square = (x: number, y: number, size: number): Position[] => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

describe('polygonsCentroid', () => {
  it('is the middle of a square, whatever its winding', () => {
    expect(polygonsCentroid([[square(10, 50, 2)]])).toEqual({ lng: 11, lat: 51 });
    expect(polygonsCentroid([[square(10, 50, 2).reverse()]])).toEqual({ lng: 11, lat: 51 });
  });

  it('weights by area, not by vertex count', () => {
    // An L-shape: a 2×1 bar plus a 1×1 block on its left end, with extra vertices on one side.
    const shape: Position[] = [
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 2],
      [0.5, 2],
      [0.25, 2],
      [0, 2],
      [0, 0],
    ];
    const centre = polygonsCentroid([[shape]]);
    expect(centre?.lng).toBeCloseTo(5 / 6, 10);
    expect(centre?.lat).toBeCloseTo(5 / 6, 10);
  });

  it('subtracts holes', () => {
    const centre = polygonsCentroid([[square(0, 0, 4), square(2, 0, 2)]]);
    // 16 − 4 = 12 of area; the hole pulls the centre left and up.
    expect(centre?.lng).toBeCloseTo((16 * 2 - 4 * 3) / 12, 10);
    expect(centre?.lat).toBeCloseTo((16 * 2 - 4 * 1) / 12, 10);
  });

  it('combines the parts of a multipolygon by area', () => {
    const centre = polygonsCentroid([[square(0, 0, 1)], [square(10, 0, 1)]]);
    expect(centre).toEqual({ lng: 5.5, lat: 0.5 });
  });

  it('falls back to the average vertex of a degenerate ring, and null for nothing', () => {
    expect(
      polygonsCentroid([
        [
          [
            [1, 1],
            [3, 3],
            [1, 1],
          ],
        ],
      ]),
    ).toEqual({ lng: 5 / 3, lat: 5 / 3 });
    expect(polygonsCentroid([])).toBeNull();
  });
});

describe('lineCentre', () => {
  it('averages the vertices', () => {
    expect(
      lineCentre([
        [0, 0],
        [2, 4],
      ]),
    ).toEqual({ lng: 1, lat: 2 });
    expect(lineCentre([])).toBeNull();
  });
});
