/**
 * All SQL for reports: the reported targets (locked while a report or a decision changes
 * them), the reports themselves, hiding, and the moderators' queue with its context.
 *
 * Lock order, the same in every transaction here and in deletions of places, comments and
 * photos: the place → the target's row (photo or comment) → its open reports → the
 * uploader's or author's points. Reports of one target are therefore counted one at a time,
 * so the third reporter always sees the first two.
 */
import type { ReportDecision, ReportReason, ReportTargetType } from '@playspot/core';
import { and, asc, countDistinct, desc, eq, inArray, isNotNull, isNull, max, min, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { comments, images, locations, reports, users } from '../../db/schema.ts';

/** The place a photo, comment or place is (on), read without a lock; null when none. */
export async function targetPlaceId(
  tx: Database,
  targetType: ReportTargetType,
  targetId: string,
): Promise<string | null> {
  switch (targetType) {
    case 'photo': {
      const [row] = await tx
        .select({ locationId: images.locationId })
        .from(images)
        .where(eq(images.id, targetId));
      return row?.locationId ?? null;
    }
    case 'comment': {
      const [row] = await tx
        .select({ locationId: comments.locationId })
        .from(comments)
        .where(eq(comments.id, targetId));
      return row?.locationId ?? null;
    }
    case 'location':
      return targetId;
  }
}

/**
 * Locks a reportable target and returns the place it is (on), or null when there is no such
 * target. Photos are the place's own (a comment's photo is reported with its comment).
 *
 * The place is locked first (KEY SHARE, what the report's foreign key takes anyway): a place's
 * deletion holds it FOR UPDATE and then deletes what is on it, so locking the photo or
 * comment first and the place second deadlocked with it. Photos and comments are then locked
 * against each other's reports (hiding counts them).
 */
export async function lockTargetForReport(
  tx: Database,
  targetType: ReportTargetType,
  targetId: string,
): Promise<{ locationId: string; hiddenBy: HiddenBy | null } | null> {
  // A photo's or comment's place never changes, so reading it before the locks is safe.
  const locationId = await targetPlaceId(tx, targetType, targetId);
  if (locationId === null) return null;
  const [place] = await tx
    .select({ locationId: locations.id })
    .from(locations)
    .where(eq(locations.id, locationId))
    .for('key share');
  if (!place) return null;
  switch (targetType) {
    case 'photo': {
      const [row] = await tx
        .select({ locationId: images.locationId, hiddenBy: images.hiddenBy })
        .from(images)
        .where(and(eq(images.id, targetId), isNull(images.commentId)))
        .for('no key update');
      return row ?? null;
    }
    case 'comment': {
      const [row] = await tx
        .select({ locationId: comments.locationId, hiddenBy: comments.hiddenBy })
        .from(comments)
        .where(eq(comments.id, targetId))
        .for('no key update');
      return row ?? null;
    }
    case 'location':
      return { ...place, hiddenBy: null };
  }
}

const reportColumns = {
  id: reports.id,
  targetType: reports.targetType,
  targetId: reports.targetId,
  reason: reports.reason,
  note: reports.note,
  createdAt: reports.createdAt,
};

export interface ReportRow {
  id: string;
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  note: string | null;
  createdAt: Date;
}

export interface NewReport {
  targetType: ReportTargetType;
  targetId: string;
  locationId: string;
  reporterUserId: string;
  reason: ReportReason;
  note: string | null;
  at: Date;
}

/** Inserts an open report; null when the reporter already has one open on this target. */
export async function insertReport(tx: Database, report: NewReport): Promise<ReportRow | null> {
  const [row] = await tx
    .insert(reports)
    .values({
      targetType: report.targetType,
      targetId: report.targetId,
      locationId: report.locationId,
      imageId: report.targetType === 'photo' ? report.targetId : null,
      commentId: report.targetType === 'comment' ? report.targetId : null,
      reporterUserId: report.reporterUserId,
      reason: report.reason,
      note: report.note,
      createdAt: report.at,
    })
    .onConflictDoNothing()
    .returning(reportColumns);
  return row ?? null;
}

export async function findOpenReport(
  tx: Database,
  targetId: string,
  reporterUserId: string,
): Promise<ReportRow | null> {
  const [row] = await tx
    .select(reportColumns)
    .from(reports)
    .where(
      and(
        eq(reports.targetId, targetId),
        eq(reports.reporterUserId, reporterUserId),
        eq(reports.status, 'open'),
      ),
    );
  return row ?? null;
}

/** How many different people have an open report on the target. */
export async function countOpenReporters(tx: Database, targetId: string): Promise<number> {
  const [row] = await tx
    .select({ reporters: countDistinct(reports.reporterUserId) })
    .from(reports)
    .where(and(eq(reports.targetId, targetId), eq(reports.status, 'open')));
  return row?.reporters ?? 0;
}

/** Who hid a photo or comment: enough reporters (until a moderator decides) or a moderator. */
export type HiddenBy = 'reports' | 'moderator';

/** A moderator's hiding replaces the reports'; reports never replace a moderator's. */
const hiddenByAfter = (current: typeof comments.hiddenBy | typeof images.hiddenBy, by: HiddenBy) =>
  by === 'moderator' ? sql`'moderator'` : sql`coalesce(${current}, 'reports')`;

/**
 * Hides a photo, or a comment together with its photos. One already hidden keeps its first
 * hiding time.
 */
export async function hide(
  tx: Database,
  targetType: 'photo' | 'comment',
  targetId: string,
  at: Date,
  by: HiddenBy,
): Promise<void> {
  const hiddenImage = {
    hiddenAt: sql`coalesce(${images.hiddenAt}, ${at})`,
    hiddenBy: hiddenByAfter(images.hiddenBy, by),
  };
  if (targetType === 'photo') {
    await tx.update(images).set(hiddenImage).where(eq(images.id, targetId));
    return;
  }
  const [before] = await tx
    .select({ locationId: comments.locationId, shown: sql<boolean>`${comments.hiddenAt} is null` })
    .from(comments)
    .where(eq(comments.id, targetId))
    .for('update');
  await tx
    .update(comments)
    .set({
      hiddenAt: sql`coalesce(${comments.hiddenAt}, ${at})`,
      hiddenBy: hiddenByAfter(comments.hiddenBy, by),
    })
    .where(eq(comments.id, targetId));
  await tx.update(images).set(hiddenImage).where(eq(images.commentId, targetId));
  // The place's comment count is of the comments people see (issue 32).
  if (before?.shown) await changeCommentCount(tx, before.locationId, -1);
}

/** Moves a place's count of visible comments by `change` (never below 0). */
async function changeCommentCount(tx: Database, locationId: string, change: 1 | -1): Promise<void> {
  await tx
    .update(locations)
    .set({ commentCount: sql`greatest(${locations.commentCount} + ${change}, 0)` })
    .where(eq(locations.id, locationId));
}

/**
 * Shows again a photo, or a comment with its photos, that reports hid (a moderator's
 * dismissal); what a moderator hid stays hidden.
 */
export async function showAgainIfHiddenByReports(
  tx: Database,
  targetType: 'photo' | 'comment',
  targetId: string,
): Promise<void> {
  const shown = { hiddenAt: null, hiddenBy: null };
  if (targetType === 'photo') {
    await tx
      .update(images)
      .set(shown)
      .where(and(eq(images.id, targetId), eq(images.hiddenBy, 'reports')));
    return;
  }
  const [shownAgain] = await tx
    .update(comments)
    .set(shown)
    .where(and(eq(comments.id, targetId), eq(comments.hiddenBy, 'reports')))
    .returning({ locationId: comments.locationId });
  if (shownAgain) await changeCommentCount(tx, shownAgain.locationId, 1);
  await tx
    .update(images)
    .set(shown)
    .where(and(eq(images.commentId, targetId), eq(images.hiddenBy, 'reports')));
}

// ---------------------------------------------------------------------------------------
// Decisions
// ---------------------------------------------------------------------------------------

/** The open reports on a target, locked so two moderators cannot both decide them. */
export async function lockOpenReports(tx: Database, targetId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.targetId, targetId), eq(reports.status, 'open')))
    .for('update');
  return rows.map((row) => row.id);
}

