/**
 * Embedding PlaySpot on another site (issue 47): the `/embed` map's address, and oEmbed 1.0
 * (oembed.com) for a place page or a map view. A council's or a school's page gets an
 * `<iframe>` of `/embed`, the only address of PlaySpot that may be framed.
 */
import { givenCentre, type GivenCentre } from '../geo.ts';
import { LANGUAGE_PARAMETER } from '../constants.ts';

/** The embeddable map's path. */
export const EMBED_PATH = '/embed';

/** Most places an embed lists by id (a council's own selection). */
export const EMBED_MAX_IDS = 50;

/** oEmbed's default and largest frame (CSS pixels), when the consumer asks for none or more. */
export const EMBED_DEFAULT_SIZE = { width: 600, height: 450 } as const;
export const EMBED_MIN_SIZE = { width: 240, height: 240 } as const;
export const EMBED_MAX_SIZE = { width: 1600, height: 1200 } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;
const PLACE_PAGE = /^\/locations\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/iu;

/** What an embed shows: one place, or the map around a centre (or the default view). */
export type EmbedTarget =
  | { readonly kind: 'place'; readonly placeId: string; readonly language: string | null }
  | { readonly kind: 'map'; readonly centre: GivenCentre | null; readonly language: string | null };

function numberParameter(params: URLSearchParams, name: string): number | null {
  const value = params.get(name);
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/**
 * What a PlaySpot page URL shows, when it is one that can be embedded: a place's page or
 * /MapView (with its centre, if any), on `origin`. Null for any other address.
 */
export function embedTargetOf(
  pageUrl: string,
  origin: string,
  languages: readonly string[],
): EmbedTarget | null {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  const asked = url.searchParams.get(LANGUAGE_PARAMETER);
  const language = asked !== null && languages.includes(asked) ? asked : null;
  const place = PLACE_PAGE.exec(url.pathname);
  if (place?.[1] !== undefined) return { kind: 'place', placeId: place[1].toLowerCase(), language };
  if (url.pathname.replace(/\/$/u, '').toLowerCase() !== '/mapview') return null;
  const params = url.searchParams;
  const centre = givenCentre(
    numberParameter(params, 'lat'),
    numberParameter(params, 'lng'),
    numberParameter(params, 'radius'),
  );
  return { kind: 'map', centre, language };
}

/** The `/embed` address (path and query) that shows `target`. */
export function embedPathOf(target: EmbedTarget): string {
  const params = new URLSearchParams();
  if (target.kind === 'place') params.set('ids', target.placeId);
  else if (target.centre !== null) {
    params.set('lat', target.centre.center.lat.toFixed(6));
    params.set('lng', target.centre.center.lng.toFixed(6));
    params.set('radius', String(target.centre.radiusKm));
  }
  if (target.language !== null) params.set(LANGUAGE_PARAMETER, target.language);
  const query = params.toString();
  return query === '' ? EMBED_PATH : `${EMBED_PATH}?${query}`;
}

/** A size the consumer asked for, within PlaySpot's bounds. */
export function embedSize(maxWidth: number | undefined, maxHeight: number | undefined) {
  const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value));
  return {
    width: clamp(maxWidth ?? EMBED_DEFAULT_SIZE.width, EMBED_MIN_SIZE.width, EMBED_MAX_SIZE.width),
    height: clamp(maxHeight ?? EMBED_DEFAULT_SIZE.height, EMBED_MIN_SIZE.height, EMBED_MAX_SIZE.height),
  };
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const attribute = (text: string) => text.replace(/[&<>"']/gu, (char) => ATTRIBUTE_ESCAPES[char] ?? char);

/**
 * The `<iframe>` a site pastes. Fixed size for oEmbed (its consumers lay out by width and
 * height); `responsive` fills the column up to the width, at the full height (a phone's
 * narrow column keeps room for both the map and the list), for the share menu's code.
 */
export function embedIframeHtml(
  src: string,
  title: string,
  size: { readonly width: number; readonly height: number },
  responsive = false,
): string {
  const style = responsive
    ? ` style="width:100%;max-width:${String(size.width)}px;height:${String(size.height)}px;border:0"`
    : ' style="border:0"';
  return `<iframe src="${attribute(src)}" title="${attribute(title)}" width="${String(size.width)}" height="${String(size.height)}"${style} loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>`;
}

/** Ids given to an embed (`ids=a,b,c`): valid ones only, each once, at most EMBED_MAX_IDS. */
export function embedPlaceIds(value: string | null): string[] {
  if (value === null) return [];
  const ids = value
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter((id) => UUID.test(id));
  return [...new Set(ids)].slice(0, EMBED_MAX_IDS);
}
