/**
 * Whether a place is indoor, outdoor or not known: the markers, the list's thumbnails and the
 * card draw each differently. Apart from the marker art, so the list does not load Leaflet.
 */
export type PlaceKind = 'indoor' | 'outdoor' | 'unknown';

export function placeKind(indoor: boolean | null): PlaceKind {
  if (indoor === null) return 'unknown';
  return indoor ? 'indoor' : 'outdoor';
}
