import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { languageAlternates, requestedLanguage } from './language-urls.ts';
import {
  placePagePath,
  placesPerSitemap,
  robotsTxt,
  SITEMAP_END,
  SITEMAP_MAX_BYTES,
  SITEMAP_MAX_URLS,
  SITEMAP_START,
  sitemapIndexXml,
  sitemapPageEntries,
} from './sitemaps.ts';

const ORIGIN = 'https://playspot.example';
const TWELVE = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'tr', 'uk', 'ar', 'ja'];
const ID = '3f1c1f0e-8a53-4c55-9a39-8d1d2f0c6b11';
const WHEN = new Date('2026-11-28T10:11:12.345Z');

describe('language addresses', () => {
  it('one per language and x-default, none with a single language', () => {
    const alternates = languageAlternates(ORIGIN, '/MapView', TWELVE);
    expect(alternates).toHaveLength(13);
    expect(alternates[1]).toEqual({ hreflang: 'de', href: `${ORIGIN}/MapView?lang=de` });
    expect(alternates.at(-1)).toEqual({ hreflang: 'x-default', href: `${ORIGIN}/MapView` });
    expect(languageAlternates(ORIGIN, '/MapView', ['en'])).toEqual([]);
  });

  it.each([
    ['fr', 'fr'],
    ['FR', null],
    ['xx', null],
    [['fr'], null],
    [undefined, null],
  ])('?lang=%j names %j', (value, expected) => {
    expect(requestedLanguage(value, TWELVE)).toBe(expected);
  });
});

describe('sitemaps', () => {
  it('a place is one URL with one language', () => {
    expect(sitemapPageEntries(ORIGIN, placePagePath(ID), WHEN, ['en'])).toBe(
      `<url><loc>${ORIGIN}/locations/${ID}</loc><lastmod>2026-11-28T10:11:12Z</lastmod></url>\n`,
    );
  });

  it('with twelve languages, 13 URLs each naming all 13 versions', () => {
    const entries = sitemapPageEntries(ORIGIN, placePagePath(ID), WHEN, TWELVE);
    expect(entries.match(/<url>/gu)).toHaveLength(13);
    expect(entries.match(/<xhtml:link /gu)).toHaveLength(13 * 13);
    expect(entries).toContain(`<loc>${ORIGIN}/locations/${ID}?lang=ar</loc>`);
    expect(entries).toContain(`hreflang="x-default" href="${ORIGIN}/locations/${ID}"`);
  });

  it('the index names each sitemap with its last change', () => {
    expect(
      sitemapIndexXml([
        { loc: `${ORIGIN}/sitemaps/places-1.xml`, lastModified: WHEN },
        { loc: `${ORIGIN}/sitemaps/places-2.xml?a=1&b=2`, lastModified: null },
      ]),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        `<sitemap><loc>${ORIGIN}/sitemaps/places-1.xml</loc><lastmod>2026-11-28T10:11:12Z</lastmod></sitemap>\n` +
        `<sitemap><loc>${ORIGIN}/sitemaps/places-2.xml?a=1&amp;b=2</loc></sitemap>\n</sitemapindex>\n`,
    );
  });

  it.each([
    [['en'], 50_000],
    [TWELVE, 1_984],
  ])('places per sitemap with %j', (languages, expected) => {
    expect(placesPerSitemap(ORIGIN, languages)).toBe(expected);
  });

  it('a full sitemap keeps both limits, whatever the origin and languages', () => {
    fc.assert(
      fc.property(
        fc.webUrl({ withFragments: false, withQueryParameters: false }).map((url) => new URL(url).origin),
        fc.uniqueArray(fc.constantFrom(...TWELVE), { minLength: 1, maxLength: 12 }),
        (origin, languages) => {
          const places = placesPerSitemap(origin, languages);
          const one = sitemapPageEntries(
            origin,
            placePagePath('ffffffff-ffff-ffff-ffff-ffffffffffff'),
            WHEN,
            languages,
          );
          const urls = (one.match(/<url>/gu)?.length ?? 0) * places;
          const bytes =
            new TextEncoder().encode(one).length * places + SITEMAP_START.length + SITEMAP_END.length;
          expect(urls).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
          expect(bytes).toBeLessThanOrEqual(SITEMAP_MAX_BYTES);
        },
      ),
    );
  });
});

describe('robotsTxt', () => {
  it('opens pages, closes the API, accounts and moderation, names the sitemap', () => {
    const text = robotsTxt(ORIGIN);
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/u);
    for (const closed of ['/api/', '/profile', '/moderation', '/locations/new', '/embed'])
      expect(text).toContain(`Disallow: ${closed}\n`);
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml\n`);
  });
});
