/**
 * Device storage (house style: the only module that touches localStorage/sessionStorage).
 * Storage can be missing or throw (private mode, disabled cookies, quota); reads then give
 * null and writes are dropped, so the app keeps working without remembering.
 */
import { STORAGE_FLAG_TRUE } from '@playspot/core';

type StorageArea = 'local' | 'session';

function area(kind: StorageArea): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStoredText(key: string, kind: StorageArea = 'local'): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStoredText(key: string, value: string, kind: StorageArea = 'local'): void {
  try {
    area(kind)?.setItem(key, value);
  } catch (error) {
    console.warn(`Could not save "${key}" on this device`, error);
  }
}

export function removeStored(key: string, kind: StorageArea = 'local'): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/** A flag is set when its key holds the string 'true' (spec §9). */
export function readStoredFlag(key: string): boolean {
  return readStoredText(key) === STORAGE_FLAG_TRUE;
}

export function setStoredFlag(key: string): void {
  writeStoredText(key, STORAGE_FLAG_TRUE);
}
