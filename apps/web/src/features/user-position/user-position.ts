import {
  ACCURACY_CIRCLE_RADIUS_M,
  MANUAL_LOCATION_ACCURACY_RADIUS_M,
  type KnownPosition,
} from '@playspot/core';

/** Where the person is: a device reading, or a spot they set by hand on the map, and when. */
export type UserPosition = KnownPosition;

/** The accuracy circle's radius (spec §2): 50 m for a device reading, 100 m when set by hand. */
export function accuracyCircleRadiusM(
  position: Pick<UserPosition, 'source'> & Partial<UserPosition>,
): number {
  return position.source === 'manual' ? MANUAL_LOCATION_ACCURACY_RADIUS_M : ACCURACY_CIRCLE_RADIUS_M;
}
