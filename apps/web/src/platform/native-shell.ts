/**
 * The native app's shell (Capacitor), loaded only inside the iOS/Android app: its code and
 * the plugins' JavaScript are a separate chunk that the web never downloads. `prepareNativeShell`
 * runs before the first render (main.tsx), so the device's saved settings and session are
 * in memory when the app reads them; afterwards `nativeShell()` answers synchronously.
 */
import { isNativeApp } from './device.ts';
import type { NativeShell } from './native-shell-contract.ts';

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
