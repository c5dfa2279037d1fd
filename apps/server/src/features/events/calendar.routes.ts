/**
 * The events' calendar routes (registered by events.routes.ts): an event's or a place's
 * events as iCalendar files, the personal calendar feed and its link.
 */
import {
  calendarFeedStatusSchema,
  calendarTokenParamsSchema,
  idParamsSchema,
  newCalendarFeedSchema,
  revokedCalendarFeedSchema,
} from '@playspot/core';
import type { FastifyReply } from 'fastify';
import { fileResponse } from '../../lib/api-document.ts';
import { WRITE_RATE_LIMIT } from '../../lib/rate-limits.ts';
import { signedInUser } from '../../lib/request-user.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import type { EventsService } from './events.service.ts';

/**
 * An attachment named `file` (RFC 6266): an ASCII `filename` every client reads (other
 * characters as '_') and, when the name has others, `filename*` in UTF-8 for those that
 * read it ('krabbeltreff-im-bauhof.ics', 'café-im-park.ics'). calendarFileName leaves no
 * quote, backslash or control character to escape.
 */
export function attachmentDisposition(file: string): string {
  const ascii = file.replace(/[^\x20-\x7e]/gu, '_').replace(/["\\]/gu, '_');
  if (ascii === file) return `attachment; filename="${file}"`;
  const encoded = encodeURIComponent(file).replace(
    /['()*]/gu,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function registerCalendarRoutes(app: RouteApp, events: EventsService, tags: string[]): void {
  const asCalendar = (reply: FastifyReply, file: string, personal: boolean) =>
    reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', attachmentDisposition(file))
      .header('cache-control', personal ? 'private, no-store' : 'public, max-age=300');

  app.get(
    '/api/events/:id/calendar.ics',
    {
      schema: {
        operationId: 'getEventCalendarFile',
        summary:
          "One event as an iCalendar file (its repeat rule, start and end in its place's time zone), named after the event",
        tags,
        params: idParamsSchema,
        response: { 200: fileResponse('An iCalendar file (RFC 5545)', ['text/calendar']) },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { text, fileName } = await events.calendarOfEvent(request.params.id, request.user);
      return asCalendar(reply, fileName, request.user !== null).send(text);
    },
  );

  app.get(
    '/api/locations/:id/events.ics',
    {
      schema: {
        operationId: 'getLocationEventsCalendar',
        summary: "A place's public events as a calendar feed to subscribe to",
        tags,
        params: idParamsSchema,
        response: { 200: fileResponse('An iCalendar file (RFC 5545)', ['text/calendar']) },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const text = await events.calendarOfPlace(request.params.id);
      return asCalendar(reply, 'events.ics', false).send(text);
    },
  );

  app.get(
    '/api/calendar-feeds/:token/my-events.ics',
    {
      schema: {
        operationId: 'getMyEventsCalendarFeed',
        summary:
          'The events a person made or is invited to, for calendar apps (the secret address is the key)',
        tags,
        params: calendarTokenParamsSchema,
        response: { 200: fileResponse('An iCalendar file (RFC 5545)', ['text/calendar']) },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const text = await events.calendarOfToken(request.params.token);
      return asCalendar(reply, 'my-events.ics', true).send(text);
    },
  );

  app.get(
    '/api/me/calendar-feed',
    {
      schema: {
        operationId: 'getMyCalendarFeed',
        summary: 'Whether my events calendar feed is on',
        tags,
        response: { 200: calendarFeedStatusSchema },
      },
      config: { access: 'signedIn' },
    },
    async (request) => events.calendarFeedStatus(signedInUser(request)),
  );

  app.post(
    '/api/me/calendar-feed',
    {
      schema: {
        operationId: 'createMyCalendarFeed',
        summary: 'A new secret address for my events calendar feed (the old one stops working)',
        tags,
        response: { 200: newCalendarFeedSchema },
      },
      config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
    },
    async (request) => events.newCalendarFeed(signedInUser(request)),
  );

  app.delete(
    '/api/me/calendar-feed',
    {
      schema: {
        operationId: 'deleteMyCalendarFeed',
        summary: 'Turn my events calendar feed off',
        tags,
        response: { 200: revokedCalendarFeedSchema },
      },
      config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
    },
    async (request) => events.revokeCalendarFeed(signedInUser(request)),
  );
}
