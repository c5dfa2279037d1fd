/**
 * Removal requests (spec §3, §4): a signed-in person asks for a place, or their own
 * account ('account-deletion'), to be removed. Requests start pending; moderators decide
 * elsewhere (features/moderation).
 */
import {
  ACCOUNT_DELETION_PLACE_ID,
  ERROR_MESSAGES,
  initialRemovalRequestStatus,
  removalRequestType,
  type Actor,
  type CreateRemovalRequest,
  type RemovalRequest,
} from '@playspot/core';
import type { DatabaseHandle } from '../../db/client.ts';
import type { PlaceExists } from '../../lib/capabilities.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repository from './removal-requests.repository.ts';

/** How many of their own requests a person sees; more would be a sign of abuse. */
export const OWN_REQUESTS_LISTED = 100;

export function toRemovalRequest(row: repository.RemovalRequestRow): RemovalRequest {
  return {
    id: row.id,
    // The API speaks the spec's language: an account request names 'account-deletion'.
    locationId: row.type === 'account' ? ACCOUNT_DELETION_PLACE_ID : row.locationId,
    locationName: row.type === 'account' ? null : row.locationName,
    type: row.type,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createRemovalRequestsService(deps: {
  database: DatabaseHandle;
  now?: () => Date;
  placeExists: PlaceExists;
}) {
  const { placeExists } = deps;
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  return {
    async create(input: CreateRemovalRequest, actor: Actor): Promise<RemovalRequest> {
      const type = removalRequestType(input.locationId);
      const locationId = type === 'account' ? null : input.locationId;
      return db.transaction(async (tx) => {
        if (locationId !== null && !(await placeExists(tx, locationId)))
          throw notFound(ERROR_MESSAGES.placeDoesNotExist);
        // One open request per person and target: a second tap should not queue twice.
        if (await repository.findPendingRequest(tx, actor.id, type, locationId))
          throw new AppError(
            409,
            'already_requested',
            'You have already asked for this; a moderator will look at it soon.',
          );
        const row = await repository.insertRemovalRequest(tx, {
          type,
          locationId,
          userId: actor.id,
          reason: input.reason,
          status: initialRemovalRequestStatus(),
          now: now(),
        });
        return toRemovalRequest(row);
      });
    },

    async listOwn(actor: Actor): Promise<RemovalRequest[]> {
      const rows = await repository.listRequestsByUser(db, actor.id, OWN_REQUESTS_LISTED);
      return rows.map(toRemovalRequest);
    },
  };
}

export type RemovalRequestsService = ReturnType<typeof createRemovalRequestsService>;
