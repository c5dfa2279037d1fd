/** GET /api/moderation/audit-log: every decision, newest first. */
import { auditLogSchema, type AuditEntry } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MODERATION_KEY } from './get-moderation-queue.ts';

export async function getAuditLog(signal?: AbortSignal): Promise<AuditEntry[]> {
  return (await apiRequest('/api/moderation/audit-log', { schema: auditLogSchema, signal })).entries;
}

export const auditLogQueryOptions = queryOptions({
  queryKey: [...MODERATION_KEY, 'audit-log'],
  queryFn: ({ signal }) => getAuditLog(signal),
});

export function useAuditLog() {
  return useQuery(auditLogQueryOptions);
}
