/**
 * From what Leaflet shows to what the viewport endpoint accepts: Leaflet's longitudes run
 * past ±180 when the world is panned round, and its zoom can be fractional.
 */
import { MAX_ZOOM, MIN_ZOOM, normalizeLongitude, type BoundingBox } from '@playspot/core';
import type { MapViewport } from '../api/get-viewport-places.ts';

export interface RawBounds {
  readonly west: number;
  readonly south: number;
  readonly east: number;
  readonly north: number;
}

/** Six decimals (~10 cm): tiny pans that change nothing visible do not refetch. */
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

const clampLatitude = (lat: number) => Math.min(90, Math.max(-90, lat));

/** A box in the API's convention: longitudes in [-180, 180], west > east across the antimeridian. */
export function normalizeBounds(bounds: RawBounds): BoundingBox {
  const south = round(clampLatitude(bounds.south));
  const north = round(clampLatitude(bounds.north));
  if (bounds.east - bounds.west >= 360) return { west: -180, south, east: 180, north };
  const west = normalizeLongitude(bounds.west);
  // normalizeLongitude maps 180 to -180; an east edge exactly on 180 stays 180.
  const east = bounds.east === 180 ? 180 : normalizeLongitude(bounds.east);
  return { west: round(west), south, east: round(east), north };
}

/**
 * The box grown outward to a grid a quarter of a map tile wide at this zoom: nudging the
 * map, or the offline banner taking 36 px off its height, asks for the same box again, so
 * the browser's and the service worker's saved answers still match (offline, an area is
 * found by its exact address).
 */
export function snapToGrid(bounds: RawBounds, zoom: number): RawBounds {
  const cell = 90 / 2 ** zoom;
  return {
    west: Math.floor(bounds.west / cell) * cell,
    south: Math.floor(bounds.south / cell) * cell,
    east: Math.ceil(bounds.east / cell) * cell,
    north: Math.ceil(bounds.north / cell) * cell,
  };
}

export function toMapViewport(bounds: RawBounds, zoom: number): MapViewport {
  const wholeZoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom)));
  return {
    box: normalizeBounds(snapToGrid(bounds, wholeZoom)),
    zoom: wholeZoom,
  };
}
