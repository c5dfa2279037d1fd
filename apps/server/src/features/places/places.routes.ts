import {
  createPlaceSchema,
  deletedResultSchema,
  findPlacesQuerySchema,
  idParamsSchema,
  placeListSchema,
  placeSchema,
  placeSummaryListSchema,
  placeVoteSchema,
  placeWriteResultSchema,
  searchQuerySchema,
  tagVoteResponseSchema,
  tagVoteSchema,
  updatePlaceSchema,
  viewportQuerySchema,
  viewportResultSchema,
  visitRequestSchema,
  visitResultSchema,
  voteResultSchema,
} from '@playspot/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WRITE_RATE_LIMIT } from '../../lib/rate-limits.ts';
import { signedInUser } from '../../lib/request-user.ts';
import type { MapAnswerCache } from '../map/index.ts';
import type { PlacesService } from './places.service.ts';

/**
 * A proxy or CDN may reuse a map answer this long without asking again. A browser always asks
 * (a 304 when nothing changed): after adding a place, a parent must see it at once.
 */
const MAP_ANSWER_SHARED_MAX_AGE_SECONDS = 10;

/**
 * Map answers are the same for everyone: tagged with the map index's version (the same in
 * every process that has read the same changes) and the minute (today's events and "recently
 * added" move with the clock), so a proxy or a CDN can keep them briefly and a repeat costs a
 * 304.
 */
function answeredFromCache(request: FastifyRequest, reply: FastifyReply, tag: string | null): boolean {
  if (tag === null) return false;
  void reply
    .header('etag', tag)
    .header('cache-control', `public, max-age=0, s-maxage=${MAP_ANSWER_SHARED_MAX_AGE_SECONDS}`);
  if (request.headers['if-none-match'] !== tag) return false;
  void reply.status(304).send();
  return true;
}

/**
 * A map answer from the index: bytes joined from each place's (features/map's index reader), sent as they
 * are. The typed reply takes only the schema's object; the untyped one sends bytes unserialised.
 */
function sendEncodedJson(reply: FastifyReply, encoded: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(encoded);
}

type PlacesApp = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['locations'];

