import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import distance from '@turf/distance';
import { EARTH_RADIUS_KM } from './constants.ts';
import {
  boundingBoxContains,
  destinationPoint,
  haversineKm,
  isValidLatLng,
  isWithinRadius,
  kmToLatitudeDegrees,
  kmToLongitudeDegrees,
  normalizeLongitude,
  radiusToBoundingBox,
  type LatLng,
} from './geo.ts';

const latLng = fc.record({
  lat: fc.double({ min: -90, max: 90, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
});

/** Turf's earth radius is 6371.0088 km; rescale its answer to our R = 6371 km. */
const TURF_TO_OURS = EARTH_RADIUS_KM / 6371.0088;

const auckland: LatLng = { lat: -36.848461, lng: 174.763336 };
const wellington: LatLng = { lat: -41.2865, lng: 174.7762 };

describe('haversineKm', () => {
  it.each<[string, LatLng, LatLng, number]>([
    ['one degree of latitude', { lat: 0, lng: 0 }, { lat: 1, lng: 0 }, (Math.PI * EARTH_RADIUS_KM) / 180],
    ['a quarter of the equator', { lat: 0, lng: 0 }, { lat: 0, lng: 90 }, (Math.PI * EARTH_RADIUS_KM) / 2],
    ['pole to pole', { lat: 90, lng: 0 }, { lat: -90, lng: 0 }, Math.PI * EARTH_RADIUS_KM],
    [
      'across the antimeridian',
      { lat: 0, lng: 179.5 },
      { lat: 0, lng: -179.5 },
      (Math.PI * EARTH_RADIUS_KM) / 180,
    ],
    ['the same point', auckland, auckland, 0],
    ['-180 and 180 are the same meridian', { lat: 10, lng: -180 }, { lat: 10, lng: 180 }, 0],
  ])('%s', (_name, a, b, expected) => {
    expect(haversineKm(a, b)).toBeCloseTo(expected, 9);
  });

  it('Auckland to Wellington is about 494 km', () => {
    expect(haversineKm(auckland, wellington)).toBeCloseTo(493.6, 0);
  });

  it.each<[LatLng]>([
    [{ lat: 90.0001, lng: 0 }],
    [{ lat: 0, lng: -180.5 }],
    [{ lat: Number.NaN, lng: 0 }],
    [{ lat: 0, lng: Number.POSITIVE_INFINITY }],
  ])('rejects the invalid coordinate %o', (bad) => {
    expect(isValidLatLng(bad)).toBe(false);
    expect(() => haversineKm(bad, auckland)).toThrow(RangeError);
  });

  it('agrees with @turf/distance (rescaled to R = 6371 km) to 1e-9 relative error', () => {
    fc.assert(
      fc.property(latLng, latLng, (a, b) => {
        const ours = haversineKm(a, b);
        const turf = distance([a.lng, a.lat], [b.lng, b.lat], { units: 'kilometers' }) * TURF_TO_OURS;
        expect(Math.abs(ours - turf)).toBeLessThanOrEqual(1e-9 * Math.max(turf, 1e-9));
      }),
      { numRuns: 2000 },
    );
  });

  it('is symmetric, zero on identity and at most half the circumference', () => {
    fc.assert(
      fc.property(latLng, latLng, (a, b) => {
        const d = haversineKm(a, b);
        expect(haversineKm(b, a)).toBe(d);
        expect(haversineKm(a, a)).toBe(0);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(Math.PI * EARTH_RADIUS_KM);
      }),
    );
  });
});

describe('isWithinRadius', () => {
  it.each<[number | null, boolean]>([
    [null, true],
    [500, true],
    [490, false],
    [0, false],
  ])('Wellington within %s km of Auckland: %s', (radius, expected) => {
    expect(isWithinRadius(auckland, wellington, radius)).toBe(expected);
  });

  it('includes a point exactly on the centre for radius 0', () => {
    expect(isWithinRadius(auckland, auckland, 0)).toBe(true);
  });

  it.each([-1, Number.NaN])('rejects the radius %d', (radius) => {
    expect(() => isWithinRadius(auckland, wellington, radius)).toThrow(RangeError);
  });
});

describe('spec conversion km → degrees', () => {
  it('uses 111.32 km per degree of latitude, longitude scaled by cos(latitude)', () => {
    expect(kmToLatitudeDegrees(111.32)).toBe(1);
    expect(kmToLongitudeDegrees(111.32, 60)).toBeCloseTo(2, 12);
  });
});

describe('radiusToBoundingBox', () => {
  it('is a plain box around a mid-latitude centre', () => {
    const box = radiusToBoundingBox(auckland, 50);
    expect(box.west).toBeLessThan(auckland.lng);
    expect(box.east).toBeGreaterThan(auckland.lng);
    expect(box.north - auckland.lat).toBeCloseTo(50 / ((Math.PI * EARTH_RADIUS_KM) / 180), 8);
    expect(box.west).toBeLessThan(box.east);
  });

  it('covers the points due north and due east at exactly the radius, which the 111.32 km/° box misses', () => {
    const radius = 50;
    const north = destinationPoint(auckland, 0, radius);
    const box = radiusToBoundingBox(auckland, radius);
    expect(boundingBoxContains(box, north)).toBe(true);
    // The spec's conversion alone gives a box about 0.1% too small for haversine distances.
    expect(auckland.lat + kmToLatitudeDegrees(radius)).toBeLessThan(north.lat);
  });

  it('crosses the antimeridian as west > east', () => {
    const box = radiusToBoundingBox({ lat: -17.7, lng: 179.9 }, 100);
    expect(box.west).toBeGreaterThan(box.east);
    expect(boundingBoxContains(box, { lat: -17.7, lng: -179.9 })).toBe(true);
    expect(boundingBoxContains(box, { lat: -17.7, lng: 180 })).toBe(true);
    expect(boundingBoxContains(box, { lat: -17.7, lng: 0 })).toBe(false);
  });

  it.each<[LatLng, number]>([
    [{ lat: 89.9, lng: 10 }, 50],
    [{ lat: -89.5, lng: -170 }, 100],
    [{ lat: 90, lng: 0 }, 1],
    [{ lat: 0, lng: 0 }, 25_000],
  ])('spans every longitude when the circle around %o (%i km) reaches a pole', (center, radius) => {
    const box = radiusToBoundingBox(center, radius);
    expect(box.west).toBe(-180);
    expect(box.east).toBe(180);
    expect(box.south).toBeGreaterThanOrEqual(-90);
    expect(box.north).toBeLessThanOrEqual(90);
  });

  it('is a (nearly) zero-size box for radius 0', () => {
    const box = radiusToBoundingBox(auckland, 0);
    expect(box.north - box.south).toBeLessThan(1e-8);
    expect(boundingBoxContains(box, auckland)).toBe(true);
  });

  it('rejects an invalid centre or radius', () => {
    expect(() => radiusToBoundingBox({ lat: 91, lng: 0 }, 1)).toThrow(RangeError);
    expect(() => radiusToBoundingBox(auckland, -1)).toThrow(RangeError);
  });

  it('always contains every point within the radius', () => {
    const fraction = fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true }));
    fc.assert(
      fc.property(
        latLng,
        fc.double({ min: 0, max: 5000, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fraction,
        (center, radius, bearing, f) => {
          const point = destinationPoint(center, bearing, radius * f);
          fc.pre(haversineKm(center, point) <= radius);
          expect(boundingBoxContains(radiusToBoundingBox(center, radius), point)).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('keeps its sides in range', () => {
    fc.assert(
      fc.property(latLng, fc.double({ min: 0, max: 30_000, noNaN: true }), (center, radius) => {
        const box = radiusToBoundingBox(center, radius);
        expect(box.south).toBeGreaterThanOrEqual(-90);
        expect(box.north).toBeLessThanOrEqual(90);
        expect(box.south).toBeLessThanOrEqual(box.north);
        expect(Math.abs(box.west)).toBeLessThanOrEqual(180);
        expect(Math.abs(box.east)).toBeLessThanOrEqual(180);
      }),
    );
  });
});

describe('destinationPoint and normalizeLongitude', () => {
  it.each([
    [190, -170],
    [-190, 170],
    [180, -180],
    [0, 0],
    [540, -180],
  ])('normalizeLongitude(%d) = %d', (input, expected) => {
    expect(normalizeLongitude(input)).toBe(expected);
  });

  it('travels the requested distance, also right next to a pole', () => {
    fc.assert(
      fc.property(
        latLng,
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 10_000, noNaN: true }),
        (start, bearing, km) => {
          expect(Math.abs(haversineKm(start, destinationPoint(start, bearing, km)) - km)).toBeLessThan(1e-8);
        },
      ),
    );
  });
});
