/**
 * Location permission and the person's position (spec §4, §8, §9).
 *
 * unknown ─┬─ flag locationPermissionDenied set ─────────────→ not asked again automatically
 *          ├─ browser says granted ───────────────────────────→ position fetched
 *          ├─ browser says denied ── flag saved, message ─────→ denied
 *          └─ undecided ── dialog ─┬─ Continue: flag saved, position requested (browser asks)
 *                                  └─ backdrop/Escape: flag saved
 * 'Locate me' asks again whenever the person wants; a position can also be set by hand.
 */
import { ERROR_MESSAGES, STORAGE_KEYS, USER_MESSAGES, type LatLng } from '@playspot/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { handleError } from '../../../lib/handle-error.ts';
import { isNativeApp } from '../../../platform/device.ts';
import {
  getCurrentPosition,
  isGeolocationSupported,
  LocationError,
  queryLocationPermission,
} from '../../../platform/geolocation.ts';
import { readStoredFlag, setStoredFlag } from '../../../platform/storage.ts';
import { messageForLocationFailure } from '../location-messages.ts';
import type { UserPosition } from '../user-position.ts';

export type LocationStatus =
  /** Not asked (yet, or because the person declined before). */
  'idle' | 'checking' | 'locating' | 'located' | 'denied' | 'unavailable';

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
  readonly setManualPosition: (point: LatLng) => void;
}

function rememberDeclined(): void {
  setStoredFlag(STORAGE_KEYS.locationPermissionDenied);
}

/** `enabled`: start the automatic check (held back while the terms dialog is open). */
export function useUserLocation(enabled: boolean): UserLocation {
  const [position, setPosition] = useState<UserPosition | null>(null);
  const [status, setStatus] = useState<LocationStatus>('idle');
  const [permissionDialogOpen, setPermissionDialogOpen] = useState(false);
  const started = useRef(false);

  const requestPosition = useCallback(async () => {
    setStatus('locating');
    try {
      const reading = await getCurrentPosition();
      setPosition({ lat: reading.lat, lng: reading.lng, source: 'device' });
      setStatus('located');
    } catch (error) {
      const reason = error instanceof LocationError ? error.reason : 'unexpected';
      if (reason === 'permission-denied') rememberDeclined();
      setStatus(reason === 'permission-denied' ? 'denied' : 'unavailable');
      handleError(error, messageForLocationFailure(reason, isNativeApp()));
    }
  }, []);

  useEffect(() => {
    // Once per page load, even when React runs effects twice in development.
    if (!enabled || started.current) return;
    started.current = true;
    if (readStoredFlag(STORAGE_KEYS.locationPermissionDenied)) return;
    if (!isGeolocationSupported()) {
      setStatus('unavailable');
      handleError(new Error(ERROR_MESSAGES.geolocationNotSupported), USER_MESSAGES.locationAccessError);
      return;
    }
    setStatus('checking');
    queryLocationPermission()
      .then((state) => {
        if (state === 'granted') return requestPosition();
        if (state === 'denied') {
          rememberDeclined();
          setStatus('denied');
          handleError(
            new LocationError('permission-denied', 'Location permission is denied'),
            messageForLocationFailure('permission-denied', isNativeApp()),
          );
          return;
        }
        setStatus('idle');
        setPermissionDialogOpen(true);
      })
      .catch((error: unknown) => {
        handleError(error, USER_MESSAGES.locationPermissionCheckError);
        // The check failed, so the answer is still undecided: explain and let the person choose.
        setStatus('idle');
        setPermissionDialogOpen(true);
      });
  }, [enabled, requestPosition]);

  const continueFromDialog = useCallback(() => {
    rememberDeclined();
    setPermissionDialogOpen(false);
    void requestPosition();
  }, [requestPosition]);

  const dismissDialog = useCallback(() => {
    rememberDeclined();
    setPermissionDialogOpen(false);
  }, []);

  const locateMe = useCallback(() => {
    void requestPosition();
  }, [requestPosition]);

  const setManualPosition = useCallback((point: LatLng) => {
    setPosition({ lat: point.lat, lng: point.lng, source: 'manual' });
    setStatus('located');
  }, []);

  return {
    position,
    status,
    permissionDialogOpen,
    continueFromDialog,
    dismissDialog,
    locateMe,
    setManualPosition,
  };
}
