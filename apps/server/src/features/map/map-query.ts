/**
 * What a map read is asked: a box, the filters (spec §5) and a page near a centre. The one
 * shape both readers (the index's and the SQL's) take.
 */
import type { LatLng, MapFilterValues } from '@playspot/core';

/** A map box in degrees; west > east crosses the antimeridian. */
export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The map's filters (spec §5), as core's MAP_FILTERS table defines them. */
export type MapFilters = MapFilterValues;

/**
 * A page of places around a centre, nearest first (within the radius when given), or newest
 * first without a centre (only the SQL reads that order).
 */
export interface NearQuery<Centre extends LatLng | null = LatLng | null> {
  centre: Centre;
  radiusKm: number | null;
  filters: MapFilters;
  limit: number;
  offset: number;
  now: Date;
}

/** A place a near read found: its id, and its distance from the centre when there is one. */
export interface PlaceHit {
  id: string;
  distanceKm: number | null;
}
