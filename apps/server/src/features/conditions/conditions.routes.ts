import {
  brokenReportsQuerySchema,
  brokenReportsSchema,
  conditionAnswerRequestSchema,
  conditionClosedSchema,
  conditionParamsSchema,
  conditionReportParamsSchema,
  conditionReportRequestSchema,
  conditionResultSchema,
  idParamsSchema,
  placeConditionsSchema,
} from '@playspot/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WRITE_RATE_LIMIT } from '../../lib/rate-limits.ts';
import { signedInUser } from '../../lib/request-user.ts';
import type { ConditionsService } from './conditions.service.ts';
import { fileResponse } from '../../lib/api-document.ts';
import { spreadsheetCsv } from '../../lib/spreadsheet-csv.ts';

const moderators = { role: 'moderator' } as const;
/** Per address: a council's nightly export is one request; a scraper is slowed. */
const EXPORT_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

export const conditionsRoutes =
  (conditions: ConditionsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['conditions'];

    app.get(
      '/api/locations/:id/conditions',
      {
        schema: {
          operationId: 'listLocationConditions',
          summary:
            'What a place is like right now (wet, busy, broken swing…): active reports, verified first',
          tags,
          params: idParamsSchema,
          response: { 200: placeConditionsSchema },
        },
        config: { access: 'public' },
      },
      async (request) => conditions.conditionsOf(request.params.id, request.user?.id ?? null),
    );

    app.post(
      '/api/locations/:id/conditions',
      {
        schema: {
          operationId: 'reportLocationCondition',
          summary:
            'Report how a place is right now (only after logging a visit here in the last hour); 201 for a new report; the same condition already shown is confirmed instead (200)',
          tags,
          params: idParamsSchema,
          body: conditionReportRequestSchema,
          response: { 200: conditionResultSchema, 201: conditionResultSchema },
        },
        config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
      },
      async (request, reply) => {
        const result = await conditions.report(signedInUser(request), request.params.id, request.body);
        return reply.status(result.created ? 201 : 200).send(result.conditions);
      },
    );

    app.put(
      '/api/locations/:id/conditions/:reportId',
      {
        schema: {
          operationId: 'answerLocationCondition',
          summary:
            "After logging a visit here in the last hour: 'still' keeps a condition (and counts you), 'gone' ends it for everyone (10 a day each; moderators end any, from anywhere)",
          tags,
          params: conditionParamsSchema,
          body: conditionAnswerRequestSchema,
          response: { 200: conditionResultSchema },
        },
        config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) =>
        conditions.answer(signedInUser(request), request.params.id, request.params.reportId, request.body),
    );

    app.get(
      '/api/conditions/broken',
      {
        schema: {
          operationId: 'listBrokenEquipment',
          summary:
            "Open broken-equipment reports, oldest first, optionally of one operator's places (e.g. a city council); no personal data",
          tags,
          querystring: brokenReportsQuerySchema,
          response: { 200: brokenReportsSchema },
        },
        config: { access: 'public', rateLimit: EXPORT_RATE_LIMIT },
      },
      async (request) => ({ reports: await conditions.broken(request.query.operator ?? null) }),
    );

    app.get(
      '/api/conditions/broken.csv',
      {
        schema: {
          operationId: 'exportBrokenEquipmentCsv',
          summary:
            'The same as GET /api/conditions/broken, as text/csv for a council’s spreadsheet (one row per report)',
          tags,
          querystring: brokenReportsQuerySchema,
          response: { 200: fileResponse('One row per report, with a header row', ['text/csv']) },
        },
        config: { access: 'public', rateLimit: EXPORT_RATE_LIMIT },
      },
      async (request, reply) => {
        const reports = await conditions.broken(request.query.operator ?? null);
        const csv = spreadsheetCsv(
          reports.map((report) => ({
            report_id: report.id,
            place_id: report.place.id,
            place: report.place.name,
            operator: report.place.operator ?? '',
            latitude: report.place.latitude,
            longitude: report.place.longitude,
            equipment: report.equipment,
            reported_at: report.reportedAt,
            last_confirmed_at: report.lastConfirmedAt,
            parents: report.parents,
          })),
          CSV_COLUMNS,
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="broken-equipment.csv"')
          .send(csv);
      },
    );

    app.post(
      '/api/moderation/conditions/:reportId/close',
      {
        schema: {
          operationId: 'closeConditionReport',
          summary: 'Close a condition report (broken equipment fixed, a closure over) (moderators, admins)',
          tags,
          params: conditionReportParamsSchema,
          response: { 200: conditionClosedSchema },
        },
        config: { access: moderators, rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) => conditions.close(request.params.reportId),
    );
  };

const CSV_COLUMNS = [
  'report_id',
  'place_id',
  'place',
  'operator',
  'latitude',
  'longitude',
  'equipment',
  'reported_at',
  'last_confirmed_at',
  'parents',
];
