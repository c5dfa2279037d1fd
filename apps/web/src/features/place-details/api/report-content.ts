/**
 * POST /api/reports: tells the moderators what is wrong with a photo, a comment or a place.
 * Reporting the same thing twice answers the first report (alreadyReported), not an error.
 */
import { type CreateReportInput, type CreateReportResult } from '@playspot/core';
import { apiRequest, checkedBy } from '../../../lib/api-client.ts';

export function reportContent(report: CreateReportInput): Promise<CreateReportResult> {
  return apiRequest('/api/reports', {
    method: 'POST',
    body: report,
    lazySchema: checkedBy('createReportResultSchema'),
  });
}
