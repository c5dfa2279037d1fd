/**
 * Page hide and send-on-exit. 'pagehide' and 'visibilitychange' to hidden are the last
 * moments a page can reliably send data (tabs on phones are often killed without unload).
 */
import { sessionBearerToken } from './session-token.ts';

/** Calls `onHidden` whenever the page is hidden or unloaded; returns an unsubscribe. */
export function onPageHidden(onHidden: () => void): () => void {
  const handleVisibility = () => {
    if (document.visibilityState === 'hidden') onHidden();
  };
  window.addEventListener('pagehide', onHidden);
  document.addEventListener('visibilitychange', handleVisibility);
  return () => {
    window.removeEventListener('pagehide', onHidden);
    document.removeEventListener('visibilitychange', handleVisibility);
  };
}

/**
 * Queues a POST that survives the page closing. A string body goes as text/plain, a
 * CORS-safe type every browser accepts for beacons. False when the browser refused it.
 * In the native app a beacon could not carry the session's bearer token: a keepalive fetch
 * does the same with it.
 */
export function sendBeacon(url: string, body: string): boolean {
  const token = sessionBearerToken();
  if (token !== null) {
    void fetch(url, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${token}` },
    }).catch(() => undefined);
    return true;
  }
  if (typeof navigator.sendBeacon !== 'function') return false;
  try {
    return navigator.sendBeacon(url, body);
  } catch {
    return false;
  }
}
