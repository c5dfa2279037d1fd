import {
  createReportResultSchema,
  createReportSchema,
  reportDecisionBodySchema,
  reportDecisionResultSchema,
  reportQueueSchema,
} from '@playspot/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WRITE_RATE_LIMIT } from '../../lib/rate-limits.ts';
import { signedInUser } from '../../lib/request-user.ts';
import type { ReportsService } from './reports.service.ts';

const moderators = { role: 'moderator' } as const;

export const reportsRoutes =
  (reports: ReportsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/reports',
      {
        schema: {
          operationId: 'createReport',
          summary:
            "Report a photo, a comment or a place to the moderators, with a reason (e.g. 'child-face'); a photo or comment reported by 3 different people is hidden until reviewed. Reporting the same thing again while your report is open answers 200 with the first report",
          tags: ['reports'],
          body: createReportSchema,
          response: { 200: createReportResultSchema, 201: createReportResultSchema },
        },
        config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
      },
      async (request, reply) => {
        const result = await reports.report(request.body, signedInUser(request));
        return reply.status(result.alreadyReported ? 200 : 201).send(result);
      },
    );

    app.get(
      '/api/moderation/reports',
      {
        schema: {
          operationId: 'listModerationReports',
          summary:
            'Reported photos, comments and places with their context, reasons and number of reporters, longest waiting first (moderators, admins)',
          tags: ['moderation'],
          response: { 200: reportQueueSchema },
        },
        config: { access: moderators },
      },
      async () => ({ reports: await reports.queue() }),
    );

    app.post(
      '/api/moderation/reports/decision',
      {
        schema: {
          operationId: 'decideModerationReports',
          summary:
            'Hide, delete or dismiss everything reported about one photo, comment or place (moderators, admins); written to the audit log',
          tags: ['moderation'],
          body: reportDecisionBodySchema,
          response: { 200: reportDecisionResultSchema },
        },
        config: { access: moderators, rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) => reports.decide(request.body, signedInUser(request)),
    );
  };
