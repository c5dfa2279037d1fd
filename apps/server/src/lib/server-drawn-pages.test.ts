/**
 * A shared place's page arrives drawn (issue 28): `curl` of /locations/:id gives HTML with
 * the place's name, its facts, its first photo's URL and its first comments, before any
 * script runs, plus the answers it was drawn with for the app's query cache. Uses the web
 * app's real server renderer, built here into apps/web/dist-ssr (as `npm run build` does).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Place } from '@playspot/core';
import { testAuthConfig, testStorage } from '../../test/app-options.ts';
import { describeEachBackend } from '../../test/database.ts';
import { addPlace, AUCKLAND } from '../../test/places-fixtures.ts';
import { signInAs } from '../../test/sign-in.ts';
import { uploadPhoto } from '../../test/upload-fixtures.ts';
import { buildApp } from '../app.ts';
import {
  acceptedLanguage,
  inlineScriptHashes,
  pageLanguage,
  shellInLanguage,
  withPageLanguage,
} from './server-drawn-pages.ts';

const webDir = fileURLToPath(new URL('../../../web', import.meta.url));
/**
 * The renderer is built for this test beside the web app's packages (its imports of react and
 * the like resolve from there), never into apps/web/dist-ssr: a test build (development JSX)
 * there would replace the production build that `npm start` serves place pages with.
 */
const ssrCache = path.join(webDir, 'node_modules', '.cache');

/** index.html as the web build writes it: /MapView's shell between the markers. */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head><title>PlaySpot — play spots for families</title></head>
  <body>
    <!--ssr:start--><div id="root" data-ssr-path="/MapView" data-ssr-lang="en"><p>map shell</p></div><!--ssr:end-->
    <script>boot()</script>
    <!--ssr-templates:start--><script type="text/html" data-ssr-lang="de"><p>Karte</p></script><!--ssr-templates:end-->
  </body>
