/**
 * GET /api/locations/:id: one place in full, for the map's card of a marker not in the list
 * and for the place page (one cache entry, so both show the same place).
 */
import type { Place } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export function getPlace(locationId: string, signal?: AbortSignal): Promise<Place> {
  return apiRequest<Place>(`/api/locations/${encodeURIComponent(locationId)}`, {
    unchecked: true,
    signal,
  });
}

export function placeQueryOptions(locationId: string | null) {
  return queryOptions({
    queryKey: ['locations', 'one', locationId],
    queryFn: ({ signal }) => {
      if (locationId === null) throw new Error('No location chosen');
      return getPlace(locationId, signal);
    },
    enabled: locationId !== null,
  });
}

/** `enabled: false` waits (the place page's one read brings it, app/routes/place-page-read.ts). */
export function usePlaceDetails(locationId: string | null, options: { readonly enabled?: boolean } = {}) {
  const query = placeQueryOptions(locationId);
  return useQuery({ ...query, enabled: locationId !== null && options.enabled !== false });
}
