/** GET /api/moderation/reports: reported photos, comments and places with their context. */
import { reportQueueSchema, type ReportedItem } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MODERATION_KEY } from './get-moderation-queue.ts';

export async function getReports(signal?: AbortSignal): Promise<ReportedItem[]> {
  return (await apiRequest('/api/moderation/reports', { schema: reportQueueSchema, signal })).reports;
}

export const reportsQueryOptions = queryOptions({
  queryKey: [...MODERATION_KEY, 'reports'],
  queryFn: ({ signal }) => getReports(signal),
});

export function useReports() {
  return useQuery(reportsQueryOptions);
}