export async function closeReports(
  tx: Database,
  ids: string[],
  decision: Exclude<ReportDecision, 'delete'>,
  moderatorId: string,
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(reports)
    .set({
      status: decision === 'hide' ? 'upheld' : 'dismissed',
      decidedAt: at,
      decidedByUserId: moderatorId,
    })
    .where(inArray(reports.id, ids));
}

// ---------------------------------------------------------------------------------------
// The queue
// ---------------------------------------------------------------------------------------

export interface OpenTargetRow {
  targetType: ReportTargetType;
  targetId: string;
  locationId: string;
  locationName: string;
  reporterCount: number;
  firstReportedAt: Date;
  lastReportedAt: Date;
}

/** Targets with open reports, the longest waiting first. */
export async function listOpenTargets(db: Database, limit: number): Promise<OpenTargetRow[]> {
  const firstReportedAt = min(reports.createdAt);
  const rows = await db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      locationId: reports.locationId,
      locationName: locations.name,
      reporterCount: countDistinct(reports.reporterUserId),
      firstReportedAt,
      lastReportedAt: max(reports.createdAt),
    })
    .from(reports)
    .innerJoin(locations, eq(locations.id, reports.locationId))
    .where(eq(reports.status, 'open'))
    .groupBy(reports.targetType, reports.targetId, reports.locationId, locations.name)
    .orderBy(asc(firstReportedAt), asc(reports.targetId))
    .limit(limit);
  return rows.flatMap((row) =>
    row.firstReportedAt && row.lastReportedAt
      ? [{ ...row, firstReportedAt: row.firstReportedAt, lastReportedAt: row.lastReportedAt }]
      : [],
  );
}

