/**
 * A place page's title and description for search results and link previews (issue 47):
 * unique per place, with its town. Many places share a name ("Spielplatz" is most of
 * Lübeck's), so the description says where in the town it is, and where on the globe to
 * about 10 m (four decimals), which no two places share.
 * In English, like the JSON-LD: the page's own text follows the parent's language.
 */
import { bearingDegrees, compassPoint, distanceKm, formatDistance, type LatLng } from '../geo.ts';

/** Search engines and messengers show about this much of a description. */
export const PAGE_DESCRIPTION_MAX_LENGTH = 200;

export interface PageTown extends LatLng {
  readonly name: string;
}

export interface PageWordsInput {
  readonly name: string;
  readonly description: string | null;
  readonly indoor: boolean | null;
  readonly position: LatLng;
  readonly town: PageTown | null;
  /** What a parent looks for that is known there ('Toilets', 'Slide'…). */
  readonly features: readonly string[];
  readonly siteName: string;
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** 'Spielplatz, Lübeck · PlaySpot' (the town left out when the name already says it). */
export function placePageTitle(input: Pick<PageWordsInput, 'name' | 'town' | 'siteName'>): string {
  const { name, town, siteName } = input;
  const withTown =
    town === null || name.toLocaleLowerCase().includes(town.name.toLocaleLowerCase())
      ? name
      : `${name}, ${town.name}`;
  return `${withTown} · ${siteName}`;
}

/** Where the place is: '1.2 km north-east of the centre of Lübeck', or 'in the centre of …'. */
export function whereInTown(position: LatLng, town: PageTown): string {
  const km = distanceKm(town, position);
  if (km < 0.1) return `in the centre of ${town.name}`;
  return `${formatDistance(km)} ${compassPoint(bearingDegrees(town, position))} of the centre of ${town.name}`;
}

/** '53.8755° N, 10.7005° E'. */
export function coordinatesInWords(position: LatLng): string {
  const lat = `${Math.abs(position.lat).toFixed(4)}° ${position.lat < 0 ? 'S' : 'N'}`;
  const lng = `${Math.abs(position.lng).toFixed(4)}° ${position.lng < 0 ? 'W' : 'E'}`;
  return `${lat}, ${lng}`;
}

export function placePageDescription(input: PageWordsInput): string {
  const kind = input.indoor === true ? 'Indoor play place' : 'Playground';
  const town = input.town === null ? '' : `, ${whereInTown(input.position, input.town)}`;
  const where = `${town} (${coordinatesInWords(input.position)})`;
  const own = input.description?.trim() ?? '';
  const features = input.features.length === 0 ? '' : ` ${input.features.slice(0, 6).join(', ')}.`;
  const opening = `${kind}${where}.`;
  // The where comes first: clipping takes from the end.
  const text =
    own === ''
      ? `${opening}${features} On ${input.siteName}, the free map of play spots shared by parents.`
      : `${opening} ${own}`;
  return clip(text, PAGE_DESCRIPTION_MAX_LENGTH);
}
