/**
 * The web app's first screen drawn on the server (issue 28). The web build renders /MapView's
 * shell into index.html itself; a shared place's page (/locations/:id) is drawn here, per
 * request, by the web app's own server renderer (apps/web/dist-ssr/render.js, built beside
 * apps/web/dist): its name, first photos, facts, votes, first comments and events are in the
 * HTML before any script runs, and the answers it was drawn with are embedded as JSON so the
 * app takes over with the same page (apps/web/src/ssr/).
 *
 * Also: the hashes of index.html's inline scripts (the web build's boot script), which the
 * Content-Security-Policy allows by name rather than allowing inline scripts at all.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip as gzipCallback } from 'node:zlib';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PlacePage } from '@playspot/core';
import type { FastifyInstance } from 'fastify';
import { escapeHtml, jsonForScript } from '../features/places/place-page-html.ts';

/** A place drawn by the web app's renderer: its HTML, the namespaces of its texts, its data. */
interface DrawnPlace {
  readonly html: string;
  readonly namespaces: readonly string[];
  readonly state: unknown;
  /** The time it was drawn with: the browser's first render uses it too (web lib/page-time.ts). */
  readonly drawnAt?: number;
}

/** What apps/web/src/ssr/render.tsx exports (built for Node). */
interface WebRenderer {
  renderPlace: (
    placeId: string,
    language: string,
    fetchJson: (path: string) => Promise<unknown>,
  ) => Promise<DrawnPlace | null>;
  LANGUAGES: readonly string[];
}

/** The web app's server renderer in `ssrDir`, or null when there is none (not built). */
export async function loadWebRenderer(ssrDir: string): Promise<WebRenderer | null> {
  const file = path.join(ssrDir, 'render.js');
  if (!existsSync(file)) return null;
  try {
    return (await import(pathToFileURL(file).href)) as WebRenderer;
  } catch (error) {
    // The app still works without it: pages are then drawn in the browser only.
    console.error("The web app's server renderer could not be loaded; pages are drawn in the browser", error);
    return null;
  }
}

/** `'sha256-…'` of every inline script of a page (not JSON data, not external files). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/giu)) {
    const attributes = match[1] ?? '';
    // Only scripts that run: not files, not data (JSON, or the other languages' shells as text).
    if (/\ssrc=|type="(?:application\/(?:ld\+)?json|text\/html)"/iu.test(attributes)) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/** The inline script hashes of the built index.html, or none when the web app is not built. */
export function webInlineScriptHashes(webDistDir: string | undefined): string[] {
  if (webDistDir === undefined) return [];
  const file = path.join(webDistDir, 'index.html');
  return existsSync(file) ? inlineScriptHashes(readFileSync(file, 'utf8')) : [];
}

/** The first of the languages a browser accepts that the web app speaks, else its first. */
export function acceptedLanguage(header: string | undefined, languages: readonly string[]): string {
  const wanted = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters.map((p) => /^\s*q=([\d.]+)/u.exec(p)?.[1]).find(Boolean);
      return {
        base: tag.toLowerCase().split('-')[0] ?? '',
        quality: quality === undefined ? 1 : Number(quality),
      };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality);
  return wanted.find((entry) => languages.includes(entry.base))?.base ?? languages[0] ?? 'en';
}

/** Languages written right to left (the web app's textDirection). */
const RIGHT_TO_LEFT = new Set(['ar']);

/**
 * The language a server-drawn page is drawn in (issue 46): the parent's choice (its cookie),
 * else the first their browser accepts that the app speaks, else English.
 */
export function pageLanguage(
  cookie: string | undefined,
  acceptLanguage: string | undefined,
  languages: readonly string[],
): string {
  if (cookie !== undefined && languages.includes(cookie)) return cookie;
  return acceptedLanguage(acceptLanguage, languages);
}

/** `<html lang dir>` for `language`, in place of the built page's. */
export function withPageLanguage(page: string, language: string): string {
  const dir = RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';
  return page.replace(/<html\b[^>]*>/u, `<html lang="${language}" dir="${dir}">`);
}

/** The other languages' shells in the built index.html. */
const TEMPLATES = /<!--ssr-templates:start-->[\s\S]*<!--ssr-templates:end-->/u;

