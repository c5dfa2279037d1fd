/**
 * What the native app's shell offers the app (platform/native/ implements it, the platform
 * adapters call it through native-shell.ts): below both, so neither imports the other's code.
 */
import type { SignInProvider } from '@playspot/core';
import type { DevicePosition, PositionPermissionState } from './device-position.ts';
import type { SharedLink, ShareOutcome } from './shared-link.ts';

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
    permission(): Promise<PositionPermissionState>;
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
