/**
 * The installable app's service worker (built by vite-plugin-pwa into /sw.js): registered
 * after the page has loaded and gone idle, in production builds in a browser only (the native shell serves
 * its files itself; `vite dev` has no worker). A new version waits until the person chooses
 * to reload: `onUpdateReady` gets the function that switches to it and reloads the page.
 * `onFirstControl` runs when a first worker takes charge of the page (the page's earlier
 * requests did not pass through it, so asking again saves them).
 */
import { isNativeApp } from './device.ts';

export type ApplyUpdate = () => void;

/** The longest the worker waits for an idle moment after the page has loaded. */
const IDLE_TIMEOUT_MS = 5000;

export function registerServiceWorker(handlers: {
  readonly onUpdateReady: (applyUpdate: ApplyUpdate) => void;
  readonly onFirstControl: () => void;
}): void {
  if (!import.meta.env.PROD || isNativeApp() || !('serviceWorker' in navigator)) return;
  const register = async () => {
    // Loaded only here: workbox-window is not needed to draw anything.
    const { Workbox } = await import('workbox-window');
    const worker = new Workbox('/sw.js', { scope: '/' });
    worker.addEventListener('controlling', (event) => {
      if (!event.isUpdate) handlers.onFirstControl();
    });
    worker.addEventListener('waiting', () => {
      handlers.onUpdateReady(() => {
        worker.addEventListener('controlling', () => {
          window.location.reload();
        });
        worker.messageSkipWaiting();
      });
    });
    await worker.register();
  };
  const start = () => {
    register().catch((error: unknown) => {
      console.warn('The offline copy of PlaySpot could not be set up', error);
    });
  };
  // After the load event and then the first idle moment (issue 28): precaching the app shell
  // competes with the first screen for the network and the main thread, so it waits for both.
  const whenIdle = () => {
    // Safari has no requestIdleCallback: a moment later instead.
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
    } else setTimeout(start, IDLE_TIMEOUT_MS / 5);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
