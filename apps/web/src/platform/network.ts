/**
 * Whether the device has a connection, as the browser knows it (navigator.onLine and the
 * online/offline events). "Online" can still mean a dead connection; the API client's
 * network errors and the service worker's timeouts cover that.
 */

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/** Calls `onChange` whenever the connection comes or goes; returns an unsubscribe. */
export function onConnectivityChange(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
