/**
 * GET /api/locations/summaries around a centre: the list, nearest first, each with its
 * distanceKm, in the summary shape (about 10 KiB for 50 places; the full place comes with
 * its own page).
 */
import type { LatLng, PlaceFilters, PlaceSummaryList } from '@playspot/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { filterQuery } from './filter-query.ts';

/** Enough to fill the list on any screen; the map shows the rest. */
export const NEARBY_LIST_LIMIT = 50;

export function getNearbyPlaces(
  center: LatLng,
  filters: PlaceFilters,
  signal?: AbortSignal,
): Promise<PlaceSummaryList> {
  return apiRequest<PlaceSummaryList>('/api/locations/summaries', {
    query: {
      lat: center.lat,
      lng: center.lng,
      radiusKm: filters.radiusKm,
      limit: NEARBY_LIST_LIMIT,
      ...filterQuery(filters),
    },
    unchecked: true,
    signal,
  });
}

export function nearbyPlacesQueryOptions(center: LatLng, filters: PlaceFilters) {
  return queryOptions({
    queryKey: [
      'locations',
      'nearby',
      { lat: center.lat, lng: center.lng },
      filterQuery(filters),
      filters.radiusKm,
    ],
    queryFn: ({ signal }) => getNearbyPlaces(center, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useNearbyPlaces(center: LatLng, filters: PlaceFilters, enabled = true) {
  return useQuery({ ...nearbyPlacesQueryOptions(center, filters), enabled });
}
