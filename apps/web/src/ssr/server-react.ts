/**
 * What the SSR build swaps in for two of react's exports in the app's code (see
 * build-tools/ssr-build.ts). React.lazy as the server sees it: always suspended, so the server
 * draws the Suspense fallback, exactly what the app's first render in the browser shows before
 * that code arrives. Only what is preloaded (lib/lazy-with-preload.ts) is drawn in full.
 */
import { useSyncExternalStore, type ComponentType } from 'react';

const NEVER = new Promise<never>(() => undefined);

export function serverLazy<Props extends object>(_load: () => Promise<unknown>): ComponentType<Props> {
  return function NotOnTheServer(): never {
    // React's renderToString draws the nearest Suspense fallback for a thrown promise.
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React's Suspense protocol
    throw NEVER;
  };
}

/**
 * useSyncExternalStore on the server: React asks for a server snapshot, which the app's
 * stores (read on the device) do not give; their first value is the same on both sides.
 */
export function serverUseSyncExternalStore<Snapshot>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  getServerSnapshot?: () => Snapshot,
): Snapshot {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot ?? getSnapshot);
}
