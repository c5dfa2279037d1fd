/**
 * The device's settings store (Capacitor Preferences: UserDefaults on iOS, SharedPreferences
 * on Android) instead of the web view's localStorage, which the system may clear. Read once
 * at start into memory, so the app reads synchronously as on the web; writes go to memory at
 * once and to the device in the background.
 */
import { Preferences } from '@capacitor/preferences';
import type { NativeShell } from '../native-shell-contract.ts';

export async function loadPreferences(): Promise<NativeShell['preferences']> {
  const values = new Map<string, string>();
  const { keys } = await Preferences.keys();
  await Promise.all(
    keys.map(async (key) => {
      const { value } = await Preferences.get({ key });
      if (value !== null) values.set(key, value);
    }),
  );
  const persist = (work: Promise<void>, key: string) => {
    work.catch((error: unknown) => {
      console.warn(`Could not save "${key}" on this device`, error);
    });
  };
  return {
    read: (key) => values.get(key) ?? null,
    write: (key, value) => {
      values.set(key, value);
      persist(Preferences.set({ key, value }), key);
    },
    remove: (key) => {
      values.delete(key);
      persist(Preferences.remove({ key }), key);
    },
  };
}
