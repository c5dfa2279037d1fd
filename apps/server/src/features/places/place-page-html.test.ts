import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlace } from '@playspot/core/testing';
import { TEST_PUBLIC_URL, testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace } from '../../../test/places-fixtures.ts';
import { signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { uploadPhoto } from '../../../test/upload-fixtures.ts';
import { buildApp } from '../../app.ts';
import {
  escapeHtml,
  jsonForScript,
  placeHeadTags,
  placeIdFromPath,
  siteNameOf,
  withHeadTags,
  type PlaceHeadInput,
  type PlacePreview,
} from './place-page-html.ts';

const TWELVE = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'tr', 'uk', 'ar', 'ja'];
const LUEBECK = { name: 'Lübeck', country: 'DE', lat: 53.86893, lng: 10.68729 };

/** The template with a place's head, as the server writes it. */
function renderPlacePage(
  template: string,
  place: PlacePreview,
  publicUrl: URL,
  more: Partial<PlaceHeadInput> = {},
): string {
  return withHeadTags(
    template,
    placeHeadTags({
      place,
      facts: [],
      equipment: [],
      town: null,
      publicUrl,
      siteName: siteNameOf(template),
      languages: ['en'],
      language: null,
      ...more,
    }),
  );
}

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="PlaySpot: find, rate and share playgrounds."
    />
    <title>PlaySpot — play spots for families</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index-Ab12.js"></script></body>
</html>`;

const HOSTILE_NAME = `</script><script>alert(1)</script> "Tom's" <b>fort</b> & co`;

/** Every `content` / `href` attribute value and the JSON-LD of a page, decoded as a browser would. */
function headOf(html: string) {
  const decode = (text: string) =>
    text
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  const meta = (key: string) => {
    const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`, 'u').exec(html);
    return match?.[1] === undefined ? undefined : decode(match[1]);
  };
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/gu)];
  const title = /<title>([^<]*)<\/title>/u.exec(html)?.[1];
  return {
    meta,
    title: title === undefined ? undefined : decode(title),
    canonical: /<link rel="canonical" href="([^"]*)" \/>/u.exec(html)?.[1],
    hreflang: [...html.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)" \/>/gu)].map(
      (match) => [match[1], decode(match[2] ?? '')],
    ),
    oembed: decode(
      /<link rel="alternate" type="application\/json\+oembed" href="([^"]*)"/u.exec(html)?.[1] ?? '',
    ),
    jsonLd: scripts.map((match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>),
    titles: html.match(/<title>/gu)?.length ?? 0,
    descriptions: html.match(/<meta name="description"/gu)?.length ?? 0,
  };
}

describe('placeIdFromPath', () => {
  it.each([
    ['/locations/0f8fad5b-d9cb-469f-a165-70867728950e', '0f8fad5b-d9cb-469f-a165-70867728950e'],
    ['/locations/0F8FAD5B-D9CB-469F-A165-70867728950E/?from=share', '0f8fad5b-d9cb-469f-a165-70867728950e'],
    ['/locations/new', null],
    ['/locations/0f8fad5b-d9cb-469f-a165-70867728950e/edit', null],
    ['/locations/not-an-id', null],
    ['/MapView', null],
  ])('%s → %s', (url, id) => {
    expect(placeIdFromPath(url)).toBe(id);
  });
});

describe('escaping', () => {
  it('escapes attribute text and keeps JSON from closing its script', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const json = jsonForScript({ name: '</script><!-- \u2028' });
    expect(json).not.toMatch(/[<>\u2028]/u);
    expect(JSON.parse(json)).toEqual({ name: '</script><!-- \u2028' });
  });

  it('reads the site name from the template title', () => {
    expect(siteNameOf(TEMPLATE)).toBe('PlaySpot');
    expect(siteNameOf('<title>Spielplatz-Karte | families</title>')).toBe('Spielplatz-Karte');
    expect(siteNameOf('<head></head>')).toBe('PlaySpot');
  });
});

