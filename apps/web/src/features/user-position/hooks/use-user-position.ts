/**
 * The person's position and the permission dialog for a page (see user-position-store.ts
 * for the rules). `enabled`: start the automatic check (held back while the terms dialog is
 * open); `askWhenUndecided`: false on pages opened from shared links, which never prompt.
 */
import type { LatLng } from '@playspot/core';
import { useEffect, useSyncExternalStore } from 'react';
import {
  continueFromDialog,
  dismissDialog,
  requestPosition,
  serverSnapshot,
  setManualPosition,
  snapshot,
  startPositionCheck,
  subscribe,
  type PositionStatus,
} from '../user-position-store.ts';
import type { UserPosition } from '../user-position.ts';

export type { PositionStatus };

/** The person's position on a page, and what the page can do about it. */
export interface UserPositionControls {
  readonly position: UserPosition | null;
  readonly status: PositionStatus;
  readonly permissionDialogOpen: boolean;
  /** The device was asked whether it may tell the position (see user-position-store.ts). */
  readonly checked: boolean;
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

export function useUserPosition(
  enabled: boolean,
  options: { askWhenUndecided?: boolean } = {},
): UserPositionControls {
  const current = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const askWhenUndecided = options.askWhenUndecided ?? true;
  useEffect(() => {
    if (!enabled) return;
    // A task of its own: asking the browser for the permission's state is slow enough to turn
    // a page's first effects into one long task on a phone (issue 28).
    const timer = setTimeout(() => {
      startPositionCheck({ askWhenUndecided });
    }, 0);
    return () => {
      clearTimeout(timer);
    };
  }, [enabled, askWhenUndecided]);
  return {
    position: current.position,
    status: current.status,
    permissionDialogOpen: current.permissionDialogOpen && askWhenUndecided,
    checked: current.checked,
    continueFromDialog,
    dismissDialog,
    locateMe,
    readPositionNow,
    setManualPosition,
  };
}
