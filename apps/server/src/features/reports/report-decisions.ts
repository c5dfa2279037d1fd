/**
 * A moderator's decision on a reported target (part of the reports service): hide, delete or
 * dismiss, for all its open reports at once, written to the audit log in the same transaction;
 * files go once it has committed.
 */
import {
  pointsForAction,
  type Actor,
  type ReportDecisionBody,
  type ReportDecisionResult,
} from '@playspot/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { TARGET_WORDS, targetNotFound } from './report-targets.ts';
import * as repository from './reports.repository.ts';
import type { ReportsDeps } from './reports-deps.ts';

/** What to remove from storage once a decision has committed. */
interface Cleanup {
  fileKeys: string[];
  commentFiles: { locationId: string; commentId: string } | null;
  placeFiles: string | null;
}

export function createReportDecisions(deps: ReportsDeps) {
  const { lockPlace, lockComment, lockPhoto, deletePhoto, deleteComment, deletePlace } = deps;
  const { changePoints, recordAuditEntries } = deps;
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  /** Deletes the target inside `tx`; the reports on it go with it (foreign keys). */
  async function deleteTarget(tx: Database, body: ReportDecisionBody, cleanup: Cleanup): Promise<void> {
    switch (body.targetType) {
      case 'photo': {
        const fileKeys = await deletePhoto(tx, body.targetId);
        if (!fileKeys) throw targetNotFound('photo');
        cleanup.fileKeys = fileKeys;
        return;
      }
      case 'comment': {
        const comment = await lockComment(tx, body.targetId);
        if (!comment) throw targetNotFound('comment');
        if (!(await deleteComment(tx, comment.locationId, comment.id))) throw targetNotFound('comment');
        // Its author loses what it earned, as when they or a moderator delete it directly.
        const earned = pointsForAction('comment') + (comment.hasPhoto ? pointsForAction('commentImage') : 0);
        if (comment.userId) await changePoints(tx, comment.userId, -earned);
        cleanup.commentFiles = { locationId: comment.locationId, commentId: comment.id };
        return;
      }
      case 'location':
        // As when a moderator approves a removal request: the place goes with everything on it.
        await deletePlace(tx, body.targetId);
        cleanup.placeFiles = body.targetId;
        return;
    }
  }

  /**
   * Locks the target of a decision, its place first (the order place deletions take);
   * returns the name of its place (for the audit log).
   */
  async function lockDecisionTarget(tx: Database, body: ReportDecisionBody): Promise<string> {
    const locationId = await repository.targetPlaceId(tx, body.targetType, body.targetId);
    // FOR UPDATE when the place itself is decided (it may be deleted), else NO KEY UPDATE
    // (deleting a comment lowers its count).
    const place =
      locationId === null
        ? null
        : await lockPlace(tx, locationId, body.targetType === 'location' ? 'delete' : 'change');
    if (locationId === null || !place) throw targetNotFound(body.targetType);
    switch (body.targetType) {
      case 'photo':
        if (!(await lockPhoto(tx, body.targetId, locationId))) throw targetNotFound('photo');
        break;
      case 'comment':
        if (!(await lockComment(tx, body.targetId))) throw targetNotFound('comment');
        break;
      case 'location':
        break;
    }
    return place.name;
  }

  async function decideIn(tx: Database, body: ReportDecisionBody, moderator: Actor) {
    const placeName = await lockDecisionTarget(tx, body);
    const open = await repository.lockOpenReports(tx, body.targetId);
    if (open.length === 0) {
      throw new AppError(
        409,
        'already_decided',
        `Nothing is waiting about this ${TARGET_WORDS[body.targetType]}: it was already decided.`,
      );
    }
    const at = now();
    const cleanup: Cleanup = { fileKeys: [], commentFiles: null, placeFiles: null };
    if (body.decision === 'delete') {
      await deleteTarget(tx, body, cleanup);
    } else {
      await repository.closeReports(tx, open, body.decision, moderator.id, at);
      // Only photos and comments can be hidden (the body schema refuses hiding a place). A
      // dismissal shows again only what reports hid, never what a moderator hid for good.
      if (body.targetType !== 'location') {
        if (body.decision === 'hide') {
          await repository.hide(tx, body.targetType, body.targetId, at, 'moderator');
        } else {
          await repository.showAgainIfHiddenByReports(tx, body.targetType, body.targetId);
        }
      }
    }
    await recordAuditEntries(tx, [
      {
        origin: 'report',
        removalRequestId: null,
        requestType: body.targetType,
        decision: body.decision,
        note: body.note,
        subject: placeName,
        subjectId: body.targetId,
        moderatorUserId: moderator.id,
        at,
      },
    ]);
    return { cleanup, reportsClosed: open.length };
  }

  return {
    async decide(body: ReportDecisionBody, moderator: Actor): Promise<ReportDecisionResult> {
      const { cleanup, reportsClosed } = await db.transaction((tx) => decideIn(tx, body, moderator));
      if (cleanup.fileKeys.length > 0) await deps.deleteFiles(cleanup.fileKeys);
      if (cleanup.commentFiles) {
        await deps.deleteCommentFiles(cleanup.commentFiles.locationId, cleanup.commentFiles.commentId);
      }
      if (cleanup.placeFiles) await deps.deletePlaceFiles(cleanup.placeFiles);
      return { targetType: body.targetType, targetId: body.targetId, decision: body.decision, reportsClosed };
    },
  };
}
