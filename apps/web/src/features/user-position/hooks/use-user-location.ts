/**
 * The person's position and the permission dialog for a page (see user-location-store.ts
 * for the rules). `enabled`: start the automatic check (held back while the terms dialog is
 * open); `askWhenUndecided`: false on pages opened from shared links, which never prompt.
 */
import type { LatLng } from '@playspot/core';
import { useEffect, useSyncExternalStore } from 'react';
import {
  continueFromDialog,
  dismissDialog,
  requestPosition,
  setManualPosition,
  snapshot,
  startLocationCheck,
  subscribe,
  type LocationStatus,
} from '../user-location-store.ts';
import type { UserPosition } from '../user-position.ts';

export type { LocationStatus };

export interface UserLocation {
  readonly position: UserPosition | null;
  readonly status: LocationStatus;
  readonly permissionDialogOpen: boolean;
  /** The dialog's one button: remember we asked, then let the browser ask. */
  readonly continueFromDialog: () => void;
  /** Backdrop or Escape: remember the person declined. */
  readonly dismissDialog: () => void;
  /** Ask for the device position now. */
  readonly locateMe: () => void;
  /** A fresh device reading (e.g. to log a visit); null when none could be had. */
  readonly readPositionNow: () => Promise<UserPosition | null>;
  readonly setManualPosition: (point: LatLng) => void;
}

const locateMe = () => {
  void requestPosition();
};
const readPositionNow = () => requestPosition();

export function useUserLocation(
  enabled: boolean,
  options: { askWhenUndecided?: boolean } = {},
): UserLocation {
  const current = useSyncExternalStore(subscribe, snapshot);
  const askWhenUndecided = options.askWhenUndecided ?? true;
  useEffect(() => {
    if (enabled) startLocationCheck({ askWhenUndecided });
  }, [enabled, askWhenUndecided]);
  return {
    position: current.position,
    status: current.status,
    permissionDialogOpen: current.permissionDialogOpen && askWhenUndecided,
    continueFromDialog,
    dismissDialog,
    locateMe,
    readPositionNow,
    setManualPosition,
  };
}
