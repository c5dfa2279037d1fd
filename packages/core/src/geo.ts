/**
 * Geographic helpers on a sphere of radius EARTH_RADIUS_KM (spec §5). Coordinates are
 * always `{ lat, lng }` in degrees.
 */
import {
  CENTER_WITHOUT_RADIUS_RADIUS,
  EARTH_RADIUS_KM,
  KM_PER_DEGREE_LATITUDE,
  MAX_DISTANCE_KM,
} from './constants.ts';

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

/**
 * How far a place is from the person, in km: the one distance every screen shows (list,
 * card, place page, search, events, deals). Always from the exact position, never a rounded
 * one (a request may round its centre for caching; the distance shown must not).
 */
export function distanceKm(from: LatLng, to: LatLng): number {
  return haversineKm(from, to);
}

/** The same, to a place in the API's shape (latitude/longitude). */
export function distanceToPlaceKm(
  from: LatLng,
  place: { readonly latitude: number; readonly longitude: number },
) {
  return haversineKm(from, { lat: place.latitude, lng: place.longitude });
}

/** Groups thousands with a space: 17764 → '17 764'. */
function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/gu, ' ');
}

/**
 * How distances are measured (issue 46): metres and kilometres, or feet and miles. Which one a
 * parent sees comes from their device's region (local-formats.ts) or their own choice.
 */
export const DISTANCE_UNITS = ['metric', 'imperial'] as const;
export type DistanceUnits = (typeof DISTANCE_UNITS)[number];

export function isDistanceUnits(value: unknown): value is DistanceUnits {
  return (DISTANCE_UNITS as readonly unknown[]).includes(value);
}

/**
 * A distance as people say it: '60 m' (to 10 m, at least 10 m) below 1 km, '1.2 km' (one
 * decimal) below 10 km, '12 km' beyond, '17 764 km' with thousands grouped. A value that
 * rounds up to the next unit is written in it (995 m → '1.0 km', 9.96 km → '10 km').
 *
 * In feet and miles (`units` 'imperial'): '350 ft' (to 10 ft, at least 10 ft) below a tenth
 * of a mile, '0.3 mi' (one decimal) below 10 miles, '12 mi' beyond, as US maps say it.
 *
 * With a `locale` (a BCP 47 tag such as 'de'), the same rounding with that language's decimal
 * mark, digit grouping and unit symbol (Intl.NumberFormat): '1,2 km', '17.764 km' in German,
 * '1.2 كم' in Arabic, '1,2 км' in Ukrainian. Without one, or in English, the spec's text above.
 *
 * The one function for every distance the app shows (issue 45: one place read 440 m in the
 * list and 500 m in My places), in every language: screens pass the reader's language and
 * units.
 */
export function formatDistance(km: number, locale?: string, units: DistanceUnits = 'metric'): string {
  const { value, unit } = distanceParts(km, units);
  const digits = (unit === 'km' || unit === 'mi') && value < 10 ? 1 : 0;
  if (locale === undefined || isEnglish(locale)) {
    return `${digits === 1 ? value.toFixed(1) : groupThousands(value)} ${unit}`;
  }
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
  return `${number} ${unitSymbol(value, unit, locale)}`;
}

const INTL_UNITS = { m: 'meter', km: 'kilometer', ft: 'foot', mi: 'mile' } as const;

/** The language's own symbol of a unit for `value` ('كم' in Arabic, 'км' in Ukrainian, 'km' in German). */
function unitSymbol(value: number, unit: keyof typeof INTL_UNITS, locale: string): string {
  const parts = new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: INTL_UNITS[unit],
    unitDisplay: 'short',
  }).formatToParts(value);
  return (
    parts
      .filter((part) => part.type === 'unit')
      .map((part) => part.value)
      .join('') || unit
  );
}

/** 'en', 'en-GB', 'en_NZ': the spec's own wording is English. */
function isEnglish(locale: string): boolean {
  return /^en(?:[-_]|$)/iu.test(locale);
}

