/**
 * On a place's page, its parts (facts, equipment, conditions, events, landmark) come in the
 * page's one read (issue 42; app/routes/place-page-read.ts), which puts each into its own
 * query. While that read is under way, the parts' own queries wait instead of asking the
 * server for the same answers a second time. Anywhere else nothing waits.
 */
import { createContext, useContext } from 'react';

const PlacePageReading = createContext(false);

export const PlacePageReadingProvider = PlacePageReading.Provider;

/** Whether a part's own read may start now: not while the page's one read brings it. */
export function usePartReadAllowed(): boolean {
  return !useContext(PlacePageReading);
}

/** The API path of a place's page answer (the service worker keeps it for offline use). */
export function placePagePath(placeId: string): string {
  return `/api/locations/${encodeURIComponent(placeId)}/page`;
}
