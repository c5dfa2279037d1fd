/**
 * The HTML of a shared place (/locations/:id): the web app's index.html with the place's own
 * <title>, description, canonical URL, Open Graph and Twitter card tags and schema.org JSON-LD,
 * so a messenger preview shows its name and photo. Only what the place page shows anyone
 * signed out: name, description, first photo, where it is; never who added it or visited.
 *
 * Every value is escaped for where it goes: attribute text for the meta tags, and JSON with
 * `<`, `>`, `&` and the line separators written as \u escapes inside the JSON-LD script, so a
 * place named `</script><script>…` stays text.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Location } from '@playspot/core';

/** Descriptions in previews are cut here (search engines and messengers show about this much). */
export const PREVIEW_DESCRIPTION_MAX_LENGTH = 200;

const PLACE_PATH = /^\/locations\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** The place id of a /locations/:id page path (not /locations/new, not the edit page), else null. */
export function placeIdFromPath(url: string): string | null {
  const pathname = url.split(/[?#]/u)[0] ?? '';
  return PLACE_PATH.exec(pathname)?.[1]?.toLowerCase() ?? null;
}

/** What a preview may say about a place: public fields only. */
export type PlacePreview = Pick<
  Location,
  'id' | 'name' | 'description' | 'latitude' | 'longitude' | 'indoor' | 'imageMetaData' | 'attribution'
>;

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside an HTML attribute value or element text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/gu, (char) => ATTRIBUTE_ESCAPES[char] ?? char);
}

/** JSON that cannot end its <script> element or open a comment: <, >, & and U+2028/9 as \u escapes. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/gu,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** The site's name from the template's <title> ('PlaySpot — play spots for families' → 'PlaySpot'). */
export function siteNameOf(template: string): string {
  const title = /<title>([^<]*)<\/title>/iu.exec(template)?.[1] ?? '';
  return title.split(/\s+[—–|-]\s+/u)[0]?.trim() || 'PlaySpot';
}

/** The photo a preview shows: the gallery's first (newest) one, as a small rendition. */
function previewImage(place: PlacePreview, publicUrl: URL): string | null {
  const newest = [...place.imageMetaData]
    .map((image, order) => ({ image, order, at: Date.parse(image.lastUpdatedAt) }))
    .sort((a, b) => b.at - a.at || b.order - a.order)[0]?.image;
  if (!newest) return null;
  return new URL(newest.thumbnailUrl ?? newest.url, publicUrl).href;
}

/** The head tags of a place's page (title first). */
export function placeHeadTags(place: PlacePreview, publicUrl: URL, siteName: string): string {
  const canonical = new URL(`/locations/${encodeURIComponent(place.id)}`, publicUrl).href;
  const kind = place.indoor === true ? 'An indoor play place' : 'A playground';
  const description = clip(
    place.description ?? `${kind} on ${siteName}, the free map of play spots shared by parents.`,
    PREVIEW_DESCRIPTION_MAX_LENGTH,
  );
  const title = `${place.name} · ${siteName}`;
  const image = previewImage(place, publicUrl);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const structured = {
    '@context': 'https://schema.org',
    '@type': place.indoor === true ? 'Place' : 'Playground',
    name: place.name,
    description,
    url: canonical,
    geo: { '@type': 'GeoCoordinates', latitude: place.latitude, longitude: place.longitude },
    ...(image === null ? {} : { image }),
  };
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', place.name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    ...(image === null
      ? []
      : [meta('property', 'og:image', image), meta('property', 'og:image:alt', `Photo of ${place.name}`)]),
    meta('name', 'twitter:card', image === null ? 'summary' : 'summary_large_image'),
    meta('name', 'twitter:title', place.name),
    meta('name', 'twitter:description', description),
    ...(image === null ? [] : [meta('name', 'twitter:image', image)]),
    `<script type="application/ld+json">${jsonForScript(structured)}</script>`,
  ].join('\n    ');
}

/**
 * The template with the place's tags: its own <title> and description replace the generic
 * ones, the rest goes before </head>. A template without a <head> is returned unchanged.
 */
export function renderPlacePage(template: string, place: PlacePreview, publicUrl: URL): string {
  if (!/<\/head>/iu.test(template)) return template;
  const tags = placeHeadTags(place, publicUrl, siteNameOf(template));
  const withoutGeneric = template
    .replace(/<title>[^<]*<\/title>\s*/iu, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/iu, '');
  return withoutGeneric.replace(/<\/head>/iu, () => `    ${tags}\n  </head>`);
}

export interface PlacePagesOptions {
  readonly webDistDir: string;
  readonly publicUrl: URL;
  /** The place as anyone signed out sees it, or null when there is none. */
  readonly findPlace: (id: string) => Promise<PlacePreview | null>;
}

/**
 * The SPA fallback's HTML for /locations/:id, or null for every other path (and for a place
 * that does not exist: the app then shows its own "not found"). index.html is read once.
 */
export function createPlacePages(options: PlacePagesOptions) {
  let template: Promise<string> | null = null;
  return {
    async htmlFor(url: string): Promise<string | null> {
      const id = placeIdFromPath(url);
      if (id === null) return null;
      const place = await options.findPlace(id);
      if (place === null) return null;
      template ??= readFile(path.join(options.webDistDir, 'index.html'), 'utf8');
      return renderPlacePage(await template, place, options.publicUrl);
    },
  };
}
