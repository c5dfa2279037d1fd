/**
 * The app's life on the device: Android's back button walks back through the app's pages
 * (and leaves the app from the first one), and a universal/app link (a shared place) opens
 * that page in the app.
 */
import { App } from '@capacitor/app';
import type { NativeShell } from '../native-shell-contract.ts';

export function followBackButton(): void {
  void App.addListener('backButton', ({ canGoBack }) => {
    if (canGoBack) window.history.back();
    else void App.exitApp();
  });
}

/** The path of a link to our own site, or null for anything else. */
export function appPathOf(url: string, siteOrigin: string): string | null {
  if (!URL.canParse(url)) return null;
  const link = new URL(url);
  if (link.origin !== siteOrigin) return null;
  return `${link.pathname}${link.search}${link.hash}`;
}

export function listenForAppLinks(siteOrigin: string): NativeShell['onAppLink'] {
  const handlers = new Set<(path: string) => void>();
  let pending: string | null = null;
  void App.addListener('appUrlOpen', ({ url }) => {
    const path = appPathOf(url, siteOrigin);
    if (path === null) return;
    // A link that launched the app can arrive before the router listens: kept for it.
    if (handlers.size === 0) pending = path;
    for (const handler of handlers) handler(path);
  });
  return (handler) => {
    handlers.add(handler);
    if (pending !== null) {
      handler(pending);
      pending = null;
    }
    return () => {
      handlers.delete(handler);
    };
  };
}
