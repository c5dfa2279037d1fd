import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { oembedResponseSchema, SITEMAP_MAX_URLS } from '@playspot/core';
import { TEST_PUBLIC_URL, testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace } from '../../../test/places-fixtures.ts';
import { signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';
import { createSitemaps } from './sitemaps.service.ts';

const ORIGIN = TEST_PUBLIC_URL.origin;
const TWELVE = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'tr', 'uk', 'ar', 'ja'];

/** The sitemaps an index names, as their paths. */
const sitemapsIn = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/gu)].map((match) => new URL(match[1] ?? '').pathname);

describeEachBackend('robots.txt, sitemaps and oEmbed', (database) => {
  let app: FastifyInstance;
  let person: SignedInTestUser;
  let placeId: string;

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    person = await signInAs(app, 'Mapper');
    placeId = (await addPlace(app, person, { name: 'Wallanlagen', latitude: 53.8655, longitude: 10.6866 }))
      .id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('robots.txt is text: public pages open, API, accounts and moderation closed, the sitemap named', async () => {
    const response = await app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain('Disallow: /api/\n');
    expect(response.body).toContain('Disallow: /moderation\n');
    expect(response.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml\n`);
  });

  it('lists a new place with its last change, and drops a removed one (the change feed)', async () => {
    const first = await app.inject({ url: '/sitemap.xml' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemapsIn(first.body)).toEqual(['/sitemaps/places-1.xml']);
    const tag = String(first.headers.etag);
    expect((await app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': tag } })).statusCode).toBe(
      304,
    );

    const sitemap = await app.inject({
      url: '/sitemaps/places-1.xml',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(sitemap.headers['content-encoding']).toBe('gzip');
    const xml = gunzipSync(sitemap.rawPayload).toString('utf8');
    expect(xml).toContain(`<loc>${ORIGIN}/locations/${placeId}</loc><lastmod>`);

    const added = await addPlace(app, person, { name: 'Buniamshof' });
    const after = await app.inject({ url: '/sitemaps/places-1.xml' });
    expect(after.headers['content-encoding']).toBeUndefined();
    expect(after.body).toContain(`/locations/${added.id}</loc>`);
    expect((await app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': tag } })).statusCode).toBe(
      200,
    );

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/locations/${added.id}`,
      headers: person.headers,
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect((await app.inject({ url: '/sitemaps/places-1.xml' })).body).not.toContain(added.id);
  });

  it.each([['/sitemaps/places-2.xml'], ['/sitemaps/places-0.xml'], ['/sitemaps/places-x.xml']])(
    '%s: no such sitemap, in the error shape',
    async (url) => {
      const response = await app.inject({ url });
      expect([400, 404]).toContain(response.statusCode);
      expect(response.json()).toMatchObject({ error: { code: expect.any(String) as unknown } });
    },
  );

  it('oEmbed: a place page gives a rich <iframe> of /embed with its name', async () => {
    const url = `${ORIGIN}/locations/${placeId}?lang=en`;
    const response = await app.inject({ url: '/api/oembed', query: { url, maxwidth: '500' } });
    expect(response.statusCode, response.body).toBe(200);
    const answer = oembedResponseSchema.parse(response.json());
    expect(answer).toMatchObject({
      type: 'rich',
      version: '1.0',
      title: 'Wallanlagen · PlaySpot',
      provider_name: 'PlaySpot',
      width: 500,
      height: 450,
    });
    expect(answer.html).toBe(
      `<iframe src="${ORIGIN}/embed?ids=${placeId}&amp;lang=en" title="Wallanlagen · PlaySpot" width="500" height="450" style="border:0" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>`,
    );
  });

  it('oEmbed: a map view gives the map around its centre', async () => {
    const url = `${ORIGIN}/MapView?lat=53.8655&lng=10.6866&radius=3`;
    const response = await app.inject({ url: '/api/oembed', query: { url, format: 'json' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ html: string }>().html).toContain(
      `src="${ORIGIN}/embed?lat=53.865500&amp;lng=10.686600&amp;radius=3"`,
    );
  });

  it.each([
    [{ url: 'https://elsewhere.example/MapView' }, 404],
    [{ url: `${ORIGIN}/profile` }, 404],
    [{ url: `${ORIGIN}/locations/0f8fad5b-d9cb-469f-a165-70867728950e` }, 404],
    [{ url: `${ORIGIN}/MapView`, format: 'xml' }, 501],
    [{ url: `${ORIGIN}/MapView`, maxwidth: '100' }, 501],
    [{ url: `${ORIGIN}/MapView`, maxwidth: 'wide' }, 400],
    [{ url: `${ORIGIN}/MapView`, colour: 'red' }, 400],
    [{}, 400],
  ])('oEmbed %j → %i in the error shape', async (query, status) => {
    const response = await app.inject({ url: '/api/oembed', query });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({
      error: { code: expect.any(String) as unknown, message: expect.any(String) as unknown },
    });
  });
});

describeEachBackend('sitemaps of 120 000 places', (database) => {
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    await database().query(sql`
      insert into locations (name, latitude, longitude, last_updated_at)
      select 'Place ' || i, -40 + (i % 1000) * 0.001, 170 + (i / 1000) * 0.001,
        timestamptz '2026-01-01T00:00:00Z' + i * interval '1 second'
      from generate_series(1, 120000) as i`);
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      mapIndex: false,
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  }, 300_000);
  afterAll(async () => {
    await app.close();
  });

  it('splits them 50 000 / 50 000 / 20 000, each streamed, with little memory', async () => {
    const index = await (await fetch(`${base}/sitemap.xml`)).text();
    expect(sitemapsIn(index)).toEqual([
      '/sitemaps/places-1.xml',
      '/sitemaps/places-2.xml',
      '/sitemaps/places-3.xml',
    ]);
    expect(index.match(/<lastmod>2026-01-02T09:20:00Z<\/lastmod>/gu)).toHaveLength(1);
    const before = process.memoryUsage();
    let peakHeap = before.heapUsed;
    let peakRss = before.rss;
    const counts: number[] = [];
    const seen = new Set<string>();
    for (const number of [1, 2, 3]) {
      // Read as it arrives, never as one string: the stream is what is measured.
      const response = await fetch(`${base}/sitemaps/places-${String(number)}.xml`);
      expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const decoder = new TextDecoder();
      let carry = '';
      let urls = 0;
      for await (const part of response.body ?? []) {
        const text = carry + decoder.decode(part as Uint8Array, { stream: true });
        const cut = text.lastIndexOf('</url>') + '</url>'.length;
        for (const match of text.slice(0, cut).matchAll(/<loc>[^<]*\/locations\/([^<]*)<\/loc>/gu)) {
          urls++;
          seen.add(match[1] ?? '');
        }
        carry = text.slice(cut);
        const now = process.memoryUsage();
        peakHeap = Math.max(peakHeap, now.heapUsed);
        peakRss = Math.max(peakRss, now.rss);
      }
      counts.push(urls);
    }
    expect(counts).toEqual([50_000, 50_000, 20_000]);
    expect(seen.size).toBe(120_000);
    const heapMb = (peakHeap - before.heapUsed) / 2 ** 20;
    const rssMb = (peakRss - before.rss) / 2 ** 20;
    console.log(
      `[sitemaps] 120 000 places in 3 sitemaps: heap grew at most ${heapMb.toFixed(1)} MB, RSS ${rssMb.toFixed(1)} MB while streaming (server and reader in one process)`,
    );
    // The whole XML is about 17 MB; streamed, the process never holds it (gzipped copies kept: ~2 MB).
    expect(heapMb).toBeLessThan(64);
  }, 300_000);

  it('with twelve languages a sitemap is 13 URLs a place, within both limits', async () => {
    const sitemaps = createSitemaps({ db: database().db, origin: ORIGIN, languages: TWELVE, changes: null });
    const per = sitemaps.placesPerSitemap;
    expect(per).toBeGreaterThan(1_900);
    expect(per).toBeLessThan(SITEMAP_MAX_URLS / 13);
    const body = await sitemaps.gzipped(2);
    expect(body).not.toBeNull();
    const parts: Buffer[] = [];
    for await (const part of body ?? []) parts.push(part as Buffer);
    const xml = gunzipSync(Buffer.concat(parts)).toString('utf8');
    expect(xml.match(/<url>/gu)).toHaveLength(per * 13);
    expect(xml.match(/<xhtml:link /gu)).toHaveLength(per * 13 * 13);
    expect(Buffer.byteLength(xml)).toBeLessThan(50 * 1024 * 1024);
    sitemaps.close();
  }, 120_000);
});
