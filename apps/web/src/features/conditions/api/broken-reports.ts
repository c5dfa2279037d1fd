/**
 * Broken equipment parents reported (issue 19): GET /api/conditions/broken (every open report,
 * oldest first, or one operator's), and a moderator closing one a council has fixed.
 */
import { type BrokenReport } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, apiUrl, checkedBy } from '../../../lib/api-client.ts';

export function brokenReportsQueryOptions() {
  return queryOptions({
    queryKey: ['conditions', 'broken'],
    queryFn: async ({ signal }): Promise<BrokenReport[]> =>
      (await apiRequest('/api/conditions/broken', { lazySchema: checkedBy('brokenReportsSchema'), signal }))
        .reports,
  });
}

export function useBrokenReports() {
  return useQuery(brokenReportsQueryOptions());
}

export function closeReport(reportId: string): Promise<unknown> {
  return apiRequest(`/api/moderation/conditions/${encodeURIComponent(reportId)}/close`, {
    method: 'POST',
    lazySchema: checkedBy('conditionClosedSchema'),
  });
}

/** The CSV a council opens in a spreadsheet: every report, or one operator's. */
export function brokenCsvUrl(operator: string | null): string {
  return apiUrl('/api/conditions/broken.csv', operator === null ? {} : { operator });
}
