import {
  areaDefectsSchema,
  areaParamsSchema,
  defectAnswerRequestSchema,
  defectParamsSchema,
  defectSchema,
  deliveriesQuerySchema,
  deliveriesSchema,
  myAreasSchema,
  myFixesSchema,
} from '@playspot/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponse } from '../../lib/api-document.ts';
import { WRITE_RATE_LIMIT } from '../../lib/rate-limits.ts';
import { signedInUser } from '../../lib/request-user.ts';
import { spreadsheetCsv } from '../../lib/spreadsheet-csv.ts';
import type { DefectsService } from './defects.service.ts';

const admins = { role: 'admin' } as const;

const CSV_COLUMNS = [
  'defect_id',
  'place_id',
  'place',
  'latitude',
  'longitude',
  'equipment',
  'first_reported_at',
  'last_confirmed_at',
  'parents',
  'photos',
  'delivery',
  'open311_request_id',
  'reopened',
];

/** Maintainers' pages, admins' view of deliveries, and a parent's fixes (issue 48). */
export const defectsRoutes =
  (defects: DefectsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['maintenance'];

    app.get(
      '/api/maintenance/areas',
      {
        schema: {
          operationId: 'listMyMaintenanceAreas',
          summary: 'The areas the caller maintains (admins: every area), with their open defects',
          tags,
          response: { 200: myAreasSchema },
        },
        config: { access: 'signedIn' },
      },
      async (request) => defects.areasOf(signedInUser(request)),
    );

    app.get(
      '/api/maintenance/areas/:id/defects',
      {
        schema: {
          operationId: 'listAreaDefects',
          summary: "An area's open defects with photos, oldest first (its maintainers, admins)",
          tags,
          params: areaParamsSchema,
          response: { 200: areaDefectsSchema },
        },
        config: { access: 'signedIn' },
      },
      async (request) => defects.defectsOf(signedInUser(request), request.params.id),
    );

    app.get(
      '/api/maintenance/areas/:id/defects.csv',
      {
        schema: {
          operationId: 'exportAreaDefectsCsv',
          summary: 'The same as GET …/defects, as text/csv, one row per defect (its maintainers, admins)',
          tags,
          params: areaParamsSchema,
          response: { 200: fileResponse('One row per open defect, with a header row', ['text/csv']) },
        },
        config: { access: 'signedIn' },
      },
      async (request, reply) => {
        const rows = await defects.csvRowsOf(signedInUser(request), request.params.id);
        const csv = spreadsheetCsv(rows, CSV_COLUMNS);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="defects.csv"')
          .send(csv);
      },
    );

    app.post(
      '/api/maintenance/defects/:id/answer',
      {
        schema: {
          operationId: 'answerDefect',
          summary:
            "'fixed' ends the parents' reports (they see it fixed; a report within 48 h reopens it); 'not_defect' ends them unsent (the area's maintainers, admins)",
          tags,
          params: defectParamsSchema,
          body: defectAnswerRequestSchema,
          response: { 200: defectSchema },
        },
        config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) => defects.answer(signedInUser(request), request.params.id, request.body),
    );

    app.get(
      '/api/admin/deliveries',
      {
        schema: {
          operationId: 'listDefectDeliveries',
          summary: 'Defects by delivery state (failed: retries used up), with the last error (admins)',
          tags,
          querystring: deliveriesQuerySchema,
          response: { 200: deliveriesSchema },
        },
        config: { access: admins },
      },
      async (request) => defects.deliveries(request.query.state ?? null),
    );

    app.get(
      '/api/me/fixes',
      {
        schema: {
          operationId: 'listMyFixes',
          summary:
            'Equipment the caller reported or confirmed broken that its maintainer fixed, newest first',
          tags,
          response: { 200: myFixesSchema },
        },
        config: { access: 'signedIn' },
      },
      async (request) => defects.myFixes(signedInUser(request).id),
    );
  };
