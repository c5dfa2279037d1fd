import type { LatLng, PlaceSummary, MapFocus } from '@playspot/core';

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

/**
 * What the map gives a search box: where the view is, and how to show a chosen place. A town
 * chosen there is the app layer's to hold (it becomes the map's target).
 */
export interface MapSearchSlot {
  readonly center: LatLng;
  readonly onChoose: (place: {
    readonly id: string;
    readonly latitude: number;
    readonly longitude: number;
  }) => void;
}

/**
 * A town chosen in the search (issue 45): the map and the list look there until it is let go.
 * `name` is the parent's own word for it when the search matched another of its names
 * ("München" for the gazetteer's Munich).
 */
export interface ChosenTown extends LatLng {
  readonly name: string;
}

/** A place in the nearby list, with its distance from the list's centre. */
export interface NearbyEntry {
  readonly place: PlaceSummary;
  readonly distanceKm: number | null;
}
