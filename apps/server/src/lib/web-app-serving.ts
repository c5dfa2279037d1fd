/**
 * How the web app and the API travel over a phone's network (issue 16):
 * - the built app is served precompressed (`.br`/`.gz` written by the web build beside each
 *   file), hashed files under /assets for a year (`immutable`: their name changes when their
 *   content does), everything else (index.html, the service worker, the manifest, the SPA
 *   fallback) `no-cache` with an ETag, so a new release is seen at once and an unchanged
 *   page costs a 304;
 * - API answers above 1 KB are compressed on the fly (brotli at a quality that costs about
 *   as much CPU as gzip, else gzip);
 * - public map reads carry an ETag, so a repeat request for the same area answers 304 with
 *   no body. Personal answers (marked no-store by personal-responses.ts) never get one.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

/** Vite puts every content-hashed file (scripts, styles, fonts, images) here. */
const HASHED_ASSETS_DIRECTORY = 'assets';

/** Whether a served file (absolute path, or one relative to the root) is under /assets. */
function isHashedAsset(root: string, filePath: string): boolean {
  const absoluteRoot = path.resolve(root);
  const relative = filePath.startsWith(absoluteRoot) ? path.relative(absoluteRoot, filePath) : filePath;
  return relative.split(/[\\/]/).find((segment) => segment !== '') === HASHED_ASSETS_DIRECTORY;
}

/** Smaller answers gain too little from compression to pay for it. */
const API_COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli level 4 compresses JSON better than gzip's default at about its CPU cost; the
 * library default (11) is meant for files compressed once at build time.
 */
const API_BROTLI_QUALITY = 4;

/** Public reads of places whose answer is the same for everyone who is signed out. */
const VALIDATED_READ = /^\/api\/locations(?:\/|$)/;

/**
 * Compresses API answers. Registered before the routes: the plugin attaches itself to each
 * route as it is declared. Request bodies are not decompressed: nothing sends them
 * compressed, and a compressed body would slip past the body size limit.
 */
export async function installApiCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: API_COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: API_BROTLI_QUALITY } },
    globalDecompression: false,
  });
  installValidatorsOnPublicReads(app);
}

function entityTag(payload: string | Buffer): string {
  return `W/"${createHash('sha1').update(payload).digest('base64url').slice(0, 27)}"`;
}

function isPersonal(reply: FastifyReply): boolean {
  const cacheControl = reply.getHeader('cache-control');
  return typeof cacheControl === 'string' && cacheControl.includes('no-store');
}

/**
 * ETag + `no-cache` on public reads of places, and 304 when the browser already has the
 * same answer. Runs on the serialized JSON, before compression (route-level hooks run after
 * this app-level one), so the tag names the content whatever the encoding.
 */
function installValidatorsOnPublicReads(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200 || !VALIDATED_READ.test(request.url.split('?')[0] ?? '')) return payload;
    if (isPersonal(reply) || reply.hasHeader('cache-control')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const tag = entityTag(payload);
    void reply.header('etag', tag).header('cache-control', REVALIDATE_CACHE_CONTROL);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((candidate) => candidate.trim() === tag)) {
      void reply.code(304).removeHeader('content-length');
      return '';
    }
    return payload;
  });
}

/**
 * Headers that only mean something on a page (or a worker): a browser ignores them on a
 * script, a stylesheet, a font or an image. The first load fetches dozens of such files,
 * each carrying about 700 bytes of them (the Content-Security-Policy alone about 500), so
 * scripts, styles, fonts and images go without (issue 28), the app's icons too. Pages, the service
 * worker, the manifest and SVG files (which can run script when opened) keep them.
 */
const PAGE_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;
/**
 * Headers a browser takes from the page that loads a file: HSTS is kept from any answer of
 * the site (the page has it), and the page's referrer policy is what its scripts' requests
 * use. A first visit fetches about fifty hashed files, and these two are about 95 bytes of
 * each (issue 42: a place page's first visit was 301 KiB against a 300 KB budget).
 */
const KEPT_FROM_THE_PAGE_HEADERS = ['strict-transport-security', 'referrer-policy'] as const;
/** A script, style, font or image, as sent (the build writes .br and .gz copies beside them). */
const SUBRESOURCE = /\.(?:js|css|woff2?|png|webp|jpe?g|avif)(?:\.br|\.gz)?$/u;

/** Serves the built web app from `root` with the caching described above. */
export async function serveWebApp(app: FastifyInstance, root: string): Promise<void> {
  const setHeaders = (reply: FastifyReply, filePath: string) => {
    const hashed = isHashedAsset(root, filePath);
    void reply.header('cache-control', hashed ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL);
    // helmet wrote these on the raw response (security-headers.ts).
    if (SUBRESOURCE.test(filePath)) for (const name of PAGE_ONLY_HEADERS) reply.raw.removeHeader(name);
  };
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    globIgnore: [`${HASHED_ASSETS_DIRECTORY}/**`],
    // The headers below replace @fastify/static's `public, max-age=0`.
    cacheControl: false,
    setHeaders,
  });
  // A hashed file is never asked for again (immutable, its name changes with its content):
  // what serves revalidation and partial downloads is dead weight on each of a first visit's
  // fifty requests, about 90 bytes each over a phone's slow link (issue 42).
  await app.register(fastifyStatic, {
    root: path.join(root, HASHED_ASSETS_DIRECTORY),
    prefix: `/${HASHED_ASSETS_DIRECTORY}/`,
    decorateReply: false,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    etag: false,
    lastModified: false,
    acceptRanges: false,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      setHeaders(reply, filePath);
      for (const name of KEPT_FROM_THE_PAGE_HEADERS) reply.raw.removeHeader(name);
    },
  });
}
