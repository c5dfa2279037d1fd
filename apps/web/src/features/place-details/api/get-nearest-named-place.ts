/**
 * The nearest other place we know with a real name (not a generic 'Playground, …'), to say
 * where a place is in words: the importer keeps no street address, and coordinates mean
 * nothing to a parent. Uses the map's lean summaries, nearest first.
 */
import {
  LANDMARK_CANDIDATES,
  LANDMARK_RADIUS_KM,
  landmarkAmong,
  type Landmark,
  type PlaceSummaryList,
} from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { placeLatLng } from '../../../lib/lat-lng.ts';
import { usePartReadAllowed } from '../../../lib/place-page-reading.ts';

export type { Landmark };

/** The place a landmark is looked up for. */
interface NamedPlace {
  readonly id: string;
  readonly name: string;
  readonly latitude: number;
  readonly longitude: number;
}

export async function getNearestNamedPlace(
  place: NamedPlace,
  signal?: AbortSignal,
): Promise<Landmark | null> {
  const { items } = await apiRequest<PlaceSummaryList>('/api/locations/summaries', {
    query: { ...placeLatLng(place), radiusKm: LANDMARK_RADIUS_KM, limit: LANDMARK_CANDIDATES },
    // Drawn with the place page: unchecked, like the page's other first reads (api-client.ts).
    unchecked: true,
    signal,
  });
  return landmarkAmong(place, items);
}

export function nearestNamedPlaceQueryOptions(place: NamedPlace) {
  return queryOptions({
    queryKey: ['locations', 'landmark', place.id, place.latitude, place.longitude],
    queryFn: ({ signal }) => getNearestNamedPlace(place, signal),
    staleTime: 10 * 60_000,
  });
}

export function useNearestNamedPlace(place: NamedPlace) {
  return useQuery({ ...nearestNamedPlaceQueryOptions(place), enabled: usePartReadAllowed() });
}
