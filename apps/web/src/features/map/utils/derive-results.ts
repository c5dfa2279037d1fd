/**
 * What the list and the map show, re-derived whenever the data or the filters change
 * (spec §4). The server already filtered; applying the filters a summary can tell again here
 * (core's summaryMatchesFilters and the radius) makes a filter change visible at once on the
 * previous results while the new ones load.
 */
import {
  boundingBoxContains,
  distanceKm,
  groupOverlappingMarkers,
  isWithinRadius,
  summaryMatchesFilters,
  type BoundingBox,
  type LatLng,
  type PlaceFilters,
  type PlaceSummary,
  type MapCluster,
  type MapPoint,
  type ViewportResult,
} from '@playspot/core';
import type { NearbyEntry } from '../types.ts';
import { MARKER_FOOTPRINT } from './marker-footprint.ts';

export function nearbyEntries(
  items: readonly PlaceSummary[],
  filters: PlaceFilters,
  center: LatLng,
): NearbyEntry[] {
  return items
    .filter(
      (place) => summaryMatchesFilters(place, filters) && isWithinRadius(center, place, filters.radiusKm),
    )
    .map((place) => ({ place, distanceKm: distanceKm(center, place) }))
    .sort((a, b) => a.distanceKm - b.distanceKm);
}

export interface VisibleMarkers {
  readonly points: readonly MapPoint[];
  readonly clusters: readonly MapCluster[];
}

const NO_MARKERS: VisibleMarkers = { points: [], clusters: [] };

/** The viewport's markers, limited to the filter radius around `center` when one is set. */
export function visibleMarkers(
  result: ViewportResult | undefined,
  filters: PlaceFilters,
  center: LatLng,
): VisibleMarkers {
  if (result === undefined) return NO_MARKERS;
  const inside = (lat: number, lng: number) => isWithinRadius(center, { lat, lng }, filters.radiusKm);
  const points = result.points.filter((point) => inside(point.latitude, point.longitude));
  const clusters =
    result.kind === 'clusters'
      ? result.clusters.filter((cluster) => inside(cluster.latitude, cluster.longitude))
      : [];
  return { points, clusters };
}

/**
 * The markers as drawn at `zoom`: wherever pins would overlap, one bubble with their count,
 * however few places are in view. The open place keeps its own pin.
 */
export function markersApart(markers: VisibleMarkers, zoom: number, openId: string | null): VisibleMarkers {
  const open = markers.points.filter((point) => point.id === openId);
  const grouped = groupOverlappingMarkers(
    markers.points.filter((point) => point.id !== openId),
    markers.clusters,
    zoom,
    MARKER_FOOTPRINT,
  );
  return { points: [...grouped.places, ...open], clusters: grouped.clusters };
}

/** ~110 m steps: the list's centre follows the map without a request for every nudge. */
export function roundCenter(center: LatLng): LatLng {
  return { lat: Math.round(center.lat * 1000) / 1000, lng: Math.round(center.lng * 1000) / 1000 };
}

/**
 * Whether any marker is drawn inside the map's box. Offline the service worker answers an area
 * never saved with the latest saved one (places elsewhere): the map then shows nothing here,
 * and must say so rather than nothing at all (issue 49).
 */
export function anyMarkerIn(markers: VisibleMarkers, box: BoundingBox | null): boolean {
  if (box === null) return false;
  const inBox = (marker: { latitude: number; longitude: number }) =>
    boundingBoxContains(box, { lat: marker.latitude, lng: marker.longitude });
  return markers.points.some(inBox) || markers.clusters.some(inBox);
}