/** An international mile: 1.609344 km, 5280 feet. */
export const KM_PER_MILE = 1.609344;
const FEET_PER_MILE = 5280;

/**
 * The number and unit formatDistance writes, rounded by its rule: metres to 10 (at least 10)
 * below 1 km, km to one decimal below 10 km, whole km beyond; in imperial units feet to 10 (at
 * least 10) below a tenth of a mile (528 ft), miles to one decimal below 10, whole miles beyond.
 */
export function distanceParts(
  km: number,
  units: DistanceUnits = 'metric',
): { readonly value: number; readonly unit: 'm' | 'km' | 'ft' | 'mi' } {
  if (!Number.isFinite(km) || km < 0)
    throw new RangeError(`distance must be a finite km >= 0, got ${String(km)}`);
  if (units === 'imperial') {
    const miles = km / KM_PER_MILE;
    const feet = Math.max(10, Math.round((miles * FEET_PER_MILE) / 10) * 10);
    if (feet < FEET_PER_MILE / 10) return { value: feet, unit: 'ft' };
    const tenthsOfMile = Math.max(1, Math.round(miles * 10));
    if (tenthsOfMile < 100) return { value: tenthsOfMile / 10, unit: 'mi' };
    return { value: Math.round(miles), unit: 'mi' };
  }
  const metres = Math.max(10, Math.round(km * 100) * 10);
  if (metres < 1000) return { value: metres, unit: 'm' };
  const tenths = Math.round(km * 10);
  if (tenths < 100) return { value: tenths / 10, unit: 'km' };
  return { value: Math.round(km), unit: 'km' };
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

/** A specific centre for the map, with the radius to look within (km). */
export interface GivenCentre {
  readonly center: LatLng;
  readonly radiusKm: number;
}

/**
 * The centre a link gives the map (e.g. /MapView?lat=…&lng=…), or null when it gives none or
 * an invalid one. Spec §2: when a specific centre is given without a radius, the radius is
 * CENTER_WITHOUT_RADIUS_RADIUS (1 km).
 */
export function givenCentre(
  lat: number | null,
  lng: number | null,
  radiusKm: number | null,
): GivenCentre | null {
  if (lat === null || lng === null) return null;
  const center = { lat, lng };
  if (!isValidLatLng(center)) return null;
  const radius =
    radiusKm !== null && Number.isFinite(radiusKm) && radiusKm > 0 && radiusKm <= MAX_DISTANCE_KM
      ? radiusKm
      : CENTER_WITHOUT_RADIUS_RADIUS;
  return { center, radiusKm: radius };
}

/** Initial great-circle bearing from `from` to `to`, degrees clockwise from north in [0, 360). */
export function bearingDegrees(from: LatLng, to: LatLng): number {
  assertValidLatLng(from, 'from');
  assertValidLatLng(to, 'to');
  const [lat1, lat2] = [toRadians(from.lat), toRadians(to.lat)];
  const dLng = toRadians(to.lng - from.lng);
  const y = Math.sin(dLng) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng);
  return (toDegrees(Math.atan2(y, x)) + 360) % 360;
}

const COMPASS_POINTS = [
  'north',
  'north-east',
  'east',
  'south-east',
  'south',
  'south-west',
  'west',
  'north-west',
];

/** The nearest of the eight compass points to a bearing: 0 → 'north', 225 → 'south-west'. */
export function compassPoint(bearing: number): string {
  const index = Math.round((((bearing % 360) + 360) % 360) / 45) % 8;
  return COMPASS_POINTS[index] ?? 'north';
}

/**
 * Where a place is, in words, from the nearest named place we know: '240 m north-west of
 * Hanseplatz', or 'next to Hanseplatz' within 30 m (a direction means nothing that close).
 */
export function describeNear(place: LatLng, landmark: LatLng & { readonly name: string }): string {
  const km = distanceKm(landmark, place);
  if (km < 0.03) return `Next to ${landmark.name}`;
  return `${formatDistance(km)} ${compassPoint(bearingDegrees(landmark, place))} of ${landmark.name}`;
}
