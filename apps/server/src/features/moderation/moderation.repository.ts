/**
 * All SQL for moderation: the queue of removal requests with their context, decisions, the
 * audit log, and the anonymisation of an account whose deletion was approved.
 */
import type { RemovalRequestStatus, RemovalRequestType } from '@playspot/core';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  analyticsEvents,
  comments,
  conditionReports,
  eventInvitees,
  events,
  images,
  locations,
  moderationAuditLog,
  removalRequests,
  sessions,
  users,
  visits,
  favourites,
} from '../../db/schema.ts';
import type { NewAuditEntry } from '../../lib/capabilities.ts';

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

export interface ModerationRequestRow {
  id: string;
  type: RemovalRequestType;
  locationId: string | null;
  userId: string | null;
  reason: string;
  status: RemovalRequestStatus;
  createdAt: Date;
  requesterUserName: string | null;
  locationName: string | null;
  decidedAt: Date | null;
  decidedByUserName: string | null;
  decisionNote: string | null;
}

function selectRequests(db: Database) {
  return db
    .select({
      id: removalRequests.id,
      type: removalRequests.type,
      locationId: removalRequests.locationId,
      userId: removalRequests.userId,
      reason: removalRequests.reason,
      status: removalRequests.status,
      createdAt: removalRequests.createdAt,
      requesterUserName: requester.userName,
      locationName: locations.name,
      decidedAt: removalRequests.decidedAt,
      decidedByUserName: decider.userName,
      decisionNote: removalRequests.decisionNote,
    })
    .from(removalRequests)
    .leftJoin(requester, eq(requester.id, removalRequests.userId))
    .leftJoin(locations, eq(locations.id, removalRequests.locationId))
    .leftJoin(decider, eq(decider.id, removalRequests.decidedByUserId));
}

/** Requests with one status: pending ones oldest first (a queue), decided ones newest first. */
export async function listRequests(
  db: Database,
  status: RemovalRequestStatus,
  limit: number,
): Promise<ModerationRequestRow[]> {
  const order =
    status === 'pending'
      ? [asc(removalRequests.createdAt), asc(removalRequests.id)]
      : [desc(removalRequests.decidedAt), desc(removalRequests.id)];
  return selectRequests(db)
    .where(eq(removalRequests.status, status))
    .orderBy(...order)
    .limit(limit);
}

export async function findRequest(db: Database, id: string): Promise<ModerationRequestRow | null> {
  const [row] = await selectRequests(db).where(eq(removalRequests.id, id));
  return row ?? null;
}

/** A request's type and place, read without a lock (to take the locks in order). */
export async function findRequestSubject(tx: Database, id: string) {
  const [row] = await tx
    .select({ type: removalRequests.type, locationId: removalRequests.locationId })
    .from(removalRequests)
    .where(eq(removalRequests.id, id));
  return row ?? null;
}

/**
 * Locks every pending request about a place, in id order: an approval closes them all, and
 * two approvals locking them in different orders deadlocked.
 */
export async function lockPendingForPlace(tx: Database, locationId: string): Promise<void> {
  await tx
    .select({ id: removalRequests.id })
    .from(removalRequests)
    .where(and(eq(removalRequests.locationId, locationId), eq(removalRequests.status, 'pending')))
    .orderBy(asc(removalRequests.id))
    .for('update');
}

/** Locks the request for a decision, so two moderators cannot both decide it. */
export async function lockRequest(tx: Database, id: string) {
  const [row] = await tx
    .select({
      id: removalRequests.id,
      type: removalRequests.type,
      status: removalRequests.status,
      locationId: removalRequests.locationId,
      userId: removalRequests.userId,
    })
    .from(removalRequests)
    .where(eq(removalRequests.id, id))
    .for('update');
  return row ?? null;
}

export async function markDecided(
  tx: Database,
  ids: string[],
  decision: { status: 'approved' | 'rejected'; moderatorId: string; note: string | null; at: Date },
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(removalRequests)
    .set({
      status: decision.status,
      decidedAt: decision.at,
      decidedByUserId: decision.moderatorId,
      decisionNote: decision.note,
    })
    .where(inArray(removalRequests.id, ids));
}

/** Other requests still pending about the same place (closed with it). */
export async function otherPendingForPlace(
  tx: Database,
  locationId: string,
  exceptId: string,
): Promise<string[]> {
  const rows = await tx
    .select({ id: removalRequests.id })
    .from(removalRequests)
    .where(
      and(
        eq(removalRequests.locationId, locationId),
        eq(removalRequests.status, 'pending'),
        ne(removalRequests.id, exceptId),
      ),
    );
  return rows.map((row) => row.id);
}

