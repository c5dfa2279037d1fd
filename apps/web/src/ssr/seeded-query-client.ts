/**
 * The app's query cache, seeded with the answers the server drew a place's page with
 * (src/ssr/render.tsx; embedded as JSON in #ssr-state), so the app's first render shows the
 * same page instead of a spinner, and asks again only once they are stale. The answers are
 * also kept for offline use, as the service worker keeps those the app fetches.
 */
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client.ts';

export const SSR_STATE_ELEMENT_ID = 'ssr-state';

export function seededQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  const element = document.getElementById(SSR_STATE_ELEMENT_ID);
  if (element?.textContent) {
    try {
      hydrate(queryClient, JSON.parse(element.textContent) as DehydratedState);
      // Loaded on demand: it needs the place page's queries, which the first screen's code lacks.
      void import('./keep-drawn-place.ts').then(({ keepDrawnPlaceOffline }) =>
        keepDrawnPlaceOffline(queryClient, window.location.pathname),
      );
    } catch (error) {
      // Only a head start: without it the page asks the server itself.
      console.warn('The page data drawn by the server could not be read', error);
    }
  }
  return queryClient;
}
