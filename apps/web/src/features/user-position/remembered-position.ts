/**
 * The last known position, kept on this device only (STORAGE_KEYS.lastKnownPosition), so a
 * returning parent opens where they were instead of on the default city. Never sent anywhere.
 */
import { isUsablePosition, rememberedPositionSchema, STORAGE_KEYS, type KnownPosition } from '@playspot/core';
import { readStoredText, writeStoredText } from '../../platform/storage.ts';

export function readRememberedPosition(): KnownPosition | null {
  const text = readStoredText(STORAGE_KEYS.lastKnownPosition);
  if (text === null) return null;
  try {
    const parsed = rememberedPositionSchema.safeParse(JSON.parse(text));
    return parsed.success && isUsablePosition(parsed.data) ? parsed.data : null;
  } catch {
    // Not JSON (an older version, or edited by hand): as if nothing were remembered.
    return null;
  }
}

export function rememberPosition(position: KnownPosition): void {
  writeStoredText(STORAGE_KEYS.lastKnownPosition, JSON.stringify(position));
}
