import { analyticsBatchSchema } from '@playspot/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { recordClientEvents } from './analytics.repository.ts';

/** Generous for real use (events are batched), tight for a flood. */
const analyticsRateLimit = { max: 30, timeWindow: '1 minute' };

export const analyticsRoutes =
  (deps: { db: Database; now?: () => Date }): FastifyPluginAsyncZod =>
  async (app) => {
    // navigator.sendBeacon posts a string body as text/plain; read it as JSON here only.
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badRequest('The analytics body must be JSON.'));
      }
    });

    app.post(
      '/api/analytics',
      {
        schema: {
          operationId: 'recordAnalyticsEvents',
          summary: 'Record a batch of app events (signed in or not)',
          tags: ['analytics'],
          body: analyticsBatchSchema,
          response: { 202: z.object({ accepted: z.int() }) },
        },
        config: { access: 'public', rateLimit: analyticsRateLimit },
      },
      async (request, reply) => {
        await recordClientEvents(
          deps.db,
          request.user?.id ?? null,
          request.body.events,
          deps.now?.() ?? new Date(),
        );
        return reply.status(202).send({ accepted: request.body.events.length });
      },
    );
  };
