/**
 * What an embed shows, from its address (issue 47): places by id, the places around a centre
 * (`lat`, `lng`, `radius` in km) or in a box (`bbox=west,south,east,north`), the map's filters
 * as the API takes them, and the language (`lang`). Only the names below go to the API; the
 * API checks their values.
 */
import { embedPlaceIds, givenCentre, LANGUAGE_PARAMETER, type LatLng } from '@playspot/core';

/** The map filters an embed passes on to GET /api/locations/summaries. */
const FILTER_PARAMETERS = [
  'indoor',
  'free',
  'ageRange',
  'recentlyAdded',
  'popular',
  'has',
  'equipment',
] as const;

/** Places an embed lists around a centre. */
export const EMBED_LIST_LIMIT = 50;

export type EmbedQuery =
  | { readonly kind: 'ids'; readonly ids: readonly string[] }
  | {
      readonly kind: 'near';
      readonly centre: LatLng;
      readonly radiusKm: number | null;
      readonly filters: URLSearchParams;
    };

function numberOf(params: URLSearchParams, name: string): number | null {
  const value = params.get(name);
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** A box's centre and the radius that holds it (half its diagonal). */
function boxArea(value: string | null): { centre: LatLng; radiusKm: number } | null {
  const parts = (value ?? '').split(',').map(Number);
  const [west, south, east, north] = parts;
  if (
    parts.length !== 4 ||
    west === undefined ||
    south === undefined ||
    east === undefined ||
    north === undefined
  )
    return null;
  if (!parts.every(Number.isFinite) || south >= north || south < -90 || north > 90) return null;
  const centre = {
    lat: (south + north) / 2,
    lng: west <= east ? (west + east) / 2 : (((west + east + 360) / 2 + 180) % 360) - 180,
  };
  const width = ((east - west + 360) % 360 || 360) * 111.32 * Math.cos((centre.lat * Math.PI) / 180);
  const height = (north - south) * 111.32;
  return { centre, radiusKm: Math.max(0.1, Math.hypot(width, height) / 2) };
}

export function embedQueryOf(params: URLSearchParams, defaultCentre: LatLng): EmbedQuery {
  const ids = embedPlaceIds(params.get('ids'));
  if (ids.length > 0) return { kind: 'ids', ids };
  const filters = new URLSearchParams();
  for (const name of FILTER_PARAMETERS) for (const value of params.getAll(name)) filters.append(name, value);
  const box = boxArea(params.get('bbox'));
  if (box !== null) return { kind: 'near', centre: box.centre, radiusKm: box.radiusKm, filters };
  const given = givenCentre(numberOf(params, 'lat'), numberOf(params, 'lng'), numberOf(params, 'radius'));
  if (given !== null) return { kind: 'near', centre: given.center, radiusKm: given.radiusKm, filters };
  return { kind: 'near', centre: defaultCentre, radiusKm: null, filters };
}

/** The language the address names, if the embed speaks it. */
export function addressLanguage(params: URLSearchParams, languages: readonly string[]): string | null {
  const asked = params.get(LANGUAGE_PARAMETER);
  return asked !== null && languages.includes(asked) ? asked : null;
}
