/** GET /api/locations/viewport: the markers (or cluster bubbles) for the visible part of the map. */
import type { BoundingBox, PlaceFilters, ViewportResult } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { filterQuery } from './filter-query.ts';

export interface MapViewport {
  readonly box: BoundingBox;
  /** Whole zoom level, as the server's clustering expects. */
  readonly zoom: number;
}

export function getViewportPlaces(
  viewport: MapViewport,
  filters: PlaceFilters,
  signal?: AbortSignal,
): Promise<ViewportResult> {
  return apiRequest<ViewportResult>('/api/locations/viewport', {
    query: { ...viewport.box, zoom: viewport.zoom, ...filterQuery(filters) },
    unchecked: true,
    signal,
  });
}

export function viewportPlacesQueryOptions(viewport: MapViewport | null, filters: PlaceFilters) {
  const filterKey = filterQuery(filters);
  return queryOptions({
    queryKey: ['locations', 'viewport', viewport, filterKey],
    queryFn: ({ signal }) => {
      if (viewport === null) throw new Error('The map has no viewport yet');
      return getViewportPlaces(viewport, filters, signal);
    },
    enabled: viewport !== null,
    // While panning, keep the old markers on screen until the new ones arrive (no flashing
    // empty map); after a filter change, drop them, as they may not match any more.
    placeholderData: (previous, previousQuery) =>
      previousQuery && JSON.stringify(previousQuery.queryKey[3]) === JSON.stringify(filterKey)
        ? previous
        : undefined,
  });
}

export function useViewportPlaces(viewport: MapViewport | null, filters: PlaceFilters) {
  return useQuery(viewportPlacesQueryOptions(viewport, filters));
}
