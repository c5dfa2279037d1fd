/**
 * Location permission and the person's position (spec §4, §8, §9), once per page load and
 * shared by every page (the map, the place page, events, deals), so moving between them
 * neither asks again nor loses the position.
 *
 * start ─┬─ browser says granted ────────────────────────────→ position read (not a request,
 *        │                                                      even when the flag is set)
 *        ├─ flag locationPermissionDenied set ──────────────→ not asked again automatically
 *        ├─ browser says denied ── flag saved, message ─────→ denied
 *        └─ undecided ── dialog ─┬─ Continue: flag saved, position requested (browser asks)
 *                                └─ backdrop/Escape: flag saved
 * The last known position is remembered on the device and used (marked old) until a new
 * reading comes; 'Locate me' asks whenever the person wants; a spot can be set by hand.
 * Once the device says no, a remembered device reading is dropped (a spot set by hand stays):
 * pages would otherwise measure from where the person was days ago while the map shows the
 * default city.
 */
import {
  ERROR_MESSAGES,
  positionAfterDenial,
  STORAGE_KEYS,
  USER_MESSAGES,
  type LatLng,
} from '@playspot/core';
import { handleError } from '../../lib/handle-error.ts';
import { isNativeApp } from '../../platform/device.ts';
import { PositionError } from '../../platform/device-position.ts';
import {
  getCurrentPosition,
  isGeolocationSupported,
  queryPositionPermission,
} from '../../platform/geolocation.ts';
import { readStoredFlag, setStoredFlag } from '../../platform/storage.ts';
import { messageForPositionFailure } from './position-messages.ts';
import { forgetRememberedPosition, readRememberedPosition, rememberPosition } from './remembered-position.ts';
import type { UserPosition } from './user-position.ts';

export type PositionStatus =
  /** Not asked (yet, or because the person declined before). */
  'idle' | 'checking' | 'locating' | 'located' | 'denied' | 'unavailable';

export interface UserPositionState {
  /** The newest position: read in this visit, or remembered from an earlier one. */
  readonly position: UserPosition | null;
  readonly status: PositionStatus;
  readonly permissionDialogOpen: boolean;
  /** The check has run: the device was asked whether it may tell the position. */
  readonly checked: boolean;
}

/** How a page starts the check: the map asks when undecided; a shared place page never does. */
export interface StartOptions {
  readonly askWhenUndecided: boolean;
}

/** Read on first use, not at import: in the native app the device's settings load first. */
let state: UserPositionState | null = null;
let started = false;
/** Whether a page that may open the permission dialog has started the check. */
let mayAsk = false;
const listeners = new Set<() => void>();

function initialState(): UserPositionState {
  return { position: readRememberedPosition(), status: 'idle', permissionDialogOpen: false, checked: false };
}

function update(patch: Partial<UserPositionState>): void {
  state = { ...current(), ...patch };
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function current(): UserPositionState {
  state ??= initialState();
  return state;
}

export function snapshot(): UserPositionState {
  return current();
}

const NOTHING_KNOWN: UserPositionState = {
  position: null,
  status: 'idle',
  permissionDialogOpen: false,
  checked: false,
};

/** What the server draws with (it knows no device): a remembered position shows after hydration. */
export function serverSnapshot(): UserPositionState {
  return NOTHING_KNOWN;
}

function rememberDeclined(): void {
  setStoredFlag(STORAGE_KEYS.locationPermissionDenied);
}

/** The device will not tell the position: no device reading is used any more (core positionAfterDenial). */
function denied(): void {
  const position = positionAfterDenial(current().position);
  if (position === null) forgetRememberedPosition();
  update({ status: 'denied', position });
}

function usePosition(position: UserPosition): void {
  rememberPosition(position);
  update({ position, status: 'located' });
}

/**
 * One device reading (spec §9 options). Resolves with it, or null after saying why not
 * (`quiet`: without a message, for the automatic read on a page that never prompts).
 */
export async function requestPosition(options: { quiet?: boolean } = {}): Promise<UserPosition | null> {
  update({ status: 'locating' });
  try {
    const reading = await getCurrentPosition();
    const position: UserPosition = {
      lat: reading.lat,
      lng: reading.lng,
      source: 'device',
      accuracyM: reading.accuracy,
      readAt: new Date().toISOString(),
    };
    usePosition(position);
    return position;
  } catch (error) {
    const reason = error instanceof PositionError ? error.reason : 'unexpected';
    if (reason === 'permission-denied') {
      rememberDeclined();
      denied();
    } else update({ status: 'unavailable' });
    if (options.quiet) console.warn('Could not read the position', error);
    else handleError(error, messageForPositionFailure(reason, isNativeApp()));
    return null;
  }
}

/** The automatic check, once per page load (later pages share its answer). */
export function startPositionCheck(options: StartOptions): void {
  const couldAsk = mayAsk;
  mayAsk ||= options.askWhenUndecided;
  if (started) {
    // A page that may ask comes after one that may not (a shared place, then the map): if the
    // check found the answer undecided, the dialog opens now.
    if (
      !couldAsk &&
      mayAsk &&
      current().status === 'idle' &&
      !readStoredFlag(STORAGE_KEYS.locationPermissionDenied)
    )
      update({ permissionDialogOpen: true });
    return;
  }
  started = true;
  // Every way on from here ends in update(), which tells the listeners.
  state = { ...current(), checked: true };
  const declinedBefore = readStoredFlag(STORAGE_KEYS.locationPermissionDenied);
  if (!isGeolocationSupported()) {
    update({ status: 'unavailable' });
    if (!declinedBefore && mayAsk)
      handleError(new Error(ERROR_MESSAGES.geolocationNotSupported), USER_MESSAGES.locationAccessError);
    return;
  }
  update({ status: 'checking' });
  queryPositionPermission()
    .then(async (permission) => {
      // Already allowed: reading the position asks nobody anything, so it is no "request".
      if (permission === 'granted') {
        await requestPosition({ quiet: !mayAsk });
        return;
      }
      if (declinedBefore) {
        if (permission === 'denied') denied();
        else update({ status: 'idle' });
        return;
      }
      if (permission === 'denied') {
        rememberDeclined();
        denied();
        handleError(
          new PositionError('permission-denied', 'Location permission is denied'),
          messageForPositionFailure('permission-denied', isNativeApp()),
        );
        return;
      }
      update({ status: 'idle', permissionDialogOpen: mayAsk });
    })
    .catch((error: unknown) => {
      // The check failed, so the answer is still undecided: explain and let the person choose.
      update({ status: 'idle' });
      if (declinedBefore || !mayAsk) return;
      handleError(error, USER_MESSAGES.locationPermissionCheckError);
      update({ permissionDialogOpen: true });
    });
}

/** The dialog's one button: remember we asked, then let the browser ask. */
export function continueFromDialog(): void {
  rememberDeclined();
  update({ permissionDialogOpen: false });
  void requestPosition();
}

/** Backdrop or Escape: remember the person declined. */
export function dismissDialog(): void {
  rememberDeclined();
  update({ permissionDialogOpen: false });
}

export function setManualPosition(point: LatLng): void {
  usePosition({
    lat: point.lat,
    lng: point.lng,
    source: 'manual',
    accuracyM: null,
    readAt: new Date().toISOString(),
  });
}

/** Tests only: forget this page load (the store lives as long as the page). */
export function resetUserPositionStore(): void {
  state = initialState();
  started = false;
  mayAsk = false;
  listeners.clear();
}
