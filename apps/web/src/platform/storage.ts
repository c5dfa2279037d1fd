/**
 * Device storage (house style: the only module that touches localStorage/sessionStorage).
 * Storage can be missing or throw (private mode, disabled cookies, quota); reads then give
 * null and writes are dropped, so the app keeps working without remembering. Inside the
 * native app, what is kept ('local') lives in the device's Preferences instead, which the
 * system does not clear as it may a web view's storage.
 */
import { STORAGE_FLAG_TRUE } from '@playspot/core';
import { nativeShell } from './native-shell.ts';

type StorageArea = 'local' | 'session';

function area(kind: StorageArea): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStoredText(key: string, kind: StorageArea = 'local'): string | null {
  const preferences = kind === 'local' ? nativeShell()?.preferences : undefined;
  if (preferences) return preferences.read(key);
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStoredText(key: string, value: string, kind: StorageArea = 'local'): void {
  const preferences = kind === 'local' ? nativeShell()?.preferences : undefined;
  if (preferences) {
    preferences.write(key, value);
    return;
  }
  try {
    area(kind)?.setItem(key, value);
  } catch (error) {
    console.warn(`Could not save "${key}" on this device`, error);
  }
}

export function removeStored(key: string, kind: StorageArea = 'local'): void {
  const preferences = kind === 'local' ? nativeShell()?.preferences : undefined;
  if (preferences) {
    preferences.remove(key);
    return;
  }
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

/**
 * A preference the server also needs (the language its pages are drawn in), as a first-party
 * cookie for a year. Ignored where cookies cannot be written.
 */
export function writePreferenceCookie(name: string, value: string): void {
  try {
    document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax`;
  } catch {
    // No document (tests in Node) or cookies refused: the server then follows Accept-Language.
  }
}
