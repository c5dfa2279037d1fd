/**
 * The HTML of a shared place (/locations/:id): the web app's index.html with the place's own
 * <title> and description (with its town), canonical URL, its other languages' addresses
 * (`hreflang`), the oEmbed discovery link, Open Graph and Twitter card tags and schema.org
 * JSON-LD (core placeStructuredData), so a search result or a messenger preview shows its
 * name, town and photo. Only what the place page shows anyone
 * signed out: name, description, first photo, where it is; never who added it or visited.
 *
 * Every value is escaped for where it goes: attribute text for the meta tags, and JSON with
 * `<`, `>`, `&` and the line separators written as \u escapes inside the JSON-LD script, so a
 * place named `</script><script>…` stays text.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  featuresPresent,
  languageAlternates,
  languageUrl,
  placePageDescription,
  placePagePath,
  placePageTitle,
  placeStructuredData,
  type Place,
  type PageTown,
  type PlacePage,
  type StructuredEquipment,
  type StructuredFact,
} from '@playspot/core';

const PLACE_PATH = /^\/locations\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** The place id of a /locations/:id page path (not /locations/new, not the edit page), else null. */
export function placeIdFromPath(url: string): string | null {
  const pathname = url.split(/[?#]/u)[0] ?? '';
  return PLACE_PATH.exec(pathname)?.[1]?.toLowerCase() ?? null;
}

/** What a preview may say about a place: public fields only. */
export type PlacePreview = Pick<
  Place,
  | 'id'
  | 'name'
  | 'description'
  | 'latitude'
  | 'longitude'
  | 'indoor'
  | 'free'
  | 'imageMetaData'
  | 'attribution'
  | 'openingHours'
>;

/** The town a place is in or nearest to, for its title, description and address. */
export interface PlaceTown extends PageTown {
  readonly country: string;
}

/** Everything a place page's head says, as the page's reads give it (issue 47). */
export interface PlaceHeadInput {
  readonly place: PlacePreview;
  readonly facts: readonly StructuredFact[];
  readonly equipment: readonly StructuredEquipment[];
  readonly town: PlaceTown | null;
  readonly publicUrl: URL;
  readonly siteName: string;
  /** The languages pages are drawn in: with several, each has its address (`?lang=`). */
  readonly languages: readonly string[];
  /** The language the address names (`?lang=`), or null for the negotiated address. */
  readonly language: string | null;
}

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

/** The site's name from the template's <title> ('PlaySpot — play spots for families' → 'PlaySpot'). */
export function siteNameOf(template: string): string {
  const title = /<title>([^<]*)<\/title>/iu.exec(template)?.[1] ?? '';
  return title.split(/\s+[—–|-]\s+/u)[0]?.trim() || 'PlaySpot';
}

/** The place's photos, newest first, as absolute URLs of small renditions. */
function photoUrls(place: PlacePreview, publicUrl: URL): string[] {
  return [...place.imageMetaData]
    .map((image, order) => ({ image, order, at: Date.parse(image.lastUpdatedAt) }))
    .sort((a, b) => b.at - a.at || b.order - a.order)
    .map(({ image }) => new URL(image.thumbnailUrl ?? image.url, publicUrl).href);
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/**
 * The canonical address, the other languages' addresses (`hreflang`) and the oEmbed
 * discovery link of a server-drawn page: the same for /MapView and a place.
 */
export function addressTags(
  publicUrl: URL,
  pathname: string,
  languages: readonly string[],
  language: string | null,
  title: string,
): string[] {
  const canonical = languageUrl(publicUrl.origin, pathname, language);
  const oembed = new URL('/api/oembed', publicUrl);
  oembed.searchParams.set('url', canonical);
  oembed.searchParams.set('format', 'json');
  return [
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...languageAlternates(publicUrl.origin, pathname, languages).map(
      (alternate) =>
        `<link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeHtml(alternate.href)}" />`,
    ),
    `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembed.href)}" title="${escapeHtml(title)}" />`,
  ];
}

/** The head tags of a place's page (title first). */
export function placeHeadTags(input: PlaceHeadInput): string {
  const { place, publicUrl, siteName, town } = input;
  const path = placePagePath(place.id);
  const canonical = languageUrl(publicUrl.origin, path, input.language);
  const photos = photoUrls(place, publicUrl);
  const description = placePageDescription({
    name: place.name,
    description: place.description,
    indoor: place.indoor,
    position: { lat: place.latitude, lng: place.longitude },
    town,
    features: featuresPresent(input.facts, input.equipment),
    siteName,
  });
  const title = placePageTitle({ name: place.name, town, siteName });
  const image = photos[0] ?? null;
  const structured = placeStructuredData({
    place,
    facts: input.facts,
    equipment: input.equipment,
    openingHours: place.openingHours?.value ?? null,
    url: canonical,
    photos,
    town: town === null ? null : { name: town.name, country: town.country },
  });
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    ...addressTags(publicUrl, path, input.languages, input.language, title),
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
 * The template with `tags` in its head: a <title> or description among them replaces the
 * generic one. A template without a <head> is returned unchanged.
 */
export function withHeadTags(template: string, tags: string): string {
  if (!/<\/head>/iu.test(template)) return template;
  const withoutGeneric = template
    .replace(tags.includes('<title>') ? /<title>[^<]*<\/title>\s*/iu : /$^/u, '')
    .replace(tags.includes('name="description"') ? /<meta\s+name="description"[^>]*>\s*/iu : /$^/u, '');
  return withoutGeneric.replace(/<\/head>/iu, () => `    ${tags}\n  </head>`);
}

export interface PlacePagesOptions {
  readonly webDistDir: string;
  readonly publicUrl: URL;
  readonly languages: readonly string[];
  /** The town it is in or nearest to, or null. */
  readonly townNear: (position: { lat: number; lng: number }) => Promise<PlaceTown | null>;
}

/**
 * The SPA fallback's HTML for a place's page, its head made from the page's one answer (issue
 * 42: the same answer the page is drawn with). index.html is read once.
 */
export function createPlacePages(options: PlacePagesOptions) {
  let template: Promise<string> | null = null;
  return {
    async htmlFor(answer: PlacePage, language: string | null): Promise<string> {
      const { place } = answer;
      const town = await options.townNear({ lat: place.latitude, lng: place.longitude });
      template ??= readFile(path.join(options.webDistDir, 'index.html'), 'utf8');
      const page = await template;
      const tags = placeHeadTags({
        place,
        facts: answer.facts.facts,
        equipment: answer.equipment,
        town,
        publicUrl: options.publicUrl,
        siteName: siteNameOf(page),
        languages: options.languages,
        language,
      });
      return withHeadTags(page, tags);
    },
  };
}
