/**
 * Sitemaps (sitemaps.org 0.9, issue 47): an index naming sitemaps of place pages, each within
 * the protocol's limits (50 000 URLs and 50 MB uncompressed). With several languages each
 * language's address is a URL of its own with every version beside it (`xhtml:link`), as
 * search engines ask: a place is then 13 URLs of 13 links each, so a sitemap holds far fewer
 * places. Pure text: the server streams these pieces, a place at a time.
 */
import { languageAlternates, languageUrl } from './language-urls.ts';

export const SITEMAP_MAX_URLS = 50_000;
/** The protocol's 50 MB, less a margin for estimates. */
export const SITEMAP_MAX_BYTES = 45 * 1024 * 1024;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/gu, (char) => XML_ESCAPES[char] ?? char);
}

/** W3C datetime, to the second in UTC (what sitemaps.org's `lastmod` takes). */
export function sitemapDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

export interface SitemapReference {
  readonly loc: string;
  readonly lastModified: Date | null;
}

export function sitemapIndexXml(sitemaps: readonly SitemapReference[]): string {
  const entries = sitemaps.map(
    (sitemap) =>
      `<sitemap><loc>${escapeXml(sitemap.loc)}</loc>${
        sitemap.lastModified === null ? '' : `<lastmod>${sitemapDate(sitemap.lastModified)}</lastmod>`
      }</sitemap>\n`,
  );
  return `${XML_DECLARATION}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`;
}

/** The opening of a sitemap of pages (the xhtml namespace for language links). */
export const SITEMAP_START = `${XML_DECLARATION}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
export const SITEMAP_END = '</urlset>\n';

/** The path of a place's page. */
export function placePagePath(placeId: string): string {
  return `/locations/${encodeURIComponent(placeId)}`;
}

/** A page's `<url>` entries: one per language address (or one), each naming every version. */
export function sitemapPageEntries(
  origin: string,
  pathname: string,
  lastModified: Date,
  languages: readonly string[],
): string {
  const lastmod = `<lastmod>${sitemapDate(lastModified)}</lastmod>`;
  const alternates = languageAlternates(origin, pathname, languages);
  if (alternates.length === 0)
    return `<url><loc>${escapeXml(languageUrl(origin, pathname, null))}</loc>${lastmod}</url>\n`;
  const links = alternates
    .map(
      (alternate) =>
        `<xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeXml(alternate.href)}"/>`,
    )
    .join('');
  return alternates
    .map((alternate) => `<url><loc>${escapeXml(alternate.href)}</loc>${lastmod}${links}</url>\n`)
    .join('');
}

/** URLs one page takes in a sitemap: each language's, and the negotiated one, or just one. */
export function urlsPerPage(languages: readonly string[]): number {
  return languages.length < 2 ? 1 : languages.length + 1;
}

/**
 * How many place pages one sitemap holds within both limits, for these languages on this
 * origin (the longest entry a place id can give, measured, not guessed).
 */
export function placesPerSitemap(origin: string, languages: readonly string[]): number {
  const widest = sitemapPageEntries(
    origin,
    placePagePath('ffffffff-ffff-ffff-ffff-ffffffffffff'),
    new Date(0),
    languages,
  );
  const bytesPerPlace = new TextEncoder().encode(widest).length;
  const startAndEnd = SITEMAP_START.length + SITEMAP_END.length;
  return Math.max(
    1,
    Math.min(
      Math.floor(SITEMAP_MAX_URLS / urlsPerPage(languages)),
      Math.floor((SITEMAP_MAX_BYTES - startAndEnd) / bytesPerPlace),
    ),
  );
}

/** robots.txt: public pages open, the API, accounts and moderation closed, the sitemap named. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // The API answers data, not pages; its document and open data are for people and programs.
    'Disallow: /api/',
    // A person's own pages and the moderators' console: nothing for a search engine.
    'Disallow: /profile',
    'Disallow: /moderation',
    'Disallow: /locations/new',
    'Disallow: /locations/*/edit',
    // The embeddable map is a frame for other sites, not a page of its own.
    'Disallow: /embed',
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
}
