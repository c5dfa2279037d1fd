/**
 * The web app as this server hosts it (app.ts): the security headers' content policy, the
 * built files, a shared place's page with its tags (drawn by the web app's server renderer
 * when built) and the single-page app's fallback for every other non-API address.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  EMBED_PATH,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAMETER,
  requestedLanguage,
  type PlacePage,
} from '@playspot/core';
import type { HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  addressTags,
  createPlacePages,
  placeIdFromPath,
  siteNameOf,
  withHeadTags,
  type PlacePagesOptions,
} from './features/places/place-page-html.ts';
import { errorBody } from './lib/errors.ts';
import {
  createPlaceDrawing,
  encodePage,
  type EncodedPage,
  loadWebRenderer,
  pageEncoding,
  pageEntityTag,
  pageLanguage,
  shellInLanguage,
  webInlineScriptHashes,
} from './lib/server-drawn-pages.ts';
import { REVALIDATE_CACHE_CONTROL, serveWebApp } from './lib/web-app-serving.ts';

/** Brotli's best: a shell is compressed once per language and sent to every first visit. */
const BEST_BROTLI_QUALITY = 11;

/** The built embeddable map's page (a page of the web build of its own, issue 47). */
const EMBED_PAGE = 'embed.html';

/**
 * `frame-ancestors` of the embeddable map: EMBED_ORIGINS (`*`: any site). Every other page
 * keeps `frame-ancestors 'none'` (and helmet's X-Frame-Options): only /embed may be framed.
 */
export function embedFrameAncestors(origins: readonly string[]): string {
  return origins.includes('*') ? '*' : origins.join(' ');
}

/** The security headers, with the web build's boot script allowed by its hash. */
export function securityHeadersFor(webDistDir: string | undefined): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Map tiles and avatars come from other origins; Leaflet positions tiles with inline styles.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The web build's boot script (apps/web/build-tools/boot-script.ts), by its hash.
        scriptSrc: ["'self'", ...webInlineScriptHashes(webDistDir)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Nothing may redirect relative URLs elsewhere (ASVS 3.4.3).
        baseUri: ["'none'"],
        // The installable app's service worker and manifest (issue 16), from this origin only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
  };
}

export interface WebAppOptions {
  /** Built web app to serve; skipped when absent (API-only, e.g. in tests). */
  webDistDir?: string | undefined;
  /** The web app's server renderer (render.js); by default dist-ssr/ beside webDistDir. */
  webSsrDir?: string | undefined;
  publicUrl: URL;
  /**
   * A place's page answer as anyone signed out gets it (GET /api/locations/:id/page), or null
   * when there is no such place: its HTML, head and drawing come from it (issues 42, 47).
   */
  readPlacePage: (id: string) => Promise<PlacePage | null>;
  /** The town a place is in or nearest to (none while the towns are still loading). */
  townNear: PlacePagesOptions['townNear'];
  /** Who may frame /embed (EMBED_ORIGINS); any site when absent. */
  embedOrigins?: readonly string[] | undefined;
}

/** What the web app's hosting tells the rest of the server. */
export interface InstalledWebApp {
  /** The languages pages are drawn in (English only without the web app's server renderer). */
  readonly languages: readonly string[];
}

