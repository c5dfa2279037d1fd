/**
 * Every place within Right now's reach of the person, page after page (issue 45: the list's
 * first page of 50 was a sample, and "From the 50 places within 3 km" said less than the 81
 * there were). Unfiltered: Right now applies the age itself and answers about facilities
 * the map's filters may hide.
 */
import {
  PLACES_PAGE_MAX,
  RIGHT_NOW_REACH_KM,
  type LatLng,
  type PlaceSummary,
  type PlaceSummaryList,
} from '@playspot/core';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** 1 000 places within 3 km is more than any town has; past that, the nearest 1 000. */
export const IN_REACH_PAGES_MAX = 5;

export async function getPlacesInReach(from: LatLng, signal?: AbortSignal): Promise<PlaceSummary[]> {
  const places: PlaceSummary[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < IN_REACH_PAGES_MAX; page += 1) {
    const answer: PlaceSummaryList = await apiRequest<PlaceSummaryList>('/api/locations/summaries', {
      query: {
        lat: from.lat,
        lng: from.lng,
        radiusKm: RIGHT_NOW_REACH_KM,
        limit: PLACES_PAGE_MAX,
        ...(cursor === null ? {} : { cursor }),
      },
      unchecked: true,
      signal,
    });
    places.push(...answer.items);
    if (answer.nextCursor == null) break;
    cursor = answer.nextCursor;
  }
  return places;
}

/** Null while there is no position; offline it fails at once (the panel then uses the list's). */
export function usePlacesInReach(from: LatLng | null) {
  return useQuery({
    queryKey: ['locations', 'in-reach', from && { lat: from.lat, lng: from.lng }],
    queryFn: ({ signal }) => getPlacesInReach(from ?? { lat: 0, lng: 0 }, signal),
    enabled: from !== null,
    retry: false,
    staleTime: 60_000,
  });
}
