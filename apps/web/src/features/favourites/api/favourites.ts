/** My places (issue 18): the places a parent saved, and saving or removing one. */
import { type FavouriteList, type LatLng } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, checkedBy } from '../../../lib/api-client.ts';

const favouritePath = (locationId: string) => `/api/me/favourites/${encodeURIComponent(locationId)}`;

/** Every query of the list starts with this key: a save or removal refreshes them all. */
export const FAVOURITES_KEY = ['me', 'favourites'] as const;

export function favouritesQueryOptions(from: LatLng | null, enabled: boolean) {
  return queryOptions({
    queryKey: [...FAVOURITES_KEY, from],
    queryFn: ({ signal }): Promise<FavouriteList> =>
      apiRequest('/api/me/favourites', {
        query: from ? { lat: from.lat, lng: from.lng } : {},
        lazySchema: checkedBy('favouriteListSchema'),
        signal,
      }),
    enabled,
  });
}

export function useFavourites(from: LatLng | null, enabled: boolean) {
  return useQuery(favouritesQueryOptions(from, enabled));
}

export function setFavourite(locationId: string, saved: boolean) {
  return apiRequest(favouritePath(locationId), {
    method: saved ? 'PUT' : 'DELETE',
    lazySchema: checkedBy('favouriteStateSchema'),
  });
}
