/**
 * Reports (issue 13): signed-in people report a photo, a comment or a place with a reason;
 * a photo or comment that REPORTERS_TO_HIDE different people report is hidden at once, until
 * a moderator reviews it. Moderators see every reported target with its context and decide
 * once for all its open reports: hide (for good: no new report is taken), delete, or dismiss
 * (shown again if reports hid it; what a moderator hid stays hidden). Each decision is
 * written to the audit log in the same transaction as its effect; files go once that
 * transaction has committed.
 */
import {
  REPORT_REASONS,
  hiddenByReports,
  pointsForAction,
  type Actor,
  type CreateReport,
  type CreateReportResult,
  type ReportDecisionBody,
  type ReportDecisionResult,
  type ReportedItem,
  type ReportReason,
  type ReportTargetType,
} from '@playspot/core';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import type {
  ChangePoints,
  DeleteComment,
  DeleteLocation,
  DeletePhoto,
  LockComment,
  LockLocation,
  LockPhoto,
  RecordAuditEntries,
} from '../../lib/capabilities.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repository from './reports.repository.ts';

/** At most this many reported targets are listed, and notes per target. */
export const REPORT_QUEUE_LIMIT = 200;
export const REPORT_NOTES_PER_TARGET = 20;

const TARGET_WORDS: Record<ReportTargetType, string> = {
  photo: 'photo',
  comment: 'comment',
  location: 'place',
};

const targetNotFound = (targetType: ReportTargetType) =>
  notFound(`There is no such ${TARGET_WORDS[targetType]}.`);

/** What to remove from storage once a decision has committed. */
interface Cleanup {
  fileKeys: string[];
  commentFiles: { locationId: string; commentId: string } | null;
  locationFiles: string | null;
}

