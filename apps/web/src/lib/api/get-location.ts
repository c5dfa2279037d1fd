/**
 * GET /api/locations/:id: one location in full, for the map's card of a marker not in the list
 * and for the place page (one cache entry, so both show the same place).
 */
import type { Location } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export function getLocation(locationId: string, signal?: AbortSignal): Promise<Location> {
  return apiRequest<Location>(`/api/locations/${encodeURIComponent(locationId)}`, {
    unchecked: true,
    signal,
  });
}

export function locationQueryOptions(locationId: string | null) {
  return queryOptions({
    queryKey: ['locations', 'one', locationId],
    queryFn: ({ signal }) => {
      if (locationId === null) throw new Error('No location chosen');
      return getLocation(locationId, signal);
    },
    enabled: locationId !== null,
  });
}

/** `enabled: false` waits (the place page's one read brings it, app/routes/place-page-read.ts). */
export function useLocationDetails(locationId: string | null, options: { readonly enabled?: boolean } = {}) {
  const query = locationQueryOptions(locationId);
  return useQuery({ ...query, enabled: locationId !== null && options.enabled !== false });
}
