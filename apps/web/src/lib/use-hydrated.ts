/**
 * False while React hydrates the server's HTML (and on the server), true from then on and in
 * every render of a page the browser drew itself. What only the device knows (code not loaded
 * yet, a stored position, the platform) is drawn as the server drew it until this is true,
 * so the first render in the browser matches the server's HTML exactly (issue 42).
 */
import { useSyncExternalStore } from 'react';

const nothingChanges = () => () => undefined;
const inTheBrowser = () => true;
const asTheServerDrewIt = () => false;

export function useHydrated(): boolean {
  return useSyncExternalStore(nothingChanges, inTheBrowser, asTheServerDrewIt);
}

/**
 * `differs`, but false while hydrating. Where the browser's value rarely differs from the
 * server's, this costs nothing then: React redraws a component synchronously after hydration
 * only when its store's value there differs from the server's, and for a component as large as
 * the map that one task is long (issue 42).
 */
export function useAfterHydration(differs: boolean): boolean {
  return useSyncExternalStore(nothingChanges, () => differs, asTheServerDrewIt);
}
