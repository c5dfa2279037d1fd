import type { LatLng } from '@playspot/core';

/** The person's position as the map draws it (the app layer converts from the user-position feature). */
export interface MapUserMarker extends LatLng {
  readonly accuracyRadiusM: number;
  readonly setByHand: boolean;
}