describe('renderPlacePage', () => {
  const place = makePlace({
    id: '0f8fad5b-d9cb-469f-a165-70867728950e',
    name: HOSTILE_NAME,
    description: `A fort with "towers" & a </script> slide. ${'Lots to do. '.repeat(40)}`,
    latitude: 53.8655,
    longitude: 10.6866,
    imageMetaData: [
      {
        id: 'a1a1a1a1-0000-4000-8000-000000000001',
        url: '/api/files/old.webp',
        thumbnailUrl: '/api/files/old-small.webp',
        uploadedBy: { userName: 'Aroha' },
        lastUpdatedAt: '2026-01-01T00:00:00.000Z',
        canDelete: false,
      },
      {
        id: 'a1a1a1a1-0000-4000-8000-000000000002',
        url: '/api/files/new.webp',
        thumbnailUrl: '/api/files/new-small.webp',
        commentId: 'c0c0c0c0-0000-4000-8000-000000000001',
        uploadedBy: { userName: 'Ben' },
        lastUpdatedAt: '2026-02-01T00:00:00.000Z',
        canDelete: false,
      },
    ],
  });
  const html = renderPlacePage(TEMPLATE, place, new URL('https://playspot.example'));
  const head = headOf(html);

  it('gives the place its own title and description instead of the generic ones', () => {
    expect(head.titles).toBe(1);
    expect(head.descriptions).toBe(1);
    expect(head.title).toBe(`${HOSTILE_NAME} · PlaySpot`);
    expect(head.meta('description')?.length).toBeLessThanOrEqual(200);
    expect(head.meta('description')).toMatch(
      /^Playground \(53\.8655° N, 10\.6866° E\)\. A fort with "towers" & a <\/script> slide\./u,
    );
  });

  it('names its town in the title and says where in it, and links each language and oEmbed', () => {
    const url = 'https://playspot.example/locations/0f8fad5b-d9cb-469f-a165-70867728950e';
    const french = headOf(
      renderPlacePage(
        TEMPLATE,
        { ...place, name: 'Spielplatz', description: null },
        new URL('https://playspot.example'),
        {
          town: LUEBECK,
          languages: TWELVE,
          language: 'fr',
          facts: [{ key: 'toilets', value: 'yes', disputed: false }],
          equipment: [{ kind: 'slide', present: true, disputed: false }],
        },
      ),
    );
    expect(french.title).toBe('Spielplatz, Lübeck · PlaySpot');
    expect(french.meta('description')).toBe(
      'Playground, 380 m south of the centre of Lübeck (53.8655° N, 10.6866° E). Toilets, Slide. On PlaySpot, the free map of play spots shared by parents.',
    );
    expect(french.canonical).toBe(`${url}?lang=fr`);
    expect(french.hreflang).toHaveLength(13);
    expect(french.hreflang).toContainEqual(['ar', `${url}?lang=ar`]);
    expect(french.hreflang.at(-1)).toEqual(['x-default', url]);
    expect(french.oembed).toBe(
      `https://playspot.example/api/oembed?url=${encodeURIComponent(`${url}?lang=fr`)}&format=json`,
    );
    expect(french.jsonLd[0]).toMatchObject({
      '@id': `${url}?lang=fr`,
      address: { '@type': 'PostalAddress', addressLocality: 'Lübeck', addressCountry: 'DE' },
      amenityFeature: [
        { '@type': 'LocationFeatureSpecification', name: 'Toilets', value: true },
        { '@type': 'LocationFeatureSpecification', name: 'Slide', value: true },
      ],
    });
  });

  it('writes Open Graph, Twitter and canonical tags with the newest photo as an absolute thumbnail', () => {
    const url = 'https://playspot.example/locations/0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(head.canonical).toBe(url);
    expect(head.meta('og:title')).toBe(HOSTILE_NAME);
    expect(head.meta('og:url')).toBe(url);
    expect(head.meta('og:site_name')).toBe('PlaySpot');
    expect(head.meta('og:description')).toBe(head.meta('description'));
    expect(head.meta('og:image')).toBe('https://playspot.example/api/files/new-small.webp');
    expect(head.meta('twitter:card')).toBe('summary_large_image');
    expect(head.meta('twitter:title')).toBe(HOSTILE_NAME);
  });

  it('describes the place as schema.org JSON-LD', () => {
    expect(head.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Playground',
        '@id': head.canonical,
        name: HOSTILE_NAME,
        description: place.description?.trim(),
        url: head.canonical,
        geo: { '@type': 'GeoCoordinates', latitude: 53.8655, longitude: 10.6866 },
        isAccessibleForFree: true,
        photo: [
          'https://playspot.example/api/files/new-small.webp',
          'https://playspot.example/api/files/old-small.webp',
        ].map((photo) => ({ '@type': 'ImageObject', contentUrl: photo, url: photo })),
        image: 'https://playspot.example/api/files/new-small.webp',
      },
    ]);
  });

  it('lets no value out of its attribute or script: one script of our own, no markup from the name', () => {
    // The app's own module script and the JSON-LD are the only scripts; the name added none.
    expect(html.match(/<script/gu)).toHaveLength(2);
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('alert(1)</script>');
    expect(html.indexOf('</head>')).toBeGreaterThan(html.indexOf('application/ld+json'));
  });

  it('says "summary" and shows no image for a place without photos, and never who added it', () => {
    const bare = headOf(
      renderPlacePage(
        TEMPLATE,
        makePlace({
          name: 'Quiet Corner',
          description: null,
          imageMetaData: [],
          createdByUserName: 'mia_k',
        }),
        new URL('https://playspot.example'),
      ),
    );
    expect(bare.meta('og:image')).toBeUndefined();
    expect(bare.meta('twitter:card')).toBe('summary');
    expect(bare.meta('description')).toBe(
      'Playground (36.8597° S, 174.7752° E). On PlaySpot, the free map of play spots shared by parents.',
    );
    expect(JSON.stringify(bare)).not.toContain('mia_k');
  });
});

