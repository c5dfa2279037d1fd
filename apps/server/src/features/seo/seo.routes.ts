/**
 * Being found and embedded (issue 47): robots.txt, the sitemaps of place pages, and oEmbed
 * for a place page or a map view. Outside /api but robots.txt and the sitemaps: declared as
 * routes so the web app's fallback never answers them with its HTML.
 */
import {
  EMBED_MIN_SIZE,
  embedIframeHtml,
  embedPathOf,
  embedSize,
  embedTargetOf,
  oembedQuerySchema,
  oembedResponseSchema,
  robotsTxt,
  type OembedResponse,
} from '@playspot/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import { emptyResponse, fileResponse } from '../../lib/api-document.ts';
import { ERROR_RESPONSES } from '../../lib/error-responses.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Sitemaps } from './sitemaps.service.ts';

/** Crawlers come back daily; a conditional request then costs a 304 (ETag). */
const CRAWL_CACHE_CONTROL = 'public, max-age=3600';
/** oEmbed consumers (a CMS saving a post) may keep an answer this long. */
const OEMBED_CACHE_SECONDS = 3600;

const tags = ['seo'];

/** What an oEmbed answer says of a place: the public page's name and first photo. */
export interface OembedPlace {
  readonly name: string;
  /** Absolute URL of a small photo, or null. */
  readonly thumbnailUrl: string | null;
}

export interface SeoRoutesDeps {
  readonly sitemaps: Sitemaps;
  readonly origin: string;
  readonly siteName: string;
  readonly languages: readonly string[];
  readonly findPlace: (id: string) => Promise<OembedPlace | null>;
}

/** Outside /api, so not covered by refuseUndeclaredInput: these refuse unknown query parameters themselves. */
const noQuery = z.strictObject({});
const sitemapParamsSchema = z.strictObject({ number: z.coerce.number().int().min(1).max(1_000_000) });

/** 304 when the browser or crawler has `tag` already. */
function notModified(request: FastifyRequest, reply: FastifyReply, tag: string): boolean {
  void reply.header('etag', tag).header('cache-control', CRAWL_CACHE_CONTROL);
  const ifNoneMatch = request.headers['if-none-match'];
  return ifNoneMatch?.split(',').some((candidate) => candidate.trim() === tag) ?? false;
}

const acceptsGzip = (request: FastifyRequest) => /\bgzip\b/iu.test(request.headers['accept-encoding'] ?? '');

export const seoRoutes =
  (deps: SeoRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/robots.txt',
      {
        schema: {
          operationId: 'getRobotsTxt',
          summary:
            'What search engines may crawl (the public pages, not the API, accounts or moderation) and where the sitemap is',
          tags,
          querystring: noQuery,
          response: { ...ERROR_RESPONSES, 200: fileResponse('robots.txt', ['text/plain']) },
        },
        config: { access: 'public' },
      },
      async (_request, reply) =>
        reply
          .type('text/plain; charset=utf-8')
          .header('cache-control', CRAWL_CACHE_CONTROL)
          .send(robotsTxt(deps.origin)),
    );

    app.get(
      '/sitemap.xml',
      {
        schema: {
          operationId: 'getSitemapIndex',
          summary: 'The sitemap index: the sitemaps of every public place page, each with its last change',
          tags,
          querystring: noQuery,
          response: {
            ...ERROR_RESPONSES,
            200: fileResponse('A sitemaps.org sitemap index', ['application/xml']),
            304: emptyResponse('Not modified'),
          },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const index = await deps.sitemaps.index();
        if (notModified(request, reply, index.tag)) return reply.code(304).send(null);
        return reply.type('application/xml; charset=utf-8').send(index.xml);
      },
    );

    app.get(
      '/sitemaps/places-:number.xml',
      {
        schema: {
          operationId: 'getPlacesSitemap',
          summary: `Place pages ${String(deps.sitemaps.placesPerSitemap)} at a time (each language's address with its alternates), streamed`,
          tags,
          params: sitemapParamsSchema,
          querystring: noQuery,
          response: {
            ...ERROR_RESPONSES,
            200: fileResponse('A sitemaps.org sitemap (gzip when accepted)', ['application/xml']),
            304: emptyResponse('Not modified'),
          },
        },
        // Written gzipped as it is read (and kept so); not compressed again.
        config: { access: 'public' },
        compress: false,
      },
      async (request, reply) => {
        const share = await deps.sitemaps.share(request.params.number);
        if (share === null) throw notFound(`There is no sitemap ${String(request.params.number)}.`);
        if (notModified(request, reply, share.tag)) return reply.code(304).send(null);
        const body = await deps.sitemaps.gzipped(request.params.number);
        if (body === null) throw notFound(`There is no sitemap ${String(request.params.number)}.`);
        void reply.type('application/xml; charset=utf-8').header('vary', 'Accept-Encoding');
        if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(body);
        return reply.send(body.pipe(createGunzip()));
      },
    );

    app.get(
      '/api/oembed',
      {
        schema: {
          operationId: 'getOembed',
          summary:
            'oEmbed 1.0 for a place page or a map view URL: an <iframe> of the embeddable map (/embed); JSON only (format=xml: 501)',
          tags,
          querystring: oembedQuerySchema,
          response: { 200: oembedResponseSchema },
        },
        config: { access: 'public' },
      },
      async (request, reply): Promise<OembedResponse> => {
        const { url, maxwidth, maxheight, format } = request.query;
        if (format === 'xml') throw new AppError(501, 'not_implemented', 'Only format=json is answered.');
        if ((maxwidth ?? Infinity) < EMBED_MIN_SIZE.width || (maxheight ?? Infinity) < EMBED_MIN_SIZE.height)
          throw new AppError(
            501,
            'not_implemented',
            `The map needs at least ${String(EMBED_MIN_SIZE.width)}×${String(EMBED_MIN_SIZE.height)} pixels.`,
          );
        const target = embedTargetOf(url, deps.origin, deps.languages);
        if (target === null) throw notFound('That address is not a PlaySpot place page or map view.');
        const place = target.kind === 'place' ? await deps.findPlace(target.placeId) : null;
        if (target.kind === 'place' && place === null) throw notFound('There is no such place.');
        const size = embedSize(maxwidth, maxheight);
        const title = place === null ? `Play spots on ${deps.siteName}` : `${place.name} · ${deps.siteName}`;
        const src = new URL(embedPathOf(target), deps.origin).href;
        void reply.header('cache-control', `public, max-age=${String(OEMBED_CACHE_SECONDS)}`);
        return {
          type: 'rich',
          version: '1.0',
          title,
          provider_name: deps.siteName,
          provider_url: new URL('/', deps.origin).href,
          html: embedIframeHtml(src, title, size),
          width: size.width,
          height: size.height,
          cache_age: OEMBED_CACHE_SECONDS,
          ...(place?.thumbnailUrl == null ? {} : { thumbnail_url: place.thumbnailUrl }),
        };
      },
    );
  };
