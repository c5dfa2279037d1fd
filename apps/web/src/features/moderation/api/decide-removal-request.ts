/**
 * POST /api/moderation/removal-requests/:id/decision. An approval deletes a place or an
 * account, so everything cached about places is refreshed too, not only the queue.
 */
import {
  moderationDecisionResultSchema,
  type ModerationDecision,
  type ModerationRequest,
} from '@playspot/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MODERATION_KEY } from './get-moderation-queue.ts';

export interface DecisionInput {
  readonly requestId: string;
  readonly decision: ModerationDecision;
  readonly note: string;
}

export async function decideRemovalRequest({
  requestId,
  decision,
  note,
}: DecisionInput): Promise<ModerationRequest> {
  const result = await apiRequest(
    `/api/moderation/removal-requests/${encodeURIComponent(requestId)}/decision`,
    {
      method: 'POST',
      body: { decision, note },
      schema: moderationDecisionResultSchema,
    },
  );
  return result.removalRequest;
}

export function useDecideRemovalRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideRemovalRequest,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: MODERATION_KEY }),
        client.invalidateQueries({ queryKey: ['locations'] }),
      ]);
    },
  });
}
