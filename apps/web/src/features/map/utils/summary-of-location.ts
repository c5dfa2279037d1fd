/** A full Location seen as the map's summary: for a marker's card when the place is not listed. */
import type { Location, LocationSummary } from '@playspot/core';
import { placeLatLng } from '../../../lib/lat-lng.ts';
import { firstPhoto } from './location-photo.ts';

export function summaryOfLocation(location: Location): LocationSummary {
  const photo = firstPhoto(location);
  return {
    id: location.id,
    name: location.name,
    ...placeLatLng(location),
    indoor: location.indoor,
    free: location.free,
    ageRanges: location.ageRanges,
    upVotes: location.votes.up,
    ...(photo ? { thumbnailUrl: photo.thumbnailUrl } : {}),
  };
}
