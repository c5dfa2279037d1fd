/** A full Place seen as the map's summary: for a marker's card when the place is not listed. */
import type { Place, PlaceSummary } from '@playspot/core';
import { placeLatLng } from '../../../lib/lat-lng.ts';
import { firstPhoto } from './place-photo.ts';

export function summaryOfPlace(place: Place): PlaceSummary {
  const photo = firstPhoto(place);
  return {
    id: place.id,
    name: place.name,
    ...placeLatLng(place),
    indoor: place.indoor,
    free: place.free,
    ageRanges: place.ageRanges,
    upVotes: place.votes.up,
    ...(photo ? { thumbnailUrl: photo.thumbnailUrl } : {}),
  };
}
