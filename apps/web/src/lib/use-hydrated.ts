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
