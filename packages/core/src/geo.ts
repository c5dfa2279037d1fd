/**
 * Geographic helpers on a sphere of radius EARTH_RADIUS_KM (spec §5). Coordinates are
 * always `{ lat, lng }` in degrees.
 */
import { EARTH_RADIUS_KM, KM_PER_DEGREE_LATITUDE } from './constants.ts';

export interface LatLng {
  readonly lat: number;
  readonly lng: number;
}

/**
 * A latitude/longitude box in degrees, with the GeoJSON (RFC 7946 §5.2) convention for the
 * antimeridian: `west > east` means the box crosses ±180° and covers longitudes
 * `[west, 180] ∪ [-180, east]`. A box that contains a pole spans every longitude
 * (`west = -180`, `east = 180`). Always `-90 <= south <= north <= 90`.
 */
export interface BoundingBox {
  readonly west: number;
  readonly south: number;
  readonly east: number;
  readonly north: number;
}

export function isValidLatitude(lat: number): boolean {
  return Number.isFinite(lat) && lat >= -90 && lat <= 90;
}

export function isValidLongitude(lng: number): boolean {
  return Number.isFinite(lng) && lng >= -180 && lng <= 180;
}

export function isValidLatLng(point: LatLng): boolean {
  return isValidLatitude(point.lat) && isValidLongitude(point.lng);
}

/** Throws a RangeError for a coordinate outside lat [-90, 90], lng [-180, 180]. */
export function assertValidLatLng(point: LatLng, name = 'coordinate'): void {
  if (!isValidLatLng(point)) {
    throw new RangeError(
      `${name} must have lat in [-90, 90] and lng in [-180, 180], got ${JSON.stringify(point)}`,
    );
  }
}

function assertValidRadius(radiusKm: number): void {
  if (!Number.isFinite(radiusKm) || radiusKm < 0) {
    throw new RangeError(`radiusKm must be a finite number >= 0, got ${String(radiusKm)}`);
  }
}

export function toRadians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

export function toDegrees(radians: number): number {
  return (radians * 180) / Math.PI;
}

/** Wraps a longitude into [-180, 180). */
export function normalizeLongitude(lng: number): number {
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

/** Great-circle distance in km by the haversine formula with R = 6371 km. */
export function haversineKm(a: LatLng, b: LatLng): number {
  assertValidLatLng(a, 'a');
  assertValidLatLng(b, 'b');
  const dLat = toRadians(b.lat - a.lat);
  // Reduced mod 360 (sin² is 360°-periodic here) so that -180 and 180, the same meridian,
  // differ by exactly 0 rather than by 2π with rounding noise.
  const dLng = toRadians((b.lng - a.lng) % 360);
  const h =
    Math.sin(dLat / 2) * Math.sin(dLat / 2) +
    Math.sin(dLng / 2) * Math.sin(dLng / 2) * Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat));
  // Rounding can push h a hair outside [0, 1] for antipodal points.
  const clamped = Math.min(1, Math.max(0, h));
  return 2 * Math.atan2(Math.sqrt(clamped), Math.sqrt(1 - clamped)) * EARTH_RADIUS_KM;
}

/** True when `point` is within `radiusKm` of `center`; a null radius means unlimited. */
export function isWithinRadius(center: LatLng, point: LatLng, radiusKm: number | null): boolean {
  if (radiusKm === null) {
    assertValidLatLng(center, 'center');
    assertValidLatLng(point, 'point');
    return true;
  }
  assertValidRadius(radiusKm);
  return haversineKm(center, point) <= radiusKm;
}

/** The spec's km → degrees of latitude conversion (111.32 km per degree). */
export function kmToLatitudeDegrees(km: number): number {
  return km / KM_PER_DEGREE_LATITUDE;
}

/** The spec's km → degrees of longitude conversion at a latitude (scaled by its cosine). */
export function kmToLongitudeDegrees(km: number, lat: number): number {
  return km / (KM_PER_DEGREE_LATITUDE * Math.cos(toRadians(lat)));
}