/** Per target and reason, how many different people gave it (open reports only). */
export async function openReasonCounts(db: Database, targetIds: string[]) {
  if (targetIds.length === 0) return [];
  return db
    .select({
      targetId: reports.targetId,
      reason: reports.reason,
      count: countDistinct(reports.reporterUserId),
    })
    .from(reports)
    .where(and(inArray(reports.targetId, targetIds), eq(reports.status, 'open')))
    .groupBy(reports.targetId, reports.reason);
}

/** The notes of open reports, newest first. */
export async function openNotes(db: Database, targetIds: string[]) {
  if (targetIds.length === 0) return [];
  const rows = await db
    .select({ targetId: reports.targetId, note: reports.note })
    .from(reports)
    .where(and(inArray(reports.targetId, targetIds), eq(reports.status, 'open'), isNotNull(reports.note)))
    .orderBy(desc(reports.createdAt));
  return rows.flatMap((row) => (row.note === null ? [] : [{ targetId: row.targetId, note: row.note }]));
}

export async function photosByIds(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: images.id,
      storageKey: images.storageKey,
      thumbnailStorageKey: images.thumbnailStorageKey,
      uploaderUserName: users.userName,
      hiddenAt: images.hiddenAt,
    })
    .from(images)
    .leftJoin(users, eq(users.id, images.uploadedByUserId))
    .where(inArray(images.id, ids));
}

export async function commentsByIds(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: comments.id,
      text: comments.text,
      userName: users.userName,
      hiddenAt: comments.hiddenAt,
      imageKey: sql<
        string | null
      >`(select ${images.storageKey} from ${images} where ${images.commentId} = ${comments.id} order by ${images.createdAt} desc limit 1)`,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(inArray(comments.id, ids));
}
