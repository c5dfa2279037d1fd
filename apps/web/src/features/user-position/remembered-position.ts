/**
 * The last known position, kept on this device only (STORAGE_KEYS.lastKnownPosition), so a
 * returning parent opens where they were instead of on the default city. Never sent anywhere.
 */
import { isUsablePosition, rememberedPositionFrom, STORAGE_KEYS, type KnownPosition } from '@playspot/core';
import { readStoredText, removeStored, writeStoredText } from '../../platform/storage.ts';

export function readRememberedPosition(): KnownPosition | null {
  const text = readStoredText(STORAGE_KEYS.lastKnownPosition);
  if (text === null) return null;
  try {
    const position = rememberedPositionFrom(JSON.parse(text));
    return position !== null && isUsablePosition(position) ? position : null;
  } catch {
    // Not JSON (an older version, or edited by hand): as if nothing were remembered.
    return null;
  }
}

export function rememberPosition(position: KnownPosition): void {
  writeStoredText(STORAGE_KEYS.lastKnownPosition, JSON.stringify(position));
}

export function forgetRememberedPosition(): void {
  removeStored(STORAGE_KEYS.lastKnownPosition);
}
