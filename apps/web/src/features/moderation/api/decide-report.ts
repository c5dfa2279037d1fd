/**
 * POST /api/moderation/reports/decision: hide, delete or dismiss everything reported about
 * one photo, comment or place. Places' photos and comments change, so cached places refresh.
 */
import {
  reportDecisionResultSchema,
  type ReportDecisionInput,
  type ReportDecisionResult,
} from '@playspot/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MODERATION_KEY } from './get-moderation-queue.ts';

export function decideReport(decision: ReportDecisionInput): Promise<ReportDecisionResult> {
  return apiRequest('/api/moderation/reports/decision', {
    method: 'POST',
    body: decision,
    schema: reportDecisionResultSchema,
  });
}

export function useDecideReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideReport,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: MODERATION_KEY }),
        client.invalidateQueries({ queryKey: ['locations'] }),
      ]);
    },
  });
}
