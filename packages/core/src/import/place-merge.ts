/**
 * Duplicates across sources: the same playground from OSM and from a city's open data is one
 * location. Two records are the same place when their names have the same words (search
 * keywords, so case, accents' composition and punctuation do not matter), the same numbers
 * ('Spielplatz 12' is not 'Spielplatz 13': keywords hold letters only), and they lie within
 * MERGE_DISTANCE_M of each other.
 */
import { haversineKm, type LatLng } from '../geo.ts';
import { searchKeywords } from '../text.ts';

export const MERGE_DISTANCE_M = 30;

/** The comparable form of a name: its search keywords joined by spaces. */
export function placeNameKey(name: string): string {
  return searchKeywords(name).join(' ');
}

/** The numbers in a name, in order ('Spielplatz 12a' → '12'); the database computes the same. */
export function placeNameNumbers(name: string): string {
  return (name.match(/[0-9]+/g) ?? []).join(' ');
}

export interface NamedPoint extends LatLng {
  name: string;
}

export function isSamePlace(a: NamedPoint, b: NamedPoint): boolean {
  const key = placeNameKey(a.name);
  return (
    key !== '' &&
    key === placeNameKey(b.name) &&
    placeNameNumbers(a.name) === placeNameNumbers(b.name) &&
    haversineKm(a, b) * 1000 <= MERGE_DISTANCE_M
  );
}