export async function locationName(tx: Database, id: string): Promise<string | null> {
  const [row] = await tx.select({ name: locations.name }).from(locations).where(eq(locations.id, id));
  return row?.name ?? null;
}

export async function userName(tx: Database, id: string): Promise<string | null> {
  const [row] = await tx.select({ userName: users.userName }).from(users).where(eq(users.id, id));
  return row?.userName ?? null;
}

export async function insertAuditEntries(tx: Database, entries: NewAuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx
    .insert(moderationAuditLog)
    .values(entries.map(({ at, ...entry }) => ({ ...entry, createdAt: at })));
}

export async function listAuditEntries(db: Database, limit: number) {
  return db
    .select({
      id: moderationAuditLog.id,
      origin: moderationAuditLog.origin,
      removalRequestId: moderationAuditLog.removalRequestId,
      requestType: moderationAuditLog.requestType,
      decision: moderationAuditLog.decision,
      note: moderationAuditLog.note,
      subject: moderationAuditLog.subject,
      subjectId: moderationAuditLog.subjectId,
      moderatorUserName: users.userName,
      createdAt: moderationAuditLog.createdAt,
    })
    .from(moderationAuditLog)
    .leftJoin(users, eq(users.id, moderationAuditLog.moderatorUserId))
    .orderBy(desc(moderationAuditLog.createdAt), desc(moderationAuditLog.id))
    .limit(limit);
}

/** Shown as the author of places added by an account that was deleted (not a valid user name). */
export const FORMER_MEMBER = 'former member';

/**
 * Removes a person's identity and personal data while keeping what they gave others:
 * - gone: sessions, e-mail, names, avatar, provider issuer/subject (they can sign up again
 *   as a new person), visits (where and when they were), saved places, their private events and their
 *   invitations, and their photos (rows here; the caller deletes the files);
 * - kept without their name: comments (text stays, author shown as nobody), public events,
 *   places they added (shown as added by 'former member'), and votes (so counts stay exact;
 *   they point at the emptied account, which no longer names anyone).
 * Returns the storage keys of the deleted photos.
 */
export async function anonymiseAccount(tx: Database, userId: string, at: Date): Promise<string[]> {
  // The places first, in id order, as every transaction locks a place before what is on it
  // (a place's deletion holds it FOR UPDATE, then deletes this person's photos on it).
  await tx
    .select({ id: locations.id })
    .from(locations)
    .where(
      sql`${locations.id} in (
        select ${images.locationId} from ${images} where ${images.uploadedByUserId} = ${userId}
        union select ${comments.locationId} from ${comments} where ${comments.userId} = ${userId}
      ) or ${locations.createdByUserId} = ${userId} or ${locations.lastUpdatedByUserId} = ${userId}`,
    )
    .orderBy(asc(locations.id))
    .for('no key update');
  const photos = await tx
    .select({ key: images.storageKey, thumbnail: images.thumbnailStorageKey })
    .from(images)
    .where(eq(images.uploadedByUserId, userId));
  await tx.delete(images).where(eq(images.uploadedByUserId, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(visits).where(eq(visits.userId, userId));
  await tx.delete(favourites).where(eq(favourites.userId, userId));
  await tx.delete(eventInvitees).where(eq(eventInvitees.userId, userId));
  await tx.delete(events).where(and(eq(events.createdByUserId, userId), eq(events.isPublic, false)));
  await tx.update(comments).set({ userId: null }).where(eq(comments.userId, userId));
  await tx
    .update(conditionReports)
    .set({ clearedByUserId: null })
    .where(eq(conditionReports.clearedByUserId, userId));
  await tx.update(analyticsEvents).set({ userId: null }).where(eq(analyticsEvents.userId, userId));
  await tx
    .update(locations)
    .set({ createdByUserId: null, createdByUserName: FORMER_MEMBER })
    .where(eq(locations.createdByUserId, userId));
  await tx
    .update(locations)
    .set({ lastUpdatedByUserId: null })
    .where(eq(locations.lastUpdatedByUserId, userId));
  await tx
    .update(users)
    .set({
      issuer: 'deleted',
      subject: userId,
      email: null,
      // The name's lookup forms go with it, so the name is free again and not kept.
      userName: null,
      userNameKey: null,
      userNameSkeleton: null,
      displayName: null,
      photoUrl: null,
      role: 'basic',
      points: 0,
      level: 1,
      leveledUp: false,
      updatedAt: at,
    })
    .where(eq(users.id, userId));
  return photos.flatMap((photo) => (photo.thumbnail ? [photo.key, photo.thumbnail] : [photo.key]));
}
