/** The moderators' queue of reports (part of the reports service). */
import { REPORT_REASONS, type ReportedItem, type ReportReason, type ReportTargetType } from '@playspot/core';
import type { Database } from '../../db/client.ts';
import * as repository from './reports.repository.ts';

/** At most this many reported targets are listed, and notes per target. */
export const REPORT_QUEUE_LIMIT = 200;
export const REPORT_NOTES_PER_TARGET = 20;

/** Every target with open reports, longest waiting first, with what deciding needs. */
export async function reportQueue(db: Database, urlFor: (key: string) => string): Promise<ReportedItem[]> {
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
            url: urlFor(photo.storageKey),
            thumbnailUrl: urlFor(photo.thumbnailStorageKey ?? photo.storageKey),
            uploadedByUserName: photo.uploaderUserName,
          }
        : null,
      comment: comment
        ? {
            text: comment.text,
            userName: comment.userName,
            imageUrl: comment.imageKey ? urlFor(comment.imageKey) : null,
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
}

/** Reasons with their counts, most given first (ties in the order of the reason list). */
function reasonCounts(rows: { reason: ReportReason; count: number }[]) {
  return rows
    .map((row) => ({ reason: row.reason, count: row.count }))
    .sort((a, b) => b.count - a.count || REPORT_REASONS.indexOf(a.reason) - REPORT_REASONS.indexOf(b.reason));
}