</html>`;

const COMMENT = 'Great sandpit, bring a bucket and spade!';
const ARABIC_NAME = 'حديقة الرمل والأراجيح';

function buildWebRenderer(): string {
  mkdirSync(ssrCache, { recursive: true });
  const ssrDir = mkdtempSync(path.join(ssrCache, 'playspot-ssr-test-'));
  const vite = path.join(
    path.dirname(createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  execFileSync(
    process.execPath,
    [vite, 'build', '--ssr', 'src/ssr/render.tsx', '--outDir', ssrDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: webDir,
      stdio: 'inherit',
    },
  );
  return ssrDir;
}

describe('acceptedLanguage', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['fr-FR,en;q=0.5', 'en'],
    ['en;q=0.2,de;q=0.9', 'de'],
    [undefined, 'en'],
  ])('%s → %s', (header, language) => {
    expect(acceptedLanguage(header, ['en', 'de'])).toBe(language);
  });
});

describe('the language of a server-drawn page (issue 46)', () => {
  const twelve = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'tr', 'uk', 'ar', 'ja'];
  it.each([
    [undefined, 'fr-FR,en;q=0.5', 'fr'],
    [undefined, 'ar-EG', 'ar'],
    [undefined, 'zh-CN,ja;q=0.8', 'ja'],
    [undefined, undefined, 'en'],
    ['pl', 'de-DE', 'pl'],
    ['xx', 'de-DE', 'de'],
  ])('cookie %s, Accept-Language %s → %s', (cookie, header, language) => {
    expect(pageLanguage(cookie, header, twelve)).toBe(language);
  });

  it('sets <html lang dir>, right to left for Arabic only', () => {
    expect(withPageLanguage(TEMPLATE, 'ar')).toContain('<html lang="ar" dir="rtl">');
    expect(withPageLanguage(TEMPLATE, 'ja')).toContain('<html lang="ja" dir="ltr">');
  });

  it("puts the language's shell into #root and sends no other language's (issue 42)", () => {
    const german = shellInLanguage(TEMPLATE, 'de');
    expect(german).toContain('<html lang="de" dir="ltr">');
    expect(german).toContain('<div id="root" data-ssr-path="/MapView" data-ssr-lang="de"><p>Karte</p></div>');
    expect(german).not.toContain('text/html');
    // No shell drawn for the language: the English page, still without the other shells.
    const english = TEMPLATE.replace(/<script type="text\/html"[\s\S]*?<\/script>/u, '');
    expect(shellInLanguage(TEMPLATE, 'ar')).toBe(english);
    expect(shellInLanguage(TEMPLATE, 'en')).toBe(english);
  });
});

describe('inlineScriptHashes', () => {
  it("hashes inline scripts only, not JSON data, other languages' shells or files", () => {
    const html = `<script>a()</script><script type="application/ld+json">{}</script><script type="module" src="/x.js"></script><script type="text/html" data-ssr-lang="de"><p>Karte</p></script>`;
    expect(inlineScriptHashes(html)).toEqual(["'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='"]);
  });
});

describeEachBackend('the first screen without the web renderer', (database) => {
  it('is index.html as built, every language in it, for the boot script to pick (issue 42)', async () => {
    const distDir = mkdtempSync(path.join(tmpdir(), 'playspot-no-renderer-'));
    writeFileSync(path.join(distDir, 'index.html'), TEMPLATE);
    const app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      webDistDir: distDir,
      webSsrDir: path.join(distDir, 'no-renderer-here'),
    });
    try {
      const german = await app.inject({
        method: 'GET',
        url: '/MapView',
        headers: { 'accept-language': 'de' },
      });
      expect(german.statusCode).toBe(200);
      expect(german.body).toContain('<p>Karte</p>');
      expect(german.body).toContain('<p>map shell</p>');
    } finally {
      await app.close();
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});

describeEachBackend('GET /locations/:id drawn on the server', (database) => {
  let app: FastifyInstance;
  let distDir: string;
  let placeId: string;
  let ssrDir: string;

  beforeAll(async () => {
    ssrDir = buildWebRenderer();
    distDir = mkdtempSync(path.join(tmpdir(), 'playspot-drawn-page-'));
    writeFileSync(path.join(distDir, 'index.html'), TEMPLATE);
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      webDistDir: distDir,
      webSsrDir: ssrDir,
    });
    const person = await signInAs(app, 'SandpitFan');
    placeId = (await addPlace(app, person, { name: 'Sandpit & Swings Park' })).id;
    // Its name in Arabic, as an import keeps OpenStreetMap's name:ar (issue 46).
    await database().query(
      sql`update locations set names = ${JSON.stringify({ ar: ARABIC_NAME })}::jsonb where id = ${placeId}`,
    );
    await uploadPhoto(app, person, `/api/locations/${placeId}/photos`);
    const fact = await app.inject({
      method: 'PUT',
      url: `/api/locations/${placeId}/facts/toilets`,
      headers: person.headers,
      payload: { value: 'yes' },
    });
    expect(fact.statusCode, fact.body).toBe(200);
    const comment = await app.inject({
      method: 'POST',
      url: `/api/locations/${placeId}/comments`,
      headers: person.headers,
      payload: { text: COMMENT },
    });
    expect(comment.statusCode, comment.body).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
    rmSync(ssrDir, { recursive: true, force: true });
  });

  it("has the place's name, facts, first photo and first comments in its HTML", async () => {
    const place = (await app.inject({ method: 'GET', url: `/api/locations/${placeId}` })).json<Place>();
    const response = await app.inject({ method: 'GET', url: `/locations/${placeId}` });
    expect(response.statusCode).toBe(200);
    const root = /<div id="root"[^>]*>([\s\S]*)<!--ssr:end-->/u.exec(response.body)?.[1] ?? '';
    expect(root).toContain('Sandpit &amp; Swings Park');
    expect(root).not.toContain(ARABIC_NAME);
    expect(root).toContain('Toilets');
    expect(root).toContain(COMMENT);
    const photo = place.imageMetaData[0];
    expect(photo).toBeDefined();
    expect(root).toMatch(
      new RegExp(`${photo?.thumbnailUrl ?? photo?.url ?? 'no photo'}|${photo?.url ?? ''}`, 'u'),
    );
    expect(response.body).not.toContain('map shell');
    expect(response.body).not.toContain('<template data-ssr-lang');
    expect(response.body).toContain(`data-ssr-path="/locations/${placeId}"`);
    expect(response.body).toMatch(/<script type="application\/json" id="ssr-state">/u);
    expect(response.body).toContain('<meta property="og:title" content="Sandpit &amp; Swings Park" />');
  });

  it('shows a live condition and an equipment answer made a second before (issue 42)', async () => {
    const parent = await signInAs(app, 'QuietMorning');
    const visit = await app.inject({
      method: 'POST',
      url: `/api/locations/${placeId}/visits`,
      headers: parent.headers,
      payload: { lat: AUCKLAND.lat, lng: AUCKLAND.lng, accuracy: 15 },
    });
    expect(visit.statusCode, visit.body).toBeLessThan(300);
    const quiet = await app.inject({
      method: 'POST',
      url: `/api/locations/${placeId}/conditions`,
      headers: parent.headers,
      payload: { kind: 'quiet' },
    });
    expect(quiet.statusCode, quiet.body).toBeLessThan(300);
    const sandpit = await app.inject({
      method: 'PUT',
      url: `/api/locations/${placeId}/equipment/sandpit`,
      headers: parent.headers,
      payload: { present: true },
    });
    expect(sandpit.statusCode, sandpit.body).toBe(200);
    const drawn = await app.inject({ method: 'GET', url: `/locations/${placeId}` });
    const root = /<div id="root"[^>]*>([\s\S]*)<!--ssr:end-->/u.exec(drawn.body)?.[1] ?? '';
    expect(root).toMatch(/data-testid="live-condition"[\s\S]*Quiet/u);
    expect(root).not.toContain('Nothing reported in the last hours');
    expect(root).toContain('data-testid="equipment-sandpit"');
    // The page's first render in the browser uses the time the server drew it with.
    expect(drawn.body).toMatch(/<div id="root"[^>]* data-ssr-time="\d{13}"/u);
  });

  it('draws in the language the browser asks for, with an ETag and 304', async () => {
    const first = await app.inject({
      method: 'GET',
      url: `/locations/${placeId}`,
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(first.body).toContain('data-ssr-lang="de"');
    expect(first.body).toContain('Toiletten');
    const tag = first.headers.etag;
    expect(tag).toMatch(/^W\//u);
    const again = await app.inject({
      method: 'GET',
      url: `/locations/${placeId}`,
      headers: { 'accept-language': 'de-DE,de;q=0.9', 'if-none-match': String(tag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('draws in Arabic right to left, and in the language chosen in the app before the browser’s (issue 46)', async () => {
    const arabic = await app.inject({
      method: 'GET',
      url: `/locations/${placeId}`,
      headers: { 'accept-language': 'ar' },
    });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('دورات مياه');
    // The place's Arabic name, with the local one beside it; English has only the local one.
    const arabicRoot = /<div id="root"[^>]*>([\s\S]*)<!--ssr:end-->/u.exec(arabic.body)?.[1] ?? '';
    expect(arabicRoot).toMatch(
      new RegExp(`<h1[^>]*><bdi>${ARABIC_NAME}</bdi><span[^>]*><bdi>Sandpit &amp; Swings Park</bdi>`, 'u'),
    );
    const chosen = await app.inject({
      method: 'GET',
      url: `/locations/${placeId}`,
      headers: { 'accept-language': 'ar', cookie: 'playspot_lang=fr' },
    });
    expect(chosen.body).toContain('<html lang="fr" dir="ltr">');
    expect(chosen.body).toContain('Toilettes');
    // French from the browser alone, as Arabic above.
    const french = await app.inject({
      method: 'GET',
      url: `/locations/${placeId}`,
      headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' },
    });
    expect(french.body).toContain('<html lang="fr" dir="ltr">');
    expect(french.body).toContain('data-ssr-lang="fr"');
    expect(french.body).toContain('Toilettes');
    // /MapView's first screen in the language, from the shell the build drew for it.
    const map = await app.inject({ method: 'GET', url: '/MapView', headers: { 'accept-language': 'de' } });
    expect(map.body).toContain('<html lang="de" dir="ltr">');
    expect(map.body).toContain('<p>Karte</p>');
    expect(map.headers.vary).toContain('Accept-Language');
    const english = await app.inject({
      method: 'GET',
      url: '/MapView',
      headers: { 'accept-language': 'en' },
    });
    expect(english.body).toContain('<p>map shell</p>');
    // A first visit carries one language's shell; index.html itself (the service worker's
    // copy, for the boot script) keeps every language's.
    expect(english.body).not.toContain('<p>Karte</p>');
    expect(map.body).not.toContain('<p>map shell</p>');
    const kept = await app.inject({ method: 'GET', url: '/index.html' });
    expect(kept.body).toContain('<p>Karte</p>');
  });

  it('answers a first screen the browser already has with 304, compressed once per language', async () => {
    const first = await app.inject({
      method: 'GET',
      url: '/MapView',
      headers: { 'accept-language': 'de', 'accept-encoding': 'br' },
    });
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString('utf8')).toContain('<p>Karte</p>');
    const again = await app.inject({
      method: 'GET',
      url: '/MapView?lat=53.86&lng=10.68',
      headers: { 'accept-language': 'de', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // German's own address (issue 46): drawn in German whatever the browser asks, its own
    // canonical address and tag, and nothing to vary on but the encoding.
    const german = await app.inject({
      method: 'GET',
      url: '/MapView?lang=de',
      headers: { 'accept-language': 'en', 'if-none-match': String(first.headers.etag) },
    });
    expect(german.statusCode).toBe(200);
    expect(german.headers.vary).toBe('Accept-Encoding');
    expect(german.body).toContain('<p>Karte</p>');
    expect(german.body).toContain('<link rel="canonical" href="http://localhost:3000/MapView?lang=de" />');
    expect(german.body).toContain(
      '<link rel="alternate" hreflang="x-default" href="http://localhost:3000/MapView" />',
    );
    expect(first.headers.vary).toBe('Accept-Language, Cookie, Accept-Encoding');
    // Another path's shell names no canonical address: it is not /MapView's.
    const events = await app.inject({ method: 'GET', url: '/events', headers: { 'accept-language': 'de' } });
    expect(events.body).toContain('<p>Karte</p>');
    expect(events.body).not.toContain('rel="canonical"');
    const english = await app.inject({
      method: 'GET',
      url: '/MapView',
      headers: { 'accept-language': 'en', 'if-none-match': String(first.headers.etag) },
    });
    expect(english.statusCode).toBe(200);
    expect(english.headers.etag).not.toBe(first.headers.etag);
  });

  it('is sent compressed, and signed in the app draws it (no signed-out copy first)', async () => {
    const compressed = await app.inject({
      method: 'GET',
      url: `/locations/${placeId}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString('utf8')).toContain(COMMENT);
    const person = await signInAs(app, 'SignedInReader');
    const signedIn = await app.inject({
      method: 'GET',
      url: `/locations/${placeId}`,
      headers: person.headers,
    });
    expect(signedIn.body).not.toContain(COMMENT);
    expect(signedIn.body).toContain('<meta property="og:title" content="Sandpit &amp; Swings Park" />');
  });

  it('allows the boot script by its hash', async () => {
    const response = await app.inject({ method: 'GET', url: `/locations/${placeId}` });
    expect(String(response.headers['content-security-policy'])).toContain(inlineScriptHashes(TEMPLATE)[0]);
  });
});
