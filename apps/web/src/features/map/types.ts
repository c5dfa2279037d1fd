import type { LatLng, LocationSummary, MapFocus } from '@playspot/core';

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

/** A map view to open at or remember: its centre and zoom. */
export interface MapView {
  readonly center: LatLng;
  readonly zoom: number;
}

/** What the map gives a search box: where the view is, and how to show a chosen place. */
export interface MapSearchSlot {
  readonly center: LatLng;
  readonly onChoose: (place: {
    readonly id: string;
    readonly latitude: number;
    readonly longitude: number;
  }) => void;
  /** A town or suburb chosen in the search (issue 33): the map moves there, nothing opens. */
  readonly onChooseTown: (town: LatLng) => void;
}

/** A place in the nearby list, with its distance from the list's centre. */
export interface NearbyEntry {
  readonly location: LocationSummary;
  readonly distanceKm: number | null;
}