/** Reading places: the list, the map's summaries and viewport (cacheable), search, one place. */
function registerReadRoutes(
  app: PlacesApp,
  places: PlacesService,
  mapAnswerTag: () => Promise<string | null>,
  viewportAnswers: MapAnswerCache | null,
): void {
  app.get(
    '/api/locations',
    {
      schema: {
        operationId: 'listLocations',
        summary: 'Find locations: nearest first around a centre, optionally within radiusKm, with filters',
        tags,
        querystring: findPlacesQuerySchema,
        response: { 200: placeListSchema },
      },
      config: { access: 'public' },
    },
    async (request) => places.find(request.query, request.user),
  );

  app.get(
    '/api/locations/summaries',
    {
      schema: {
        operationId: 'listLocationSummaries',
        summary:
          "The same page as GET /api/locations in the map's summary shape (list, markers, card): about a quarter of the bytes",
        tags,
        querystring: findPlacesQuerySchema,
        response: { 200: placeSummaryListSchema },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      if (answeredFromCache(request, reply, await mapAnswerTag())) return reply;
      const encoded = await places.encodedSummaries(request.query);
      if (encoded) return sendEncodedJson(reply, encoded);
      return places.findSummaries(request.query);
    },
  );

  app.get(
    '/api/locations/viewport',
    {
      schema: {
        operationId: 'getMapViewport',
        summary: 'What the map shows in a box: points when few, clusters when many',
        tags,
        querystring: viewportQuerySchema,
        response: { 200: viewportResultSchema },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const tag = await mapAnswerTag();
      if (answeredFromCache(request, reply, tag)) return reply;
      const kept = tag === null ? undefined : viewportAnswers?.get(tag, request.url);
      if (kept) return sendEncodedJson(reply, kept);
      const encoded = await places.encodedViewport(request.query);
      if (encoded) {
        // Made from the index as it is now: at least as new as the state the tag names.
        if (tag !== null) viewportAnswers?.set(tag, request.url, encoded);
        return sendEncodedJson(reply, encoded);
      }
      return places.viewport(request.query);
    },
  );

  app.get(
    '/api/locations/search',
    {
      schema: {
        operationId: 'searchLocations',
        summary: 'Search by name (typo-tolerant) or keywords, near a centre',
        tags,
        querystring: searchQuerySchema,
        response: { 200: placeListSchema },
      },
      config: { access: 'public' },
    },
    async (request) => places.search(request.query, request.user),
  );

  app.get(
    '/api/locations/:id',
    {
      schema: {
        operationId: 'getLocation',
        summary: 'One location',
        tags,
        params: idParamsSchema,
        response: { 200: placeSchema },
      },
      config: { access: 'public' },
    },
    async (request) => places.getWithComments(request.params.id, request.user),
  );
}

/** Adding, editing and removing a place (signed in, rate-limited). */
function registerWriteRoutes(app: PlacesApp, places: PlacesService): void {
  app.post(
    '/api/locations',
    {
      schema: {
        operationId: 'createLocation',
        summary: 'Add a location (+100 points, +100 with a description)',
        tags,
        body: createPlaceSchema,
        response: { 201: placeWriteResultSchema },
      },
      config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const result = await places.create(request.body, {
        id: user.id,
        role: user.role,
        userName: user.userName ?? 'PlaySpot parent',
      });
      return reply.status(201).send(result);
    },
  );

  app.patch(
    '/api/locations/:id',
    {
      schema: {
        operationId: 'updateLocation',
        summary: 'Edit a location (its creator, a moderator or an admin); resets tag votes',
        tags,
        params: idParamsSchema,
        body: updatePlaceSchema,
        response: { 200: placeWriteResultSchema },
      },
      config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
    },
    async (request) => places.update(request.params.id, request.body, signedInUser(request)),
  );

  app.delete(
    '/api/locations/:id',
    {
      schema: {
        operationId: 'deleteLocation',
        summary: 'Remove a location (its creator, a moderator or an admin)',
        tags,
        params: idParamsSchema,
        response: { 200: deletedResultSchema },
      },
      config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
    },
    async (request) => places.remove(request.params.id, signedInUser(request)),
  );
}

/** Votes on a place and its tags, and visits (signed in, rate-limited). */
function registerVoteRoutes(app: PlacesApp, places: PlacesService): void {
  app.put(
    '/api/locations/:id/vote',
    {
      schema: {
        operationId: 'voteOnLocation',
        summary: 'Vote a location up or down',
        tags,
        params: idParamsSchema,
        body: placeVoteSchema,
        response: { 200: voteResultSchema },
      },
      config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
    },
    async (request) => places.vote(request.params.id, request.body.vote, signedInUser(request).id),
  );

  app.put(
    '/api/locations/:id/tag-votes',
    {
      schema: {
        operationId: 'voteOnLocationTag',
        summary: 'Vote on a tag (repeating the same vote withdraws it)',
        tags,
        params: idParamsSchema,
        body: tagVoteSchema,
        response: { 200: tagVoteResponseSchema },
      },
      config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
    },
    async (request) => places.tagVote(request.params.id, request.body, signedInUser(request).id),
  );

  app.post(
    '/api/locations/:id/visits',
    {
      schema: {
        operationId: 'logVisit',
        summary:
          'I was here: log a visit (once in any 60 minutes per person and place, else 409 visit_already_logged) from the device at the place: within 300 m plus the reading’s accuracy (at most 200 m); 422 not_at_the_place otherwise',
        tags,
        params: idParamsSchema,
        body: visitRequestSchema,
        response: { 201: visitResultSchema },
      },
      config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
    },
    async (request, reply) =>
      reply.status(201).send(await places.visit(request.params.id, signedInUser(request).id, request.body)),
  );
}

export const placesRoutes =
  (
    places: PlacesService,
    mapAnswerTag: () => Promise<string | null> = async () => null,
    viewportAnswers: MapAnswerCache | null = null,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    registerReadRoutes(app, places, mapAnswerTag, viewportAnswers);
    registerWriteRoutes(app, places);
    registerVoteRoutes(app, places);
  };
