import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import distance from '@turf/distance';
import { CENTER_WITHOUT_RADIUS_RADIUS, EARTH_RADIUS_KM } from './constants.ts';
import {
  bearingDegrees,
  boundingBoxContains,
  compassPoint,
  describeNear,
  destinationPoint,
  distanceKm,
  distanceParts,
  distanceToPlaceKm,
  formatDistance,
  givenCentre,
  haversineKm,
  isValidLatLng,
  isWithinRadius,
  KM_PER_MILE,
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

describe('formatDistance', () => {
  it.each([
    [0, '10 m'],
    [0.004, '10 m'],
    [0.06, '60 m'],
    [0.0649, '60 m'],
    [0.065, '70 m'],
    [0.4, '400 m'],
    [0.99, '990 m'],
    [0.9961, '1.0 km'],
    [1, '1.0 km'],
    [1.24, '1.2 km'],
    [1.25, '1.3 km'],
    [9.94, '9.9 km'],
    [9.96, '10 km'],
    [12.4, '12 km'],
    [999.6, '1 000 km'],
    [17_764.2, '17 764 km'],
  ])('%f km → %s', (km, text) => {
    expect(formatDistance(km)).toBe(text);
  });

  // Every screen passes the reader's language (issue 45): English keeps the spec's text.
  it.each([
    [0.44, 'en', '440 m'],
    [0.44, 'en-GB', '440 m'],
    [0.44, 'de', '440 m'],
    [1.24, 'en-NZ', '1.2 km'],
    [1.24, 'fr', '1,2 km'],
    [17_764.2, 'en', '17 764 km'],
    [17_764.2, 'en-US', '17 764 km'],
    [12.4, 'ja', '12 km'],
    // Each language's own unit symbol (issue 46: Arabic's list read "1.2 km" beside its "كم" filters).
    [1.24, 'ar', '1.2 كم'],
    [1.24, 'uk', '1,2 км'],
  ])('%f km in %s → %s', (km, locale, text) => {
    expect(formatDistance(km, locale)).toBe(text);
  });

  it('says the same in English as without a language, for any distance', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 40_000, noNaN: true }), (km) => {
        expect(formatDistance(km, 'en')).toBe(formatDistance(km));
      }),
    );
  });

  it('refuses what is no distance', () => {
    expect(() => formatDistance(-1)).toThrow(RangeError);
    expect(() => formatDistance(Number.NaN)).toThrow(RangeError);
    expect(() => formatDistance(-1, 'de')).toThrow(RangeError);
  });

  it.each([
    [0.004, '10 m'],
    [0.065, '70 m'],
    [0.99, '990 m'],
    [0.9961, '1,0 km'],
    [1.24, '1,2 km'],
    [9.94, '9,9 km'],
    [9.96, '10 km'],
    [12.4, '12 km'],
    [999.6, '1.000 km'],
    [17_764.2, '17.764 km'],
  ])('in German: %f km → %s', (km, text) => {
    expect(formatDistance(km, 'de')).toBe(text);
  });

  it.each([
    [0.06, '60 m'],
    [1.24, '1.2 km'],
    [12.4, '12 km'],
    // The spec's grouping, as every English screen showed it (issue 45: one way in English).
    [17_764.2, '17 764 km'],
  ])('in English by locale: %f km → %s', (km, text) => {
    expect(formatDistance(km, 'en')).toBe(text);
  });

  it('reads back within its rounding, and never shrinks as the distance grows', () => {
    const parse = (text: string) => {
      const [number = '', unit] = text.split(/ (?=[a-z]+$)/u);
      const value = Number(number.replaceAll(' ', ''));
      return unit === 'm' ? value / 1000 : value;
    };
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 20_000, noNaN: true }),
        fc.double({ min: 0, max: 20_000, noNaN: true }),
        (a, b) => {
          const [near, far] = a <= b ? [a, b] : [b, a];
          const tolerance = near < 1 ? 0.01 : near < 10 ? 0.05 : 0.5;
          expect(Math.abs(parse(formatDistance(near)) - Math.max(near, 0.01))).toBeLessThanOrEqual(
            tolerance + 1e-9,
          );
          expect(parse(formatDistance(far))).toBeGreaterThanOrEqual(parse(formatDistance(near)));
        },
      ),
    );
  });
});

