/**
 * GET /api/open/places.geojson (issue 19, part): the places of a bounding box as GeoJSON,
 * with their licences and credits, for councils, researchers and other apps. Public, cached
 * (a strong ETag of the body, 5 minutes in shared caches) and rate-limited per address.
 */
import { createHash } from 'node:crypto';
import {
  collectionLicenceOf,
  openPlacesQuerySchema,
  openPlacesSchema,
  type ConditionBrief,
  type OpenPlaces,
} from '@playspot/core';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/client.ts';
import { openPlacesIn } from './open-data.repository.ts';
import { openFeatureOf } from './open-features.ts';

/** Per address: a full area of 1 000 places a page is a few requests, a scraper is slowed. */
const OPEN_DATA_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

/** Outside the route's typed reply, whose schema names only 200. */
function notModified(reply: FastifyReply): void {
  void reply.status(304).send();
}

export const openDataRoutes =
  (
    database: DatabaseHandle,
    conditionsOf: (locationIds: string[]) => Promise<ReadonlyMap<string, ConditionBrief[]>>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/open/places.geojson',
      {
        schema: {
          operationId: 'getOpenPlacesGeoJson',
          summary: 'Places in a bounding box as a GeoJSON FeatureCollection, with licences and credits',
          tags: ['open data'],
          querystring: openPlacesQuerySchema,
          response: { 200: openPlacesSchema },
        },
        config: { access: 'public', rateLimit: OPEN_DATA_RATE_LIMIT },
      },
      async (request, reply) => {
        const { bbox, limit, cursor } = request.query;
        const rows = await openPlacesIn(database.db, bbox, cursor, limit + 1);
        const page = rows.slice(0, limit);
        const conditions = await conditionsOf(page.map((row) => row.id));
        const features = page.map((row) => openFeatureOf(row, conditions.get(row.id) ?? []));
        const licences = features.map((feature) => feature.properties.licence);
        const body: OpenPlaces = {
          type: 'FeatureCollection',
          licence: collectionLicenceOf(licences),
          attribution: [...new Set(features.map((feature) => feature.properties.attribution))].join('; '),
          features,
          nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
        };
        const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
        void reply
          .header('etag', etag)
          .header('cache-control', 'public, max-age=0, s-maxage=300')
          .type('application/geo+json');
        if (request.headers['if-none-match'] === etag) {
          notModified(reply);
          return reply;
        }
        return body;
      },
    );
  };
