import type { LatLng, MapFocus } from '@playspot/core';

/** The person's position as the map draws it (the app layer converts from the user-position feature). */
export interface MapUserMarker extends LatLng {
  readonly accuracyRadiusM: number;
  readonly setByHand: boolean;
}

/**
 * Where the map and the list look (core chooseMapFocus, from the app layer), and how often
 * the person asked to be shown it again: each ask ('Show my location') recentres the map,
 * even when the spot has not changed.
 */
export interface MapTarget extends MapFocus {
  readonly recentreRequests: number;
}