describe('formatDistance in feet and miles (issue 46)', () => {
  const MILE_KM = KM_PER_MILE;
  it.each([
    [0, '10 ft'],
    [0.001, '10 ft'],
    [0.06, '200 ft'],
    [0.1, '330 ft'],
    // 520 ft is the last in feet; from a tenth of a mile (528 ft) miles.
    [0.1585, '520 ft'],
    [0.1601, '0.1 mi'],
    [0.4, '0.2 mi'],
    [MILE_KM, '1.0 mi'],
    [1.24 * MILE_KM, '1.2 mi'],
    [9.96 * MILE_KM, '10 mi'],
    [12.4 * MILE_KM, '12 mi'],
    [1_234.4 * MILE_KM, '1 234 mi'],
    [17_764.2, '11 038 mi'],
  ])('%f km → %s', (km, text) => {
    expect(formatDistance(km, undefined, 'imperial')).toBe(text);
    expect(formatDistance(km, 'en-US', 'imperial')).toBe(text);
  });

  it.each([
    [0.06, 'es', '200 ft'],
    [1.24 * MILE_KM, 'es', '1,2 mi'],
    [1_234.4 * MILE_KM, 'de', '1.234 mi'],
    [12.4 * MILE_KM, 'ja', '12 mi'],
    [0.8 * MILE_KM, 'pl', '0,8 mili'],
    [0.06, 'tr', '200 fit'],
  ])('%f km in %s → %s', (km, locale, text) => {
    expect(formatDistance(km, locale, 'imperial')).toBe(text);
  });

  it('is metric unless asked otherwise', () => {
    expect(formatDistance(1.24, 'en', 'metric')).toBe(formatDistance(1.24, 'en'));
    expect(distanceParts(0.4)).toEqual({ value: 400, unit: 'm' });
    expect(distanceParts(0.4, 'imperial')).toEqual({ value: 0.2, unit: 'mi' });
    expect(() => formatDistance(-1, 'en', 'imperial')).toThrow(RangeError);
  });

  it('reads back within its rounding, and never shrinks as the distance grows', () => {
    const parse = (text: string) => {
      const [number = '', unit] = text.split(/ (?=[a-z]+$)/u);
      const value = Number(number.replaceAll(' ', ''));
      return unit === 'ft' ? (value * 0.3048) / 1000 : value * MILE_KM;
    };
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 20_000, noNaN: true }),
        fc.double({ min: 0, max: 20_000, noNaN: true }),
        (a, b) => {
          const [near, far] = a <= b ? [a, b] : [b, a];
          const shown = formatDistance(near, 'en', 'imperial');
          // Half a step of what is shown: 5 ft, 0.05 mi or half a mile (10 ft at the least).
          const tolerance = shown.endsWith('ft')
            ? (5 * 0.3048) / 1000
            : near < 10 * MILE_KM
              ? 0.05 * MILE_KM
              : 0.5 * MILE_KM;
          expect(Math.abs(parse(shown) - Math.max(near, 0.003048))).toBeLessThanOrEqual(tolerance + 1e-9);
          expect(parse(formatDistance(far, 'en', 'imperial'))).toBeGreaterThanOrEqual(parse(shown));
          // Any language rounds to the same number: only its marks differ.
          const digits = (text: string) => text.replace(/[.,\s]/gu, '');
          expect(digits(formatDistance(near, 'de', 'imperial'))).toBe(digits(shown));
        },
      ),
    );
  });
});

describe('distanceKm', () => {
  it('is the haversine distance from the exact position, to a LatLng or a place', () => {
    const from = { lat: 53.86551, lng: 10.68661 };
    const place = { latitude: 53.86601, longitude: 10.68701 };
    expect(distanceKm(from, { lat: place.latitude, lng: place.longitude })).toBe(
      haversineKm(from, { lat: place.latitude, lng: place.longitude }),
    );
    expect(distanceToPlaceKm(from, place)).toBeCloseTo(0.0615, 4);
    // Rounding the position to 3 decimals, as a cached request may, moves this one by 40 %.
    const rounded = { lat: 53.866, lng: 10.687 };
    expect(formatDistance(distanceToPlaceKm(rounded, place))).not.toBe(
      formatDistance(distanceToPlaceKm(from, place)),
    );
  });
});

describe('givenCentre', () => {
  it('takes the spec radius of 1 when a centre comes without one', () => {
    expect(givenCentre(53.87, 10.69, null)).toEqual({ center: { lat: 53.87, lng: 10.69 }, radiusKm: 1 });
    expect(CENTER_WITHOUT_RADIUS_RADIUS).toBe(1);
  });
  it.each([
    [53.87, 10.69, 5, 5],
    [53.87, 10.69, 0, 1],
    [53.87, 10.69, -2, 1],
    [53.87, 10.69, Number.NaN, 1],
  ])('(%f, %f) with radius %f → %f km', (lat, lng, radius, expected) => {
    expect(givenCentre(lat, lng, radius)?.radiusKm).toBe(expected);
  });
  it('gives none without both coordinates, or with invalid ones', () => {
    expect(givenCentre(null, 10, null)).toBeNull();
    expect(givenCentre(53, null, 3)).toBeNull();
    expect(givenCentre(91, 10, null)).toBeNull();
    expect(givenCentre(Number.NaN, 10, null)).toBeNull();
  });
});

describe('bearings and where a place is', () => {
  const HANSEPLATZ = { lat: 53.8598809, lng: 10.6632527, name: 'Hanseplatz' };
  it.each([
    [0, 'north'],
    [22, 'north'],
    [23, 'north-east'],
    [90, 'east'],
    [225, 'south-west'],
    [315, 'north-west'],
    [338, 'north'],
    [-45, 'north-west'],
  ])('bearing %f is %s', (bearing, point) => {
    expect(compassPoint(bearing)).toBe(point);
  });

  it('measures bearings clockwise from north', () => {
    expect(bearingDegrees({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(0, 6);
    expect(bearingDegrees({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(90, 6);
    fc.assert(
      fc.property(latLng, fc.double({ min: 0, max: 359.9, noNaN: true }), (start, bearing) => {
        fc.pre(Math.abs(start.lat) < 80);
        const end = destinationPoint(start, bearing, 0.5);
        const measured = bearingDegrees(start, end);
        const difference = Math.abs(((measured - bearing + 540) % 360) - 180);
        expect(difference).toBeLessThan(0.01);
      }),
    );
  });

  it('says where a place is from the nearest named one, in the one distance format', () => {
    const place = destinationPoint(HANSEPLATZ, 315, 0.24);
    expect(describeNear(place, HANSEPLATZ)).toBe('240 m north-west of Hanseplatz');
    expect(describeNear(destinationPoint(HANSEPLATZ, 90, 0.02), HANSEPLATZ)).toBe('Next to Hanseplatz');
  });
});
