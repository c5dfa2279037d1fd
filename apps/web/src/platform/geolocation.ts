/**
 * The device position (house style: the only module that touches navigator.geolocation
 * and navigator.permissions). Failures are turned into a PositionError with a reason the
 * UI maps to the spec's messages. Inside the native app the system's location service
 * answers instead (platform/native/position.ts), with the same reasons.
 */
import { ERROR_MESSAGES, GEOLOCATION_OPTIONS } from '@playspot/core';
import {
  PositionError,
  type DevicePosition,
  type PositionErrorReason,
  type PositionPermissionState,
} from './device-position.ts';
import { nativeShell } from './native-shell.ts';

export function isGeolocationSupported(): boolean {
  if (nativeShell()) return true;
  return typeof navigator !== 'undefined' && 'geolocation' in navigator;
}

/**
 * The current permission state. Browsers without the Permissions API (older Safari) give
 * 'prompt': undecided, so we explain before the browser asks. Rejects when the check fails.
 */
export async function queryPositionPermission(): Promise<PositionPermissionState> {
  const shell = nativeShell();
  if (shell) return shell.position.permission();
  if (!('permissions' in navigator) || typeof navigator.permissions.query !== 'function') return 'prompt';
  const status = await navigator.permissions.query({ name: 'geolocation' });
  return status.state;
}

const REASON_BY_CODE: Record<number, PositionErrorReason> = {
  1: 'permission-denied',
  2: 'position-unavailable',
  3: 'timeout',
};

/** One reading with the spec's options: high accuracy, 5000 ms timeout, maximumAge 0. */
export function getCurrentPosition(): Promise<DevicePosition> {
  const shell = nativeShell();
  if (shell) return shell.position.current();
  return new Promise((resolve, reject) => {
    if (!isGeolocationSupported()) {
      reject(new PositionError('unsupported', ERROR_MESSAGES.geolocationNotSupported));
      return;
    }
    try {
      navigator.geolocation.getCurrentPosition(
        (position) => {
          resolve({
            lat: position.coords.latitude,
            lng: position.coords.longitude,
            accuracy: position.coords.accuracy,
          });
        },
        (error) => {
          reject(new PositionError(REASON_BY_CODE[error.code] ?? 'unexpected', error.message));
        },
        { ...GEOLOCATION_OPTIONS },
      );
    } catch (error) {
      reject(new PositionError('unexpected', 'The location request failed', { cause: error }));
    }
  });
}
