/**
 * What a map read is asked: a box, the filters (spec §5) and a page near a centre. The one
 * shape both readers (the index's and the SQL's) take.
 */
import type { EquipmentKind, FactFilter, LatLng } from '@playspot/core';

/** A map box in degrees; west > east crosses the antimeridian. */
export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The spec's filters (§5), as the API's find and viewport queries carry them. */
export interface MapFilters {
  ageRange?: string | undefined;
  indoor?: boolean | undefined;
  free?: boolean | undefined;
  recentlyAdded?: boolean | undefined;
  popular?: boolean | undefined;
  has?: readonly FactFilter[] | undefined;
  /** Play equipment that must all be there (issue 33). */
  equipment?: readonly EquipmentKind[] | undefined;
  /** Leaves out places reported closed for works at this moment ("near you"). */
  openAt?: Date | undefined;
  /** Only places open now by their opening hours (the query's `now`). */
  openNow?: boolean | undefined;
}

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