const SHELL_ROOT =
  /<div id="root" data-ssr-path="([^"]*)" data-ssr-lang="([^"]*)"([^>]*)>([\s\S]*?)<\/div><!--ssr:end-->/u;

/**
 * /MapView's built page as the server sends it, in `language`: that language's shell (the
 * build keeps each as a script's text, for the service worker's copy of index.html) in #root,
 * `<html lang dir>`, and none of the other shells (issue 42: they were most of a first
 * visit's HTML parsing). In English when the build drew no shell for `language`.
 */
export function shellInLanguage(page: string, language: string): string {
  const shell = new RegExp(
    `<script type="text/html" data-ssr-lang="${language}">([\\s\\S]*?)</script>`,
    'u',
  ).exec(page);
  const root = SHELL_ROOT.exec(page);
  const withoutShells = page.replace(TEMPLATES, '<!--ssr-templates:start--><!--ssr-templates:end-->');
  if (!shell || !root) return withoutShells;
  const drawn = `<div id="root" data-ssr-path="${root[1] ?? ''}" data-ssr-lang="${language}"${root[3] ?? ''}>${shell[1] ?? ''}</div><!--ssr:end-->`;
  return withPageLanguage(
    withoutShells.replace(SHELL_ROOT, () => drawn),
    language,
  );
}

/** The full stylesheet, which the web build moves to the end of <body> (critical-css.ts). */
const LATE_STYLESHEET = /\s*<link rel="stylesheet"[^>]*>(?=[\s\S]*<\/body>)(?![\s\S]*<\/head>)/u;

const ROOT = /<!--ssr:start-->[\s\S]*<!--ssr:end-->/u;

/** The page's HTML with the place drawn into #root (in place of /MapView's shell) and its data. */
export function withDrawnPlace(page: string, drawn: DrawnPlace, pathname: string, language: string): string {
  if (!ROOT.test(page)) return page;
  const time = drawn.drawnAt === undefined ? '' : ` data-ssr-time="${String(Math.trunc(drawn.drawnAt))}"`;
  const root = `<div id="root" data-ssr-path="${pathname}" data-ssr-lang="${language}" data-ssr-ns="${escapeHtml(drawn.namespaces.join(','))}"${time}>${drawn.html}</div>`;
  const state = `<script type="application/json" id="ssr-state">${jsonForScript(drawn.state)}</script>`;
  // index.html inlines only /MapView's first-screen CSS: a place needs the full stylesheet
  // before its first paint, or it would be drawn unstyled and jump.
  const stylesheet = LATE_STYLESHEET.exec(page)?.[0].trim();
  const drawnPage = page
    .replace(ROOT, () => `<!--ssr:start-->${root}<!--ssr:end-->`)
    .replace(TEMPLATES, () => state);
  return stylesheet === undefined
    ? drawnPage
    : drawnPage.replace(LATE_STYLESHEET, '').replace('</head>', () => `${stylesheet}\n  </head>`);
}

/**
 * Draws a place's page from its one answer (GET /api/locations/:id/page as anyone signed out
 * gets it, issue 42): the renderer asks for it and gets that answer, the one the page's head
 * was made from, so the HTML, its tags and the app's first render cannot disagree.
 */
export function createPlaceDrawing(app: FastifyInstance, renderer: WebRenderer) {
  return async (page: string, answer: PlacePage, pathname: string, language: string) => {
    const placeId = answer.place.id;
    const pagePath = `/api/locations/${encodeURIComponent(placeId)}/page`;
    const fetchJson = (apiPath: string): Promise<unknown> =>
      Promise.resolve(apiPath === pagePath ? answer : null);
    try {
      const drawn = await renderer.renderPlace(placeId, language, fetchJson);
      return drawn === null
        ? page
        : withPageLanguage(withDrawnPlace(page, drawn, pathname, language), language);
    } catch (error) {
      // The page still works without it: the app draws the place itself.
      app.log.error({ err: error, placeId }, 'Drawing the place page on the server failed');
      return page;
    }
  };
}

const EMBEDDED_STATE = /<script type="application\/json" id="ssr-state">[\s\S]*?<\/script>/u;
const DRAWING_TIME = / data-ssr-time="\d+"/u;

/**
 * A weak ETag of a drawn page (it names the content, whatever the encoding). The embedded
 * answers and the drawing time are left out: they carry the time they were read, and the page
 * they draw is in the tag.
 */
export function pageEntityTag(html: string): string {
  const content = html.replace(EMBEDDED_STATE, '').replace(DRAWING_TIME, '');
  return `W/"${createHash('sha1').update(content).digest('base64url').slice(0, 27)}"`;
}

/** Brotli at the level the API uses (cheap per request), else gzip, else as it is. */
const PAGE_BROTLI_QUALITY = 5;

/** The encoding a drawn page is sent in: brotli, else gzip, else none. */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/u.test(accepted)) return 'br';
  return /\bgzip\b/u.test(accepted) ? 'gzip' : null;
}

export interface EncodedPage {
  readonly body: Buffer;
  readonly encoding: 'br' | 'gzip' | null;
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/**
 * A drawn page compressed for the browser (it is made per request, so the web build's
 * precompressed files do not cover it), in zlib's thread pool: about 70 KB of HTML become
 * about 12 KB. A page sent many times and compressed once can afford brotli's best `quality`.
 */
export async function encodePage(
  html: string,
  acceptEncoding: string | undefined,
  quality = PAGE_BROTLI_QUALITY,
): Promise<EncodedPage> {
  const encoding = pageEncoding(acceptEncoding);
  if (encoding === 'br')
    return { body: await brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality } }), encoding };
  if (encoding === 'gzip') return { body: await gzip(html), encoding };
  return { body: Buffer.from(html), encoding: null };
}