/** Added to each side of a box so points exactly on the radius survive floating-point error. */
const BOX_MARGIN_DEGREES = 1e-9;

/**
 * The smallest latitude/longitude box that contains every point within `radiusKm` (by
 * haversine) of `center`, used to prefilter a radius query before the exact distance test.
 *
 * The spec describes the box with 111.32 km per degree of latitude and longitude scaled by
 * cos(latitude) (see kmToLatitudeDegrees). That box is slightly too small for the haversine
 * test it feeds: a degree of latitude on the R = 6371 km sphere is 111.19 km, and at a given
 * distance the widest longitude is reached poleward of the centre, not at its latitude. Points
 * near the edge of the radius would be missed. So the box is computed exactly on the same
 * sphere: the latitude half-height is the angular radius r/R, and the longitude half-width is
 * asin(sin(r/R) / cos(lat)). When the circle reaches a pole the box spans all longitudes;
 * when it crosses the antimeridian `west > east` (see BoundingBox).
 */
export function radiusToBoundingBox(center: LatLng, radiusKm: number): BoundingBox {
  assertValidLatLng(center, 'center');
  assertValidRadius(radiusKm);
  const angular = radiusKm / EARTH_RADIUS_KM;
  const halfHeight = toDegrees(angular) + BOX_MARGIN_DEGREES;
  const south = Math.max(-90, center.lat - halfHeight);
  const north = Math.min(90, center.lat + halfHeight);
  if (angular >= Math.PI || center.lat + halfHeight >= 90 || center.lat - halfHeight <= -90) {
    return { west: -180, south, east: 180, north };
  }
  // Here |lat| + angular < 90°, so sin(angular) < cos(lat) and the ratio is below 1.
  const halfWidth =
    toDegrees(Math.asin(Math.sin(angular) / Math.cos(toRadians(center.lat)))) + BOX_MARGIN_DEGREES;
  let west = center.lng - halfWidth;
  let east = center.lng + halfWidth;
  if (west < -180) west += 360;
  if (east > 180) east -= 360;
  return { west, south, east, north };
}

/** True when the box contains the point, honouring antimeridian-crossing boxes. */
export function boundingBoxContains(box: BoundingBox, point: LatLng): boolean {
  if (point.lat < box.south || point.lat > box.north) return false;
  if (box.west <= box.east) return point.lng >= box.west && point.lng <= box.east;
  return point.lng >= box.west || point.lng <= box.east;
}

/**
 * The point reached from `start` after `distanceKm` along the great circle with initial
 * bearing `bearingDegrees` (0 = north, 90 = east). Longitude is wrapped into [-180, 180).
 * Computed with unit vectors and atan2, which stay accurate right next to the poles.
 */
export function destinationPoint(start: LatLng, bearingDegrees: number, distanceKm: number): LatLng {
  assertValidLatLng(start, 'start');
  const angular = distanceKm / EARTH_RADIUS_KM;
  const bearing = toRadians(bearingDegrees);
  const lat = toRadians(start.lat);
  const lng = toRadians(start.lng);
  const [sinLat, cosLat, sinLng, cosLng] = [Math.sin(lat), Math.cos(lat), Math.sin(lng), Math.cos(lng)];
  // Start position, and the local north and east unit vectors there.
  const position = [cosLat * cosLng, cosLat * sinLng, sinLat] as const;
  const north = [-sinLat * cosLng, -sinLat * sinLng, cosLat] as const;
  const east = [-sinLng, cosLng, 0] as const;
  const [cosD, sinD, cosB, sinB] = [
    Math.cos(angular),
    Math.sin(angular),
    Math.cos(bearing),
    Math.sin(bearing),
  ];
  const x = position[0] * cosD + (north[0] * cosB + east[0] * sinB) * sinD;
  const y = position[1] * cosD + (north[1] * cosB + east[1] * sinB) * sinD;
  const z = position[2] * cosD + (north[2] * cosB + east[2] * sinB) * sinD;
  return {
    lat: toDegrees(Math.atan2(z, Math.hypot(x, y))),
    lng: normalizeLongitude(toDegrees(Math.atan2(y, x))),
  };
}
