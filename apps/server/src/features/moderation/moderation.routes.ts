import {
  auditLogSchema,
  idParamsSchema,
  moderationDecisionResultSchema,
  moderationDecisionSchema,
  moderationQueueQuerySchema,
  moderationQueueSchema,
} from '@playspot/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WRITE_RATE_LIMIT } from '../../lib/rate-limits.ts';
import { signedInUser } from '../../lib/request-user.ts';
import type { ModerationService } from './moderation.service.ts';

const moderators = { role: 'moderator' } as const;

export const moderationRoutes =
  (moderation: ModerationService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['moderation'];

    app.get(
      '/api/moderation/removal-requests',
      {
        schema: {
          operationId: 'listModerationRemovalRequests',
          summary: 'Removal requests of one status with their context (moderators, admins)',
          tags,
          querystring: moderationQueueQuerySchema,
          response: { 200: moderationQueueSchema },
        },
        config: { access: moderators },
      },
      async (request) => ({ removalRequests: await moderation.queue(request.query.status) }),
    );

    app.post(
      '/api/moderation/removal-requests/:id/decision',
      {
        schema: {
          operationId: 'decideRemovalRequest',
          summary: 'Approve (removes the place or the account) or reject a pending request, with a note',
          tags,
          params: idParamsSchema,
          body: moderationDecisionSchema,
          response: { 200: moderationDecisionResultSchema },
        },
        config: { access: moderators, rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) => ({
        removalRequest: await moderation.decide(request.params.id, request.body, signedInUser(request)),
      }),
    );

    app.get(
      '/api/moderation/audit-log',
      {
        schema: {
          operationId: 'listModerationAuditLog',
          summary: 'Moderation decisions, newest first (moderators, admins)',
          tags,
          response: { 200: auditLogSchema },
        },
        config: { access: moderators },
      },
      async () => ({ entries: await moderation.auditLog() }),
    );
  };
