/**
 * The web app as this server hosts it (app.ts): the security headers' content policy, the
 * built files, a shared place's page with its tags (drawn by the web app's server renderer
 * when built) and the single-page app's fallback for every other non-API address.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGE_COOKIE } from '@playspot/core';
import type { HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  createPlacePages,
  placeIdFromPath,
  type PlacePagesOptions,
} from './features/locations/place-page-html.ts';
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
  /** A place as anyone signed out sees it, for its page's tags. */
  findPlace: PlacePagesOptions['findPlace'];
}

/** Serves the web app when built, and answers every address no route does (404 for the API). */
export async function installWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const webDistDir = options.webDistDir;
  const serveWeb = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
  if (serveWeb) {
    await serveWebApp(app, webDistDir);
  }
  // A shared place's page carries its own title, preview tags and JSON-LD.
  const placePages = serveWeb
    ? createPlacePages({ webDistDir, publicUrl: options.publicUrl, findPlace: options.findPlace })
    : null;
  // …and is drawn with its data by the web app's server renderer, when built (issue 28).
  const webRenderer = serveWeb
    ? await loadWebRenderer(options.webSsrDir ?? path.join(webDistDir, '..', 'dist-ssr'))
    : null;
  const drawPlace = webRenderer === null ? null : createPlaceDrawing(app, webRenderer);
  const languages = webRenderer?.LANGUAGES ?? ['en'];
  /** /MapView's built page per language, with its tag, made once (issues 42, 46). */
  const shells = new Map<string, { html: string; tag: string }>();
  const shellFor = (language: string) => {
    if (!serveWeb) return null;
    let shell = shells.get(language);
    if (shell === undefined) {
      const html = shellInLanguage(readFileSync(path.join(webDistDir, 'index.html'), 'utf8'), language);
      shell = { html, tag: pageEntityTag(html) };
      shells.set(language, shell);
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
  ) => {
    void reply
      .header('etag', tag)
      .header('cache-control', REVALIDATE_CACHE_CONTROL)
      .header('vary', 'Accept-Language, Cookie, Accept-Encoding');
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
      const withTags = await placePages?.htmlFor(request.url);
      const placeId = placeIdFromPath(request.url);
      const language = pageLanguage(
        request.cookies[LANGUAGE_COOKIE],
        request.headers['accept-language'],
        languages,
      );
      if (withTags && placeId !== null) {
        // Drawn as anyone signed out sees it: a signed-in person's page (their own votes,
        // what they may do) is drawn by the app, never a signed-out copy first.
        const placePage =
          drawPlace && !request.user
            ? await drawPlace(withTags, placeId, `/locations/${placeId}`, language)
            : withTags;
        return sendPage(request, reply, pageEntityTag(placePage), (accepted) =>
          encodePage(placePage, accepted),
        );
      }
      // The first screen in the parent's language, without the other languages' shells (the
      // service worker's copy of index.html, fetched by its own address, keeps them). Without
      // the renderer the server knows no language: the page as built, every shell in it, and
      // the boot script picks.
      const shell = webRenderer === null ? null : shellFor(language);
      if (shell !== null) {
        return sendPage(request, reply, shell.tag, (accepted) => {
          const key = `${language}:${pageEncoding(accepted) ?? 'identity'}`;
          let encoded = encodedShells.get(key);
          if (encoded === undefined) {
            encoded = encodePage(shell.html, accepted, BEST_BROTLI_QUALITY);
            encodedShells.set(key, encoded);
          }
          return encoded;
        });
      }
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send(errorBody('not_found', `No route for ${request.method} ${request.url.split('?')[0] ?? ''}`));
  });
}
