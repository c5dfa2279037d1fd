/**
 * The visit a condition report or answer rests on (issue 30): the server takes a report,
 * a "still true" or a "not any more" only from someone who logged a visit at the place in
 * the last hour, and checks the device's reading on the visit, never on the condition. So
 * the app logs the visit first; one already logged in the last hour is the one that counts.
 */
import { type VisitRequest } from '@playspot/core';
import { ApiError, apiRequest, checkedBy } from '../../../lib/api-client.ts';

export async function logVisitHere(locationId: string, reading: VisitRequest): Promise<void> {
  try {
    await apiRequest(`/api/locations/${encodeURIComponent(locationId)}/visits`, {
      method: 'POST',
      body: reading,
      lazySchema: checkedBy('visitResultSchema'),
    });
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'visit_already_logged')) throw error;
  }
}