/** Whether `url` is /MapView, the one first screen with an address of its own per language. */
const isMapView = (url: string) =>
  (url.split(/[?#]/u)[0] ?? '').replace(/\/$/u, '').toLowerCase() === '/mapview';

/** Serves the web app when built, and answers every address no route does (404 for the API). */
export async function installWebApp(app: FastifyInstance, options: WebAppOptions): Promise<InstalledWebApp> {
  const webDistDir = options.webDistDir;
  const serveWeb = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
  if (serveWeb) {
    await serveWebApp(app, webDistDir);
  }
  // A shared place's page is drawn with its data by the web app's server renderer, when
  // built (issue 28)…
  const webRenderer = serveWeb
    ? await loadWebRenderer(options.webSsrDir ?? path.join(webDistDir, '..', 'dist-ssr'))
    : null;
  const drawPlace = webRenderer === null ? null : createPlaceDrawing(app, webRenderer);
  const languages = webRenderer?.LANGUAGES ?? ['en'];
  // …and carries its own title, addresses, preview tags and JSON-LD.
  const placePages = serveWeb
    ? createPlacePages({
        webDistDir,
        publicUrl: options.publicUrl,
        languages,
        townNear: options.townNear,
      })
    : null;
  if (serveWeb) installEmbedPage(app, webDistDir, options.embedOrigins ?? ['*']);
  /**
   * /MapView's built page per language, with its tag, made once (issues 42, 46): as /MapView
   * (its canonical address and its languages' addresses in the head) under the negotiated
   * address or a language's (`?lang=`), else as the shell of any other path.
   */
  const shells = new Map<string, { html: string; tag: string }>();
  const shellFor = (language: string, address: 'negotiated' | 'language' | 'other') => {
    if (!serveWeb) return null;
    const key = `${language}:${address}`;
    let shell = shells.get(key);
    if (shell === undefined) {
      const built = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
      const page =
        address === 'other'
          ? built
          : withHeadTags(
              built,
              addressTags(
                options.publicUrl,
                '/MapView',
                languages,
                address === 'language' ? language : null,
                siteNameOf(built),
              ).join('\n    '),
            );
      const html = shellInLanguage(page, language);
      shell = { html, tag: pageEntityTag(html) };
      shells.set(key, shell);
    }
    return shell;
  };
  /**
   * A shell compressed once per language and encoding (it is the same for every first visit),
   * at brotli's best, off the event loop.
   */
  const encodedShells = new Map<string, Promise<EncodedPage>>();
  /** A drawn page with its tag: 304 when the browser has it, else compressed for it. */
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    tag: string,
    encode: (acceptEncoding: string | undefined) => Promise<EncodedPage>,
    negotiated: boolean,
  ) => {
    // A language's own address (`?lang=`) is drawn in it whoever asks: only the negotiated
    // address depends on the cookie and the browser's languages.
    void reply
      .header('etag', tag)
      .header('cache-control', REVALIDATE_CACHE_CONTROL)
      .header('vary', negotiated ? 'Accept-Language, Cookie, Accept-Encoding' : 'Accept-Encoding');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch?.split(',').some((candidate) => candidate.trim() === tag)) return reply.code(304).send();
    const { body, encoding } = await encode(request.headers['accept-encoding']);
    if (encoding !== null) void reply.header('content-encoding', encoding);
    return reply.type('text/html; charset=utf-8').send(body);
  };
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // Client-side routes (e.g. /MapView) load the single-page app.
    if (serveWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      // A language's own address (issue 46): `?lang=xx` draws the page in xx, whatever the
      // cookie says; the app then keeps xx as the parent's choice.
      const query = request.query as Record<string, unknown> | undefined;
      const asked = requestedLanguage(query?.[LANGUAGE_PARAMETER], languages);
      const language =
        asked ??
        pageLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language'], languages);
      const placeId = placeIdFromPath(request.url);
      // One read for the page (issue 42): its head, its HTML and the app's first render.
      const answer = placePages && placeId !== null ? await options.readPlacePage(placeId) : null;
      if (placePages && answer !== null && placeId !== null) {
        const withTags = await placePages.htmlFor(answer, asked);
        // Drawn as anyone signed out sees it: a signed-in person's page (their own votes,
        // what they may do) is drawn by the app, never a signed-out copy first.
        const placePage =
          drawPlace && !request.user
            ? await drawPlace(withTags, answer, `/locations/${placeId}`, language)
            : withTags;
        return sendPage(
          request,
          reply,
          pageEntityTag(placePage),
          (accepted) => encodePage(placePage, accepted),
          asked === null,
        );
      }
      // The first screen in the parent's language, without the other languages' shells (the
      // service worker's copy of index.html, fetched by its own address, keeps them). Without
      // the renderer the server knows no language: the page as built, every shell in it, and
      // the boot script picks.
      const address = !isMapView(request.url) ? 'other' : asked === null ? 'negotiated' : 'language';
      const shell = webRenderer === null ? null : shellFor(language, address);
      if (shell !== null) {
        return sendPage(
          request,
          reply,
          shell.tag,
          (accepted) => {
            const key = `${language}:${address}:${pageEncoding(accepted) ?? 'identity'}`;
            let encoded = encodedShells.get(key);
            if (encoded === undefined) {
              encoded = encodePage(shell.html, accepted, BEST_BROTLI_QUALITY);
              encodedShells.set(key, encoded);
            }
            return encoded;
          },
          asked === null,
        );
      }
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send(errorBody('not_found', `No route for ${request.method} ${request.url.split('?')[0] ?? ''}`));
  });
  return { languages };
}

/**
 * The embeddable map (issue 47): the web build's embed.html, the one page other sites may
 * frame. Its own `frame-ancestors` replaces the app's 'none', and helmet's X-Frame-Options
 * (which has no list of sites) goes. Its parameters are read by the page itself.
 */
function installEmbedPage(app: FastifyInstance, webDistDir: string, origins: readonly string[]): void {
  if (!existsSync(path.join(webDistDir, EMBED_PAGE))) return;
  const ancestors = embedFrameAncestors(origins);
  app.get(EMBED_PATH, { schema: { hide: true }, config: { access: 'public' } }, async (_request, reply) => {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string')
      void reply.header(
        'content-security-policy',
        policy.replace(/frame-ancestors [^;]*/u, `frame-ancestors ${ancestors}`),
      );
    reply.raw.removeHeader('x-frame-options');
    return reply
      .header('cache-control', REVALIDATE_CACHE_CONTROL)
      .type('text/html; charset=utf-8')
      .sendFile(EMBED_PAGE);
  });
}
