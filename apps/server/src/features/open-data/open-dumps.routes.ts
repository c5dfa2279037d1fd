/**
 * The open data as one file per source (issue 19): GET /api/open/dumps lists them, and
 * GET /api/open/dumps/<source>.geojson streams a source's every place as one GeoJSON
 * FeatureCollection, page by page from the database (memory stays flat for any size). A file
 * is the day's: its ETag names the source and the UTC day, and shared caches keep it a day.
 */
import { Readable } from 'node:stream';
import {
  collectionLicenceOf,
  COMMUNITY_SOURCE,
  openDumpListSchema,
  openDumpParamsSchema,
  openLicenceOf,
  type ConditionBrief,
} from '@playspot/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { openPlacesOfSource, openSources, type OpenSourceRow } from './open-data.repository.ts';
import { openFeatureOf } from './open-features.ts';
import { emptyResponse, fileResponse } from '../../lib/api-document.ts';

/** Per address: a few whole files a minute is plenty for a mirror. */
const DUMP_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };
const DUMP_PAGE = 1000;

interface Collected {
  licences: string[];
  attributions: string[];
  places: number;
}

/** Sources by their public name, with their licences and credits. */
function bySource(rows: readonly OpenSourceRow[]): Map<string, Collected> {
  const sources = new Map<string, Collected>();
  for (const row of rows) {
    const name = row.source ?? COMMUNITY_SOURCE;
    const { licence, attribution } = openLicenceOf(row.source, row.licence);
    const entry = sources.get(name) ?? { licences: [], attributions: [], places: 0 };
    if (!entry.licences.includes(licence)) entry.licences.push(licence);
    if (!entry.attributions.includes(attribution)) entry.attributions.push(attribution);
    entry.places += row.places;
    sources.set(name, entry);
  }
  return sources;
}

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

export const openDumpsRoutes =
  (
    database: DatabaseHandle,
    conditionsOf: (locationIds: string[]) => Promise<ReadonlyMap<string, ConditionBrief[]>>,
    now: () => Date,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['open data'];

    app.get(
      '/api/open/dumps',
      {
        schema: {
          operationId: 'listOpenDataDumps',
          summary: "Every source's whole file (GeoJSON, refreshed daily), with its licence and credit",
          tags,
          response: { 200: openDumpListSchema },
        },
        config: { access: 'public', rateLimit: DUMP_RATE_LIMIT },
      },
      async () => {
        const sources = bySource(await openSources(database.db));
        return {
          dumps: [...sources].map(([source, collected]) => ({
            source,
            url: `/api/open/dumps/${encodeURIComponent(source)}.geojson`,
            places: collected.places,
            licence: collectionLicenceOf(collected.licences),
            attribution: collected.attributions.join('; '),
          })),
        };
      },
    );

    app.get(
      '/api/open/dumps/:file',
      {
        schema: {
          operationId: 'getOpenDataDump',
          summary:
            "One source's every place as a GeoJSON FeatureCollection (application/geo+json, streamed; the day's file: ETag per UTC day, cached a day)",
          tags,
          params: openDumpParamsSchema,
          response: {
            200: fileResponse('A GeoJSON FeatureCollection', ['application/geo+json']),
            304: emptyResponse('Not modified since the ETag sent in If-None-Match'),
          },
        },
        config: { access: 'public', rateLimit: DUMP_RATE_LIMIT },
      },
      async (request, reply) => {
        const name = request.params.file.slice(0, -'.geojson'.length);
        const collected = bySource(await openSources(database.db)).get(name);
        if (!collected) throw new AppError(404, 'not_found', `No source is called "${name}".`);
        const etag = `"dump-${name}-${utcDay(now())}"`;
        void reply
          .header('etag', etag)
          .header('cache-control', 'public, max-age=3600, s-maxage=86400')
          .type('application/geo+json');
        if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
        const source = name === COMMUNITY_SOURCE ? null : name;
        const db = database.db;
        async function* body(): AsyncGenerator<string> {
          const head = {
            type: 'FeatureCollection',
            licence: collectionLicenceOf(collected?.licences ?? []),
            attribution: collected?.attributions.join('; ') ?? '',
            source: name,
            generatedAt: now().toISOString(),
          };
          yield `${JSON.stringify(head).slice(0, -1)},"features":[`;
          let afterId: string | undefined;
          let first = true;
          for (;;) {
            const rows = await openPlacesOfSource(db, source, afterId, DUMP_PAGE);
            if (rows.length === 0) break;
            const conditions = await conditionsOf(rows.map((row) => row.id));
            const features = rows.map((row) =>
              JSON.stringify(openFeatureOf(row, conditions.get(row.id) ?? [])),
            );
            yield `${first ? '' : ','}${features.join(',')}`;
            first = false;
            afterId = rows.at(-1)?.id;
            if (rows.length < DUMP_PAGE) break;
          }
          yield ']}';
        }
        return reply.send(Readable.from(body()));
      },
    );
  };