export function createReportsService(deps: {
  database: DatabaseHandle;
  urlFor: (key: string) => string;
  now?: () => Date;
  lockLocation: LockLocation;
  lockComment: LockComment;
  lockPhoto: LockPhoto;
  deletePhoto: DeletePhoto;
  deleteComment: DeleteComment;
  deleteLocation: DeleteLocation;
  changePoints: ChangePoints;
  recordAuditEntries: RecordAuditEntries;
  deleteFiles: (keys: string[]) => Promise<void>;
  deleteCommentFiles: (locationId: string, commentId: string) => Promise<void>;
  deleteLocationFiles: (locationId: string) => Promise<void>;
}) {
  const { lockLocation, lockComment, lockPhoto, deletePhoto, deleteComment, deleteLocation } = deps;
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
        await deleteLocation(tx, body.targetId);
        cleanup.locationFiles = body.targetId;
        return;
    }
  }

  /**
   * Locks the target of a decision, its place first (the order place deletions take);
   * returns the name of its place (for the audit log).
   */
  async function lockDecisionTarget(tx: Database, body: ReportDecisionBody): Promise<string> {
    const locationId = await repository.targetLocationId(tx, body.targetType, body.targetId);
    // FOR UPDATE when the place itself is decided (it may be deleted), else NO KEY UPDATE
    // (deleting a comment lowers its count).
    const place =
      locationId === null
        ? null
        : await lockLocation(tx, locationId, body.targetType === 'location' ? 'delete' : 'change');
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
    const cleanup: Cleanup = { fileKeys: [], commentFiles: null, locationFiles: null };
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
    /**
     * Files a report. A second report by the same person on the same target while the first
     * is open changes nothing and answers the first (`alreadyReported`), so a double tap or a
     * retry is harmless.
     */
    async report(body: CreateReport, actor: Actor): Promise<CreateReportResult> {
      return db.transaction(async (tx) => {
        const target = await repository.lockTargetForReport(tx, body.targetType, body.targetId);
        if (!target) throw targetNotFound(body.targetType);
        // Gone for everyone after a review: a report now would open a case a dismissal could
        // settle by showing it again.
        if (target.hiddenBy === 'moderator') {
          throw notFound(`A moderator has already taken this ${TARGET_WORDS[body.targetType]} down.`);
        }
        const at = now();
        const inserted = await repository.insertReport(tx, {
          ...body,
          locationId: target.locationId,
          reporterUserId: actor.id,
          at,
        });
        if (!inserted) {
          const existing = await repository.findOpenReport(tx, body.targetId, actor.id);
          if (!existing)
            throw new AppError(409, 'conflict', 'Your report crossed a decision. Please try again.');
          return { report: toReport(existing), alreadyReported: true };
        }
        if (body.targetType !== 'location') {
          const reporters = await repository.countOpenReporters(tx, body.targetId);
          if (hiddenByReports(body.targetType, reporters)) {
            await repository.hide(tx, body.targetType, body.targetId, at, 'reports');
          }
        }
        return { report: toReport(inserted), alreadyReported: false };
      });
    },

    /** Every target with open reports, longest waiting first, with what deciding needs. */
    async queue(): Promise<ReportedItem[]> {
      const targets = await repository.listOpenTargets(db, REPORT_QUEUE_LIMIT);
      const ids = targets.map((target) => target.targetId);
      const idsOf = (type: ReportTargetType) =>
        targets.filter((target) => target.targetType === type).map((target) => target.targetId);
      const [reasons, notes, photos, comments] = await Promise.all([
        repository.openReasonCounts(db, ids),
        repository.openNotes(db, ids),
        repository.photosByIds(db, idsOf('photo')),
        repository.commentsByIds(db, idsOf('comment')),
      ]);
      return targets.map((target) => {
        const photo = photos.find((row) => row.id === target.targetId);
        const comment = comments.find((row) => row.id === target.targetId);
        return {
          targetType: target.targetType,
          targetId: target.targetId,
          locationId: target.locationId,
          locationName: target.locationName,
          photo: photo
            ? {
                url: deps.urlFor(photo.storageKey),
                thumbnailUrl: deps.urlFor(photo.thumbnailStorageKey ?? photo.storageKey),
                uploadedByUserName: photo.uploaderUserName,
              }
            : null,
          comment: comment
            ? {
                text: comment.text,
                userName: comment.userName,
                imageUrl: comment.imageKey ? deps.urlFor(comment.imageKey) : null,
              }
            : null,
          reasons: reasonCounts(reasons.filter((row) => row.targetId === target.targetId)),
          notes: notes
            .filter((row) => row.targetId === target.targetId)
            .slice(0, REPORT_NOTES_PER_TARGET)
            .map((row) => row.note),
          reporterCount: target.reporterCount,
          hidden: (photo?.hiddenAt ?? comment?.hiddenAt ?? null) !== null,
          firstReportedAt: target.firstReportedAt.toISOString(),
          lastReportedAt: target.lastReportedAt.toISOString(),
        };
      });
    },

    async decide(body: ReportDecisionBody, moderator: Actor): Promise<ReportDecisionResult> {
      const { cleanup, reportsClosed } = await db.transaction((tx) => decideIn(tx, body, moderator));
      if (cleanup.fileKeys.length > 0) await deps.deleteFiles(cleanup.fileKeys);
      if (cleanup.commentFiles) {
        await deps.deleteCommentFiles(cleanup.commentFiles.locationId, cleanup.commentFiles.commentId);
      }
      if (cleanup.locationFiles) await deps.deleteLocationFiles(cleanup.locationFiles);
      return { targetType: body.targetType, targetId: body.targetId, decision: body.decision, reportsClosed };
    },
  };
}

function toReport(row: repository.ReportRow) {
  return {
    id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Reasons with their counts, most given first (ties in the order of the reason list). */
function reasonCounts(rows: { reason: ReportReason; count: number }[]) {
  return rows
    .map((row) => ({ reason: row.reason, count: row.count }))
    .sort((a, b) => b.count - a.count || REPORT_REASONS.indexOf(a.reason) - REPORT_REASONS.indexOf(b.reason));
}

export type ReportsService = ReturnType<typeof createReportsService>;
