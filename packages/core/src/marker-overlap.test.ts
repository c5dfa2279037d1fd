import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupOverlappingMarkers, mercatorPixel, type MarkerFootprint } from './marker-overlap.ts';

/** The web map's markers: a 36 × 44 pin with its tip on the place, bubbles of 40 to 58 px. */
const FOOTPRINT: MarkerFootprint = {
  pin: { width: 36, height: 44, above: 43 },
  bubble: (count) => (count < 10 ? 40 : count < 100 ? 48 : 58),
};

interface Spot {
  id: string;
  latitude: number;
  longitude: number;
}

const spot = (id: string, latitude: number, longitude: number): Spot => ({ id, latitude, longitude });

/** Pixel footprint of every drawn marker, to check that none overlap. */
function footprints(result: ReturnType<typeof groupOverlappingMarkers<Spot>>, zoom: number) {
  return [
    ...result.places.map((place) => {
      const { x, y } = mercatorPixel(place.latitude, place.longitude, zoom);
      return { left: x - 18, right: x + 18, top: y - 43, bottom: y + 1 };
    }),
    ...result.clusters.map((cluster) => {
      const { x, y } = mercatorPixel(cluster.latitude, cluster.longitude, zoom);
      const r = FOOTPRINT.bubble(cluster.count) / 2;
      return { left: x - r, right: x + r, top: y - r, bottom: y + r };
    }),
  ];
}

function anyOverlap(boxes: ReturnType<typeof footprints>): boolean {
  return boxes.some((a, i) =>
    boxes.some(
      (b, j) => j > i && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom,
    ),
  );
}

describe('mercatorPixel', () => {
  it('puts 0,0 in the middle of the world and doubles with each zoom', () => {
    expect(mercatorPixel(0, 0, 0)).toEqual({ x: 128, y: 128 });
    expect(mercatorPixel(0, 180, 1)).toEqual({ x: 512, y: 256 });
    expect(mercatorPixel(85.05112878, -180, 0).y).toBeCloseTo(0, 3);
  });
});

describe('groupOverlappingMarkers', () => {
  // The Auckland Domain's latitude: at zoom 15 one pixel is about 3.8 m.
  const lat = -36.86;
  const lng = 174.77;

  it.each([
    // [what, metres apart east-west, zoom, bubbles expected]
    ['two pins 400 m apart at street level stay pins', 400, 16, 0],
    ['the same two, zoomed out, become one bubble of 2', 400, 12, 1],
    ['two pins 30 m apart at zoom 15 (8 px) become one bubble', 30, 15, 1],
    ['two pins 500 m apart at zoom 15 (130 px) stay pins', 500, 15, 0],
  ])('%s', (_what, metres, zoom, bubbles) => {
    const dLng = metres / (111_320 * Math.cos((lat * Math.PI) / 180));
    const result = groupOverlappingMarkers(
      [spot('a', lat, lng), spot('b', lat, lng + dLng)],
      [],
      zoom,
      FOOTPRINT,
    );
    expect(result.clusters).toHaveLength(bubbles);
    if (bubbles === 1) {
      expect(result.clusters[0]?.count).toBe(2);
      expect(result.places).toEqual([]);
      expect(result.clusters[0]?.bounds).toEqual({ west: lng, south: lat, east: lng + dLng, north: lat });
    } else {
      expect(result.places.map((place) => place.id)).toEqual(['a', 'b']);
    }
  });

  it('clusters 18 places around central Auckland, zoomed out, into bubbles that hold them all', () => {
    // As the issue found them: 18 pins within a few kilometres, seen at zoom 10.
    const places = Array.from({ length: 18 }, (_, i) =>
      spot(String(i), lat + Math.sin(i) * 0.03, lng + Math.cos(i * 1.7) * 0.04),
    );
    const result = groupOverlappingMarkers(places, [], 10, FOOTPRINT);
    expect(result.clusters.length).toBeGreaterThan(0);
    expect(result.places.length + result.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(18);
    expect(anyOverlap(footprints(result, 10))).toBe(false);
  });

  it("merges a pin into the server's bubble it overlaps, adding to its count", () => {
    const bubble = {
      count: 40,
      latitude: lat,
      longitude: lng,
      bounds: { west: lng, south: lat, east: lng, north: lat },
    };
    const result = groupOverlappingMarkers([spot('a', lat + 0.0001, lng)], [bubble], 14, FOOTPRINT);
    expect(result.places).toEqual([]);
    expect(result.clusters).toHaveLength(1);
    expect(result.clusters[0]?.count).toBe(41);
  });

  const spots = fc.array(
    fc.record({
      latitude: fc.double({ min: -36.95, max: -36.75, noNaN: true }),
      longitude: fc.double({ min: 174.6, max: 174.9, noNaN: true }),
    }),
    { maxLength: 120 },
  );

  it('never leaves two markers overlapping, and keeps every place exactly once', () => {
    fc.assert(
      fc.property(spots, fc.integer({ min: 3, max: 18 }), (points, zoom) => {
        const places = points.map((point, i) => spot(String(i), point.latitude, point.longitude));
        const result = groupOverlappingMarkers(places, [], zoom, FOOTPRINT);
        expect(anyOverlap(footprints(result, zoom))).toBe(false);
        const pinned = new Set(result.places.map((place) => place.id));
        expect(pinned.size).toBe(result.places.length);
        expect(result.places.length + result.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(
          places.length,
        );
        for (const cluster of result.clusters) {
          expect(cluster.count).toBeGreaterThanOrEqual(2);
          expect(cluster.latitude).toBeGreaterThanOrEqual(cluster.bounds.south - 1e-9);
          expect(cluster.latitude).toBeLessThanOrEqual(cluster.bounds.north + 1e-9);
        }
      }),
    );
  });

  it('is the same answer for the same places', () => {
    fc.assert(
      fc.property(spots, fc.integer({ min: 3, max: 18 }), (points, zoom) => {
        const places = points.map((point, i) => spot(String(i), point.latitude, point.longitude));
        expect(groupOverlappingMarkers(places, [], zoom, FOOTPRINT)).toEqual(
          groupOverlappingMarkers(places, [], zoom, FOOTPRINT),
        );
      }),
    );
  });
});
