/**
 * What one server feature may ask of another. A feature never imports another feature's
 * repository (lint-enforced): its service names what it needs with one of these types, and
 * app.ts passes the implementation when it builds the service.
 *
 * Those that take a transaction handle (`tx`) run inside the caller's transaction and hold
 * their locks until it ends, so the caller keeps one lock order: the place, then the photo or
 * comment on it, then its reports, then people's points.
 */
import type {
  AnalyticsEventName,
  AuditDecision,
  AuditOrigin,
  AuditSubjectType,
  PointsAward,
} from '@playspot/core';
import type { Database } from '../db/client.ts';

/**
 * Whether the place exists. Inside a transaction it then stays until commit: the row is held
 * FOR KEY SHARE (what a new row's foreign key to it takes anyway), so a deletion of the place
 * waits instead of failing that insert.
 */
export type PlaceExists = (db: Database, locationId: string) => Promise<boolean>;

/**
 * Locks the place for the rest of the transaction and returns its name; null when there is
 * no such place. 'change' (FOR NO KEY UPDATE, the default) lets inserts that reference the
 * place go on; 'delete' (FOR UPDATE) waits for them, and must be taken before anything on
 * the place.
 */
export type LockPlace = (
  tx: Database,
  locationId: string,
  purpose?: 'change' | 'delete',
) => Promise<{ name: string } | null>;

/** When this person last logged a visit to this place, or null when never. */
export type LastVisitAt = (tx: Database, locationId: string, userId: string) => Promise<Date | null>;

/** Deletes the place; what is on it goes with it (foreign keys). Lock it for 'delete' first. */
export type DeletePlace = (tx: Database, locationId: string) => Promise<void>;

/** A comment locked (FOR UPDATE) for deleting it, with what deleting it takes back. */
export interface LockedComment {
  id: string;
  locationId: string;
  userId: string | null;
  /** Read under the lock, so a photo added meanwhile is counted. */
  hasPhoto: boolean;
}

/** Locks a comment wherever it is; null when there is none. Lock its place first. */
export type LockComment = (tx: Database, commentId: string) => Promise<LockedComment | null>;

/** Deletes a comment and lowers its place's comment count; false when it was already gone. */
export type DeleteComment = (tx: Database, locationId: string, commentId: string) => Promise<boolean>;

/** Locks a photo of the place (FOR UPDATE) for a decision about it; false when there is none. */
export type LockPhoto = (tx: Database, photoId: string, locationId: string) => Promise<boolean>;

/**
 * Deletes a photo (locking it first) and takes back from its uploader the points it earned.
 * Returns the storage keys of its files, for the caller to remove once its transaction has
 * committed; null when there is no such photo.
 */
export type DeletePhoto = (tx: Database, photoId: string) => Promise<string[] | null>;

/**
 * Adds (positive) or removes (negative) a person's points and recomputes their level, locking
 * their row (FOR NO KEY UPDATE) so concurrent changes add up. Taken last, after every other
 * lock of the transaction.
 */
export type ChangePoints = (tx: Database, userId: string, change: number) => Promise<PointsAward>;

/** One line of the moderation audit log. */
export interface NewAuditEntry {
  /** 'removal-request' when absent. */
  origin?: AuditOrigin;
  removalRequestId: string | null;
  requestType: AuditSubjectType;
  decision: AuditDecision;
  note: string | null;
  subject: string;
  subjectId: string | null;
  moderatorUserId: string;
  at: Date;
}

/** Writes moderation decisions to the audit log, in the transaction that carries them out. */
export type RecordAuditEntries = (tx: Database, entries: NewAuditEntry[]) => Promise<void>;

/** An event the server itself observes (sign-up, sign-in, sign-out…) for the analytics. */
export interface ServerEvent {
  name: AnalyticsEventName;
  userId: string | null;
  params?: Record<string, string | number | boolean>;
  occurredAt: Date;
}

export type RecordServerEvent = (db: Database, event: ServerEvent) => Promise<void>;

/**
 * Saves one person's answers to a place's facts (replacing theirs) and refreshes the values
 * the place shows; returns how many of these facts they had not answered before (each earns
 * what a first answer earns). What a fact-stating tag becomes (core splitFactTags).
 */
export type AnswerFacts = (
  tx: Database,
  answer: { locationId: string; userId: string; facts: readonly { key: string; value: string }[]; now: Date },
) => Promise<number>;
