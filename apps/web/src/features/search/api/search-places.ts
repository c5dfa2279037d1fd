/** GET /api/locations/search: places by name or keywords near the map's centre (50 km by default). */
import { type LatLng, type PlaceList } from '@playspot/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, checkedBy } from '../../../lib/api-client.ts';

/** Enough to choose from on a phone screen. */
export const SEARCH_RESULT_LIMIT = 8;

export function searchPlaces(text: string, center: LatLng, signal?: AbortSignal): Promise<PlaceList> {
  return apiRequest('/api/locations/search', {
    query: { q: text, lat: center.lat, lng: center.lng, limit: SEARCH_RESULT_LIMIT },
    lazySchema: checkedBy('placeListSchema'),
    signal,
  });
}

/** `text` null: nothing to search yet. The centre is rounded so small pans reuse the answer. */
export function usePlaceSearch(text: string | null, center: LatLng) {
  const rounded = { lat: Number(center.lat.toFixed(2)), lng: Number(center.lng.toFixed(2)) };
  return useQuery(
    queryOptions({
      queryKey: ['locations', 'search', text, rounded],
      queryFn: ({ signal }) => searchPlaces(text ?? '', rounded, signal),
      enabled: text !== null,
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  );
}