describeEachBackend('GET /locations/:id (server HTML)', (database) => {
  let app: FastifyInstance;
  let distDir: string;
  let person: SignedInTestUser;
  let placeId: string;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'playspot-place-page-'));
    writeFileSync(path.join(distDir, 'index.html'), TEMPLATE);
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      webDistDir: distDir,
    });
    person = await signInAs(app, 'PreviewMaker');
    placeId = (await addPlace(app, person, { name: HOSTILE_NAME, description: 'Shade & "swings".' })).id;
    await uploadPhoto(app, person, `/api/locations/${placeId}/photos`);
  });
  afterAll(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it("answers a place's page with its name in og:title and its photo, escaped", async () => {
    const response = await app.inject({ method: 'GET', url: `/locations/${placeId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/u);
    expect(response.headers['cache-control']).toBe('no-cache');
    const head = headOf(response.body);
    expect(head.meta('og:title')).toBe(HOSTILE_NAME);
    expect(head.meta('og:description')).toMatch(/\. Shade & "swings"\.$/u);
    expect(head.meta('og:image')).toMatch(
      new RegExp(`^${TEST_PUBLIC_URL.origin}/api/files/locations/${placeId}/`, 'u'),
    );
    expect(head.canonical).toBe(`${TEST_PUBLIC_URL.origin}/locations/${placeId}`);
    expect(response.body.match(/<script/gu)).toHaveLength(2);
    expect(response.body).not.toContain('PreviewMaker');
  });

  it('serves the plain app for an unknown place, the add page and other routes', async () => {
    for (const url of ['/locations/0f8fad5b-d9cb-469f-a165-70867728950e', '/locations/new', '/AboutUs']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(TEMPLATE);
    }
  });
});
