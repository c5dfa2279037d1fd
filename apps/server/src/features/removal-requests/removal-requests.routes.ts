import { createRemovalRequestSchema, ownRemovalRequestsSchema, removalRequestSchema } from '@playspot/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WRITE_RATE_LIMIT } from '../../lib/rate-limits.ts';
import { signedInUser } from '../../lib/request-user.ts';
import type { RemovalRequestsService } from './removal-requests.service.ts';

export const removalRequestsRoutes =
  (removalRequests: RemovalRequestsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['removal requests'];
    app.post(
      '/api/removal-requests',
      {
        schema: {
          operationId: 'createRemovalRequest',
          summary: "Ask for a location, or your account ('account-deletion'), to be removed",
          tags,
          body: createRemovalRequestSchema,
          response: { 201: z.object({ removalRequest: removalRequestSchema }) },
        },
        config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ removalRequest: await removalRequests.create(request.body, signedInUser(request)) }),
    );

    app.get(
      '/api/me/removal-requests',
      {
        schema: {
          operationId: 'listMyRemovalRequests',
          summary: 'Your removal requests with their status, newest first',
          tags,
          response: { 200: ownRemovalRequestsSchema },
        },
        config: { access: 'signedIn' },
      },
      async (request) => ({ removalRequests: await removalRequests.listOwn(signedInUser(request)) }),
    );
  };
