/** GET /api/towns: towns and suburbs by name (GeoNames), ranked by core's rules on the server. */
import { type LatLng, type TownList } from '@playspot/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, checkedBy } from '../../../lib/api-client.ts';

/** A few towns above the places: a name typed is more often a place than a town. */
export const TOWN_RESULT_LIMIT = 4;

/** `near` only breaks ties; without it nothing but the text is sent. */
export function searchTowns(text: string, near: LatLng | null, signal?: AbortSignal): Promise<TownList> {
  return apiRequest('/api/towns', {
    query: near
      ? { q: text, lat: near.lat, lng: near.lng, limit: TOWN_RESULT_LIMIT }
      : { q: text, limit: TOWN_RESULT_LIMIT },
    lazySchema: checkedBy('townListSchema'),
    signal,
  });
}

/**
 * `text` null: nothing to search yet. The centre is rounded to a degree (it only breaks ties),
 * so answers are reused across the map and kept a day: a town asked once is found offline.
 */
export function useTownSearch(text: string | null, center: LatLng) {
  const rounded = { lat: Math.round(center.lat), lng: Math.round(center.lng) };
  return useQuery(
    queryOptions({
      queryKey: ['towns', text, rounded],
      queryFn: ({ signal }) => searchTowns(text ?? '', rounded, signal),
      enabled: text !== null,
      placeholderData: keepPreviousData,
      staleTime: 24 * 60 * 60 * 1000,
      gcTime: 24 * 60 * 60 * 1000,
    }),
  );
}
