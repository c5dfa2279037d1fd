/**
 * What a place's page asks first, for the server to answer before it draws the page
 * (render.tsx): each query's key as the app caches it, the API path, and how the cached value
 * is read from the answer. The keys come from the queries' own options, so they cannot drift.
 */
import type { QueryKey } from '@tanstack/react-query';
import { locationEventsQueryOptions } from '../features/events/api/get-location-events.ts';
import { placeFactsQueryOptions } from '../features/location-details/api/place-facts.ts';
import { locationQueryOptions } from '../lib/api/get-location.ts';

export interface PlacePageQuery {
  readonly queryKey: QueryKey;
  readonly path: string;
  /** The cached value from the answer's JSON. */
  readonly select: (json: unknown) => unknown;
  /** Without this answer there is no page (the place itself). */
  readonly required: boolean;
}

const asIs = (json: unknown) => json;

export function placePageQueries(placeId: string): PlacePageQuery[] {
  const base = `/api/locations/${encodeURIComponent(placeId)}`;
  return [
    { queryKey: locationQueryOptions(placeId).queryKey, path: base, select: asIs, required: true },
    {
      queryKey: placeFactsQueryOptions(placeId).queryKey,
      path: `${base}/facts`,
      select: asIs,
      required: false,
    },
    {
      queryKey: locationEventsQueryOptions(placeId).queryKey,
      path: `${base}/events`,
      // getLocationEvents caches the list, not the envelope.
      select: (json) => (json as { events: unknown }).events,
      required: false,
    },
  ];
}
