/**
 * What a place's page asks first, for the server to answer before it draws the page
 * (render.tsx): each query's key as the app caches it, the API path, and how the cached value
 * is read from the answer. The keys come from the queries' own options, so they cannot drift.
 * Everything the page shows first is here (issue 42): what the server draws is what the API
 * says at that moment, and the app's first render finds it all in its cache.
 */
import type { QueryKey } from '@tanstack/react-query';
import { placeConditionsQueryOptions } from '../features/conditions/api/conditions.ts';
import { locationEventsQueryOptions } from '../features/events/api/get-location-events.ts';
import {
  landmarkAmong,
  landmarkCandidatesPath,
  nearestNamedPlaceQueryOptions,
} from '../features/location-details/api/get-nearest-named-place.ts';
import { placeEquipmentQueryOptions } from '../features/location-details/api/place-equipment.ts';
import { placeFactsQueryOptions } from '../features/location-details/api/place-facts.ts';
import { locationQueryOptions } from '../lib/api/get-location.ts';

export interface PlacePageQuery {
  readonly queryKey: QueryKey;
  readonly path: string;
  /** The cached value from the answer's JSON. */
  readonly select: (json: unknown) => unknown;
  /** Without this answer there is no page (the place itself). */
  readonly required: boolean;
  /**
   * The API's answer again from the cached value, for the offline copy (the service worker's
   * `playspot-places` keeps the API's answers); absent for a read that copy does not keep.
   */
  readonly answer?: (cached: unknown) => unknown;
}

const asIs = (json: unknown) => json;

export function placePageQueries(placeId: string): PlacePageQuery[] {
  const base = `/api/locations/${encodeURIComponent(placeId)}`;
  return [
    {
      queryKey: locationQueryOptions(placeId).queryKey,
      path: base,
      select: asIs,
      required: true,
      answer: asIs,
    },
    {
      queryKey: placeFactsQueryOptions(placeId).queryKey,
      path: `${base}/facts`,
      select: asIs,
      required: false,
      answer: asIs,
    },
    {
      queryKey: placeEquipmentQueryOptions(placeId).queryKey,
      path: `${base}/equipment`,
      select: asIs,
      required: false,
      answer: asIs,
    },
    {
      // Live conditions as they are now: the HTML, link previews and search engines see them too.
      queryKey: placeConditionsQueryOptions(placeId).queryKey,
      path: `${base}/conditions`,
      select: asIs,
      required: false,
      answer: asIs,
    },
    {
      queryKey: locationEventsQueryOptions(placeId).queryKey,
      path: `${base}/events`,
      // getLocationEvents caches the list, not the envelope.
      select: (json) => (json as { events: unknown }).events,
      required: false,
      answer: (events) => ({ events }),
    },
  ];
}

/** The place's landmark ("400 m north of …"), read once its position is known. */
export function landmarkQuery(place: {
  readonly id: string;
  readonly name: string;
  readonly latitude: number;
  readonly longitude: number;
}): PlacePageQuery {
  return {
    queryKey: nearestNamedPlaceQueryOptions(place).queryKey,
    path: landmarkCandidatesPath(place),
    select: (json) => landmarkAmong(place, (json as { items: Parameters<typeof landmarkAmong>[1] }).items),
    required: false,
  };
}
