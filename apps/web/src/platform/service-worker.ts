/**
 * The installable app's service worker (built by vite-plugin-pwa into /sw.js): registered
 * after the page has loaded, in production builds in a browser only (the native shell serves
 * its files itself; `vite dev` has no worker). A new version waits until the person chooses
 * to reload: `onUpdateReady` gets the function that switches to it and reloads the page.
 * `onFirstControl` runs when a first worker takes charge of the page (the page's earlier
 * requests did not pass through it, so asking again saves them).
 */
import { isNativeApp } from './device.ts';

export type ApplyUpdate = () => void;

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
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
