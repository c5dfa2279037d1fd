/**
 * A place page the server drew arrives with its answer in the HTML, so the app never fetches
 * it and the service worker never saves it: offline, the place would be "never opened here"
 * (issue 42). Once the first screen is done, the page's one answer is saved where the worker
 * saves the answers it fetches itself (config/offline-caches.ts), dated when the server read
 * it, so the page opens offline with its "as of" time and expires after the same 7 days.
 */
import type { QueryClient } from '@tanstack/react-query';
import { OFFLINE_CACHES } from '../config/offline-caches.ts';
import { placePagePath, placePageQueryKey } from '../app/routes/place-page-read.ts';
import { afterFirstScreen } from '../lib/after-first-screen.ts';
import { apiUrl } from '../lib/api-client.ts';

const PLACE_PAGE = /^\/locations\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/iu;

export async function keepDrawnPlaceOffline(queryClient: QueryClient, pathname: string): Promise<void> {
  const placeId = PLACE_PAGE.exec(pathname)?.[1];
  if (placeId === undefined || typeof caches === 'undefined') return;
  await afterFirstScreen();
  try {
    const state = queryClient.getQueryState(placePageQueryKey(placeId));
    if (state?.data === undefined) return;
    const cache = await caches.open(OFFLINE_CACHES.places);
    const url = apiUrl(placePagePath(placeId));
    // The app may have fetched it again meanwhile (signed in: with the caller's own votes).
    const saved = await cache.match(url, { ignoreVary: true });
    const savedAt = Date.parse(saved?.headers.get('date') ?? '');
    if (savedAt >= Math.floor(state.dataUpdatedAt / 1000) * 1000) return;
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      date: new Date(state.dataUpdatedAt).toUTCString(),
    };
    await cache.put(url, new Response(JSON.stringify(state.data), { headers }));
  } catch (error) {
    // Only the offline copy is missing: the page itself is fine.
    console.warn('The place could not be kept for offline use', error);
  }
}
