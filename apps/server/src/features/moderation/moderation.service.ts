/**
 * The moderation queue (spec §4, §6): moderators and admins see removal requests with what
 * they need to decide, and approve or reject each once. Approving a place request deletes
 * the place with everything attached (photos' files included); approving an account request
 * deletes the person's sessions, personal data and photos and leaves their remaining
 * contributions without a name (moderation.repository anonymiseAccount). Every decision is
 * written to the audit log in the same transaction as its effect.
 */
import {
  ACCOUNT_DELETION_PLACE_ID,
  type Actor,
  type AuditEntry,
  type ModerationDecisionBody,
  type ModerationRequest,
  type RemovalRequestStatus,
} from '@playspot/core';
import type { DatabaseHandle } from '../../db/client.ts';
import type { DeletePlace, LockPlace } from '../../lib/capabilities.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repository from './moderation.repository.ts';

/** At most this many requests per status, and audit entries, are listed. */
export const MODERATION_LIST_LIMIT = 200;
/** The audit log's subject for an approved account deletion: the name is what was deleted. */
export const DELETED_ACCOUNT_SUBJECT = 'deleted account';

const requestNotFound = () => notFound('Removal request not found');

function toModerationRequest(row: repository.ModerationRequestRow): ModerationRequest {
  const isAccount = row.type === 'account';
  return {
    id: row.id,
    locationId: isAccount ? ACCOUNT_DELETION_PLACE_ID : row.locationId,
    type: row.type,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    requesterUserName: row.requesterUserName,
    locationName: isAccount ? null : row.locationName,
    accountUserName: isAccount ? row.requesterUserName : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedByUserName: row.decidedByUserName,
    decisionNote: row.decisionNote,
  };
}

export function createModerationService(deps: {
  database: DatabaseHandle;
  now?: () => Date;
  lockPlace: LockPlace;
  deletePlace: DeletePlace;
  /** Removes a deleted place's stored files (its photos and its comments' photos). */
  deletePlaceFiles: (locationId: string) => Promise<void>;
  /** Removes stored files by key (a deleted account's photos). */
  deleteFiles: (keys: string[]) => Promise<void>;
}) {
  const { lockPlace, deletePlace } = deps;
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  /** Applies a decision inside `tx`; returns what to clean up in storage afterwards. */
  async function decideIn(tx: typeof db, id: string, body: ModerationDecisionBody, moderator: Actor) {
    const subject = await repository.findRequestSubject(tx, id);
    if (!subject) throw requestNotFound();
    if (body.decision === 'approve' && subject.type === 'location' && subject.locationId) {
      // An approval deletes the place and closes its other pending requests: the place first
      // (FOR UPDATE, as every deletion of it), then its pending requests in id order. Two
      // moderators approving two requests for one place then wait for each other instead of
      // each holding its own request and waiting for the other's.
      await lockPlace(tx, subject.locationId, 'delete');
      await repository.lockPendingForPlace(tx, subject.locationId);
    }
    const request = await repository.lockRequest(tx, id);
    if (!request) throw requestNotFound();
    if (request.status !== 'pending') {
      throw new AppError(409, 'already_decided', `This request was already ${request.status}.`);
    }
    const at = now();
    const status: RemovalRequestStatus = body.decision === 'approve' ? 'approved' : 'rejected';
    const decision = { status, moderatorId: moderator.id, note: body.note, at } as const;
    const entry = {
      requestType: request.type,
      decision: body.decision,
      note: body.note,
      moderatorUserId: moderator.id,
      at,
    };
    const cleanup = { locationId: null as string | null, fileKeys: [] as string[] };

    if (request.type === 'location') {
      const locationId = request.locationId;
      const name = locationId ? await repository.locationName(tx, locationId) : null;
      const subject = { subject: name ?? 'location already removed', subjectId: locationId };
      const closedWithIt =
        body.decision === 'approve' && locationId
          ? await repository.otherPendingForPlace(tx, locationId, id)
          : [];
      await repository.markDecided(tx, [id], decision);
      await repository.markDecided(tx, closedWithIt, {
        ...decision,
        note: `Closed with request ${id}, which removed this place.`,
      });
      await repository.insertAuditEntries(tx, [
        { ...entry, ...subject, removalRequestId: id },
        ...closedWithIt.map((otherId) => ({
          ...entry,
          ...subject,
          note: `Closed with request ${id}.`,
          removalRequestId: otherId,
        })),
      ]);
      if (body.decision === 'approve' && locationId && name !== null) {
        await deletePlace(tx, locationId);
        cleanup.locationId = locationId;
      }
      return cleanup;
    }

    const userId = request.userId;
    const accountName = userId ? await repository.userName(tx, userId) : null;
    await repository.markDecided(tx, [id], decision);
    if (body.decision === 'approve') {
      await repository.insertAuditEntries(tx, [
        { ...entry, subject: DELETED_ACCOUNT_SUBJECT, subjectId: null, removalRequestId: id },
      ]);
      if (userId) cleanup.fileKeys = await repository.anonymiseAccount(tx, userId, at);
    } else {
      await repository.insertAuditEntries(tx, [
        {
          ...entry,
          subject: accountName ?? 'account without a user name',
          subjectId: null,
          removalRequestId: id,
        },
      ]);
    }
    return cleanup;
  }

  return {
    async queue(status: RemovalRequestStatus): Promise<ModerationRequest[]> {
      const rows = await repository.listRequests(db, status, MODERATION_LIST_LIMIT);
      return rows.map(toModerationRequest);
    },

    async decide(id: string, body: ModerationDecisionBody, moderator: Actor): Promise<ModerationRequest> {
      const cleanup = await db.transaction((tx) => decideIn(tx, id, body, moderator));
      // Files go once the rows are gone for good (a rolled-back decision keeps its files).
      if (cleanup.locationId) await deps.deletePlaceFiles(cleanup.locationId);
      if (cleanup.fileKeys.length > 0) await deps.deleteFiles(cleanup.fileKeys);
      const row = await repository.findRequest(db, id);
      if (!row) throw requestNotFound();
      return toModerationRequest(row);
    },

    async auditLog(): Promise<AuditEntry[]> {
      const rows = await repository.listAuditEntries(db, MODERATION_LIST_LIMIT);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
