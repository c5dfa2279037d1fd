/**
 * Starts the native shell: the device's saved settings and session are read before the app
 * draws anything, the status bar matches the app, and the back button and app links are
 * wired. Only platform/native-shell.ts imports this module (a chunk of its own).
 */
import { Capacitor } from '@capacitor/core';
import { SplashScreen } from '@capacitor/splash-screen';
import { StatusBar, Style } from '@capacitor/status-bar';
import { env } from '../../config/env.ts';
import type { NativePlatform, NativeShell } from '../native-shell-contract.ts';
import { followBackButton, listenForAppLinks } from './app-events.ts';
import { nativeLinks } from './links.ts';
import { pickPhotos } from './photos.ts';
import { nativePosition } from './position.ts';
import { loadPreferences } from './preferences.ts';
import { loadSession } from './session.ts';
import { availableProviders, nativeSignIn } from './sign-in.ts';

/** The app's warm background (DESIGN.md), behind the status bar on Android. */
const STATUS_BAR_COLOR = '#fff7ed';

async function styleStatusBar(platform: NativePlatform): Promise<void> {
  // Dark text and icons: the app's header is light.
  await StatusBar.setStyle({ style: Style.Light });
  if (platform === 'android') await StatusBar.setBackgroundColor({ color: STATUS_BAR_COLOR });
}

export async function startNativeShell(): Promise<NativeShell> {
  const platform: NativePlatform = Capacitor.getPlatform() === 'android' ? 'android' : 'ios';
  const [preferences, session] = await Promise.all([loadPreferences(), loadSession()]);
  styleStatusBar(platform).catch((error: unknown) => {
    console.warn('The status bar could not be styled', error);
  });
  followBackButton();
  return {
    platform,
    preferences,
    session,
    position: nativePosition,
    signInProviders: () => availableProviders(platform),
    ...nativeSignIn(platform),
    ...nativeLinks,
    pickPhotos,
    onAppLink: listenForAppLinks(env.apiOrigin),
    appReady: () => {
      void SplashScreen.hide();
    },
  };
}
