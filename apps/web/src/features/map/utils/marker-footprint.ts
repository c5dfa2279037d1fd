/**
 * The map markers' sizes in pixels: a place's pin with its tip on the place, and the count
 * bubbles. marker-icons.ts draws them; the map clusters by them (core groupOverlappingMarkers),
 * so no two markers drawn overlap. Apart from the icons: the list's code has no Leaflet.
 */
import type { MarkerFootprint } from '@playspot/core';

/** Size of a cluster bubble by how many places it holds. */
function clusterSize(count: number): number {
  if (count < 10) return 40;
  if (count < 100) return 48;
  return 58;
}

export const MARKER_FOOTPRINT: MarkerFootprint = {
  pin: { width: 36, height: 44, above: 43 },
  bubble: clusterSize,
};
