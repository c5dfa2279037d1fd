/**
 * The nearest other place we know with a real name (not a generic 'Playground, …'), to say
 * where a place is in words: the importer keeps no street address, and coordinates mean
 * nothing to a parent. Uses the map's lean summaries, nearest first.
 */
import { type LatLng, type LocationSummaryList } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { placeLatLng } from '../../../lib/lat-lng.ts';

/** Beyond this, "2 km north of X" no longer helps anyone find the place. */
const LANDMARK_RADIUS_KM = 2;
const CANDIDATES = 6;

export interface Landmark extends LatLng {
  readonly name: string;
}

/** The place a landmark is looked up for. */
interface NamedPlace {
  readonly id: string;
  readonly name: string;
  readonly latitude: number;
  readonly longitude: number;
}

const GENERIC_NAME = /^(indoor )?playground(,|$)/iu;

/** The map's summaries around `place`, from which its landmark is picked. */
export function landmarkCandidatesPath(place: NamedPlace): string {
  const { lat, lng } = placeLatLng(place);
  const query = new URLSearchParams({
    lat: String(lat),
    lng: String(lng),
    radiusKm: String(LANDMARK_RADIUS_KM),
    limit: String(CANDIDATES),
  });
  return `/api/locations/summaries?${query.toString()}`;
}

/** The nearest candidate that names the place well (not itself, a namesake or a generic name). */
export function landmarkAmong(place: NamedPlace, items: LocationSummaryList['items']): Landmark | null {
  const sameName = (name: string) => name.trim().toLowerCase() === place.name.trim().toLowerCase();
  const landmark = items.find(
    (item) => item.id !== place.id && !sameName(item.name) && !GENERIC_NAME.test(item.name.trim()),
  );
  return landmark ? { name: landmark.name, lat: landmark.lat, lng: landmark.lng } : null;
}

export async function getNearestNamedPlace(
  place: NamedPlace,
  signal?: AbortSignal,
): Promise<Landmark | null> {
  const { items } = await apiRequest<LocationSummaryList>('/api/locations/summaries', {
    query: { ...placeLatLng(place), radiusKm: LANDMARK_RADIUS_KM, limit: CANDIDATES },
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
  return useQuery(nearestNamedPlaceQueryOptions(place));
}
