/**
 * Sign-in with the device's own Google and Apple sheets, inside the native app. The web signs
 * in through a provider window instead (sign-in-window.ts).
 */
import type { SignInProvider } from '@playspot/core';
import type { DeviceIdentity } from './native-shell-contract.ts';
import { nativeShell } from './native-shell.ts';

export { SignInCancelled, type DeviceIdentity } from './native-shell-contract.ts';

/** Inside the native app, where only the device's sheets can sign in (no cookies, no popups). */
export function signsInOnDevice(): boolean {
  return nativeShell() !== null;
}

/** The providers this device can sign in with; empty on the web. */
export function deviceSignInProviders(): readonly SignInProvider[] {
  return nativeShell()?.signInProviders() ?? [];
}

export function signInOnDevice(provider: SignInProvider, nonce: string): Promise<DeviceIdentity> {
  const shell = nativeShell();
  if (!shell) return Promise.reject(new Error('Device sign-in exists only in the app'));
  return shell.signIn(provider, nonce);
}

export async function signOutOnDevice(): Promise<void> {
  await nativeShell()?.signOutOfProviders();
}
