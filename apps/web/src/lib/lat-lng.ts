/**
 * A place's position as the API sends it (`latitude`, `longitude`) in the shape core's geo
 * rules and the map take (`{ lat, lng }`, which Leaflet accepts as a LatLngExpression).
 */
import type { LatLng } from '@playspot/core';

export function placeLatLng(place: { readonly latitude: number; readonly longitude: number }): LatLng {
  return { lat: place.latitude, lng: place.longitude };
}
