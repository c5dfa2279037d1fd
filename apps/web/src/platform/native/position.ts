/**
 * The device position through the system's location service (Capacitor Geolocation), with
 * the spec's options. Its errors become the same PositionError reasons as the browser's, so
 * the app shows the native wording ("…in your device settings") from one mapping.
 */
import { Geolocation } from '@capacitor/geolocation';
import { GEOLOCATION_OPTIONS, USER_MESSAGES } from '@playspot/core';
import { PositionError, type PositionErrorReason } from '../device-position.ts';
import type { NativeShell } from '../native-shell-contract.ts';

/** The plugin's error codes (its README, "Errors") that say more than "it failed". */
const REASON_BY_CODE: Record<string, PositionErrorReason> = {
  'OS-PLUG-GLOC-0003': 'permission-denied',
  'OS-PLUG-GLOC-0008': 'permission-denied',
  'OS-PLUG-GLOC-0007': 'position-unavailable',
  'OS-PLUG-GLOC-0009': 'position-unavailable',
  'OS-PLUG-GLOC-0017': 'position-unavailable',
  'OS-PLUG-GLOC-0010': 'timeout',
};

function positionError(error: unknown): PositionError {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : 'The location request failed';
  return new PositionError(REASON_BY_CODE[code] ?? 'unexpected', message, { cause: error });
}

export const nativePosition: NativeShell['position'] = {
  async permission() {
    const { location } = await Geolocation.checkPermissions();
    if (location === 'granted' || location === 'denied') return location;
    return 'prompt';
  },
  async current() {
    try {
      const { location } = await Geolocation.checkPermissions();
      if (location === 'denied') {
        throw new PositionError('permission-denied', USER_MESSAGES.locationPermissionDeniedNative);
      }
      if (location !== 'granted') {
        const answer = await Geolocation.requestPermissions({ permissions: ['location'] });
        if (answer.location !== 'granted') {
          throw new PositionError('permission-denied', USER_MESSAGES.locationPermissionDeniedNative);
        }
      }
      const position = await Geolocation.getCurrentPosition({ ...GEOLOCATION_OPTIONS });
      return {
        lat: position.coords.latitude,
        lng: position.coords.longitude,
        accuracy: position.coords.accuracy,
      };
    } catch (error) {
      throw error instanceof PositionError ? error : positionError(error);
    }
  },
};
