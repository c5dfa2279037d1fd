/**
 * The session's bearer token in the device's secure store (iOS Keychain, Android Keystore),
 * never in Preferences or the web view's storage, where other code could read it.
 */
import { SecureStorage } from '@aparajita/capacitor-secure-storage';
import type { NativeShell } from '../native-shell-contract.ts';

const TOKEN_KEY = 'sessionToken';

export async function loadSession(): Promise<NativeShell['session']> {
  let token: string | null = null;
  try {
    token = await SecureStorage.getItem(TOKEN_KEY);
  } catch (error) {
    // A Keychain that cannot be read (a restored backup on another device) means signed out.
    console.warn('The saved sign-in could not be read', error);
  }
  return {
    token: () => token,
    save: async (value) => {
      token = value;
      await SecureStorage.setItem(TOKEN_KEY, value);
    },
    clear: async () => {
      token = null;
      await SecureStorage.removeItem(TOKEN_KEY);
    },
  };
}
