/** POST /api/removal-requests with the spec's 'account-deletion' id: asks to delete the account. */
import { ACCOUNT_DELETION_PLACE_ID, removalRequestSchema, type RemovalRequest } from '@playspot/core';
import { analytics } from '../../../lib/analytics/analytics.ts';
import { apiRequest, type ResponseSchema } from '../../../lib/api-client.ts';

/** The server answers { removalRequest }. */
const createdSchema: ResponseSchema<RemovalRequest> = {
  parse: (data) => removalRequestSchema.parse((data as { removalRequest?: unknown } | null)?.removalRequest),
};

export async function requestAccountDeletion(reason: string): Promise<RemovalRequest> {
  const removalRequest = await apiRequest('/api/removal-requests', {
    method: 'POST',
    body: { locationId: ACCOUNT_DELETION_PLACE_ID, reason },
    schema: createdSchema,
  });
  analytics.track('removal_request', { type: 'account' });
  return removalRequest;
}
