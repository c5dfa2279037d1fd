/**
 * Brings a picked place into view. On phones the half-open sheet covers the lower half of
 * the map, so the place is moved to the middle of the part still visible (a quarter down).
 */
import type { LatLng } from '@playspot/core';
import type { Map as LeafletMap } from 'leaflet';
import { prefersReducedMotion } from './motion.ts';

/** The layout breakpoint where the list becomes a side panel (Tailwind's lg). */
const SIDE_PANEL_QUERY = '(min-width: 1024px)';

export function sheetCoversMap(): boolean {
  return typeof window.matchMedia === 'function' && !window.matchMedia(SIDE_PANEL_QUERY).matches;
}

export function revealPlace(map: LeafletMap, place: LatLng): void {
  const zoom = map.getZoom();
  const options = { animate: !prefersReducedMotion() };
  if (!sheetCoversMap()) {
    map.panTo(place, options);
    return;
  }
  // A plain [x, y] pair and { lat, lng } rather than Leaflet's point()/latLng(): this module
  // is on the list's path, which must not wait for Leaflet's code (it loads with the map).
  const center = map.project(place, zoom).add([0, map.getSize().y * 0.25]);
  map.panTo(map.unproject(center, zoom), options);
}
