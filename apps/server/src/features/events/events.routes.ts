import {
  createEventSchema,
  eventDeletedSchema,
  eventListSchema,
  eventResultSchema,
  eventsTodayQuerySchema,
  eventsTodayResultSchema,
  idParamsSchema,
  placeEventsQuerySchema,
  nearbyEventsQuerySchema,
  nearbyEventsResultSchema,
  updateEventSchema,
} from '@playspot/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WRITE_RATE_LIMIT } from '../../lib/rate-limits.ts';
import { signedInUser } from '../../lib/request-user.ts';
import { registerCalendarRoutes } from './calendar.routes.ts';
import type { EventsService } from './events.service.ts';

export const eventsRoutes =
  (events: EventsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['events'];

    app.post(
      '/api/events',
      {
        schema: {
          operationId: 'createEvent',
          summary: 'Create an event at a location (private ones are seen by their invitees only)',
          tags,
          body: createEventSchema,
          response: { 201: eventResultSchema },
        },
        config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
      },
      async (request, reply) =>
        reply.status(201).send({ event: await events.create(request.body, signedInUser(request)) }),
    );

    app.get(
      '/api/events/today',
      {
        schema: {
          operationId: 'listEventsToday',
          summary: "Today's events at many locations, 'today' in each location's time zone",
          tags,
          querystring: eventsTodayQuerySchema,
          response: { 200: eventsTodayResultSchema },
        },
        config: { access: 'public' },
      },
      async (request) => ({
        eventsByLocationId: await events.today(request.query.locationIds, request.user),
      }),
    );

    app.get(
      '/api/events/nearby',
      {
        schema: {
          operationId: 'listEventsNearby',
          summary: 'Events around a point today or this week, happening now first, then soonest',
          tags,
          querystring: nearbyEventsQuerySchema,
          response: { 200: nearbyEventsResultSchema },
        },
        config: { access: 'public' },
      },
      async (request) => ({ events: await events.nearby(request.query, request.user) }),
    );

    app.get(
      '/api/events/:id',
      {
        schema: {
          operationId: 'getEvent',
          summary: 'One event (a private one only for its creator and invitees)',
          tags,
          params: idParamsSchema,
          response: { 200: eventResultSchema },
        },
        config: { access: 'public' },
      },
      async (request) => ({ event: await events.get(request.params.id, request.user) }),
    );

    app.patch(
      '/api/events/:id',
      {
        schema: {
          operationId: 'updateEvent',
          summary: 'Edit an event (its creator, a moderator or an admin)',
          tags,
          params: idParamsSchema,
          body: updateEventSchema,
          response: { 200: eventResultSchema },
        },
        config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) => ({
        event: await events.edit(request.params.id, request.body, signedInUser(request)),
      }),
    );

    app.delete(
      '/api/events/:id',
      {
        schema: {
          operationId: 'deleteEvent',
          summary: 'Delete an event (its creator, a moderator or an admin)',
          tags,
          params: idParamsSchema,
          response: { 200: eventDeletedSchema },
        },
        config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) => events.remove(request.params.id, signedInUser(request)),
    );

    app.get(
      '/api/locations/:id/events',
      {
        schema: {
          operationId: 'listLocationEvents',
          summary: "A location's events, optionally of one weekday",
          tags,
          params: idParamsSchema,
          querystring: placeEventsQuerySchema,
          response: { 200: eventListSchema },
        },
        config: { access: 'public' },
      },
      async (request) => ({
        events: await events.atPlace(request.params.id, request.user, request.query.dayOfWeek),
      }),
    );

    app.get(
      '/api/me/invitations',
      {
        schema: {
          operationId: 'listMyInvitations',
          summary: 'Events you are invited to, soonest first',
          tags,
          response: { 200: eventListSchema },
        },
        config: { access: 'signedIn' },
      },
      async (request) => ({ events: await events.invitations(signedInUser(request)) }),
    );

    registerCalendarRoutes(app, events, tags);
  };
