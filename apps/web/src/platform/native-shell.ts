/**
 * The native app's shell (Capacitor), loaded only inside the iOS/Android app: its code and
 * the plugins' JavaScript are a separate chunk that the web never downloads. `prepareNativeShell`
 * runs before the first render (main.tsx), so the device's saved settings and session are
 * in memory when the app reads them; afterwards `nativeShell()` answers synchronously.
 */
import type { SignInProvider } from '@playspot/core';
import { isNativeApp } from './device.ts';
import type { DevicePosition, LocationPermissionState } from './geolocation.ts';
import type { SharedLink, ShareOutcome } from './share.ts';

export type NativePlatform = 'ios' | 'android';

/** What the device's sign-in SDK returned for the server's ID-token exchange. */
export interface DeviceIdentity {
  readonly idToken: string;
  /** Apple gives the person's name to the app on the first sign-in only. */
  readonly name?: { readonly givenName?: string; readonly familyName?: string };
}

export interface NativeShell {
  readonly platform: NativePlatform;
  /** Preferences (UserDefaults / SharedPreferences), held in memory since start. */
  readonly preferences: {
    read(key: string): string | null;
    write(key: string, value: string): void;
    remove(key: string): void;
  };
  /** The bearer token, in the Keychain / Android Keystore. */
  readonly session: {
    token(): string | null;
    save(token: string): Promise<void>;
    clear(): Promise<void>;
  };
  readonly position: {
    permission(): Promise<LocationPermissionState>;
    current(): Promise<DevicePosition>;
  };
  /** The sign-in providers this device's SDKs can use with this build's client ids. */
  signInProviders(): readonly SignInProvider[];
  /** The provider's sheet; the ID token carries `nonce`. Rejects with SignInCancelled. */
  signIn(provider: SignInProvider, nonce: string): Promise<DeviceIdentity>;
  signOutOfProviders(): Promise<void>;
  /** A web page in the system browser (SFSafariViewController / Custom Tabs). */
  openInBrowser(url: string): Promise<void>;
  /** Another app by URL: maps (geo:, maps.apple.com), mail, phone. */
  openApp(url: string): Promise<void>;
  share(link: SharedLink & { readonly url: string }): Promise<ShareOutcome>;
  /** Photos from the camera (one) or the library (up to `limit`); none when cancelled. */
  pickPhotos(source: 'camera' | 'library', limit: number): Promise<File[]>;
  /** A universal/app link opened the app: its path (e.g. /locations/…) to show. */
  onAppLink(handler: (path: string) => void): () => void;
  /** The first screen is drawn: the splash screen can go. */
  appReady(): void;
}

/** The person closed the provider's sheet: nothing to report. */
export class SignInCancelled extends Error {
  constructor() {
    super('Sign-in was cancelled');
    this.name = 'SignInCancelled';
  }
}

let shell: NativeShell | null = null;

export async function prepareNativeShell(): Promise<void> {
  if (!isNativeApp()) return;
  const { startNativeShell } = await import('./native/start.ts');
  shell = await startNativeShell();
}

/** The native shell inside the app; null on the web. */
export function nativeShell(): NativeShell | null {
  return shell;
}
