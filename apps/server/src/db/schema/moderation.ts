/** Removal requests, reports and the moderation audit log. */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './people.ts';
import { locations } from './places.ts';
import { comments, images } from './content.ts';

export const removalRequests = pgTable(
  'removal_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['location', 'account'] }).notNull(),
    // Null for account requests (spec: locationId 'account-deletion'), and after the
    // place itself has been removed.
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('removal_requests_status_created_idx').on(t.status, t.createdAt),
    index('removal_requests_user_id_idx').on(t.userId),
    check('removal_requests_type_check', sql`${t.type} in ('location', 'account')`),
    check('removal_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * Reports of a photo, a comment or a place (features/reports). `target_id` names what is
 * reported; the matching foreign key (the photo's, the comment's, or only the place's) makes
 * the reports go with it when it is deleted: the audit log keeps the decisions. A person has
 * at most one open report per target.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    targetType: text('target_type', { enum: ['photo', 'comment', 'location'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    // The place the target is (on); always set, so the queue can name it.
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id').references(() => images.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    reporterUserId: uuid('reporter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', {
      enum: ['child-face', 'wrong-information', 'closed-or-unsafe', 'spam-or-abuse', 'other'],
    }).notNull(),
    note: text('note'),
    status: text('status', { enum: ['open', 'upheld', 'dismissed'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('reports_open_target_reporter_key')
      .on(t.targetId, t.reporterUserId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_location_id_idx').on(t.locationId),
    index('reports_image_id_idx').on(t.imageId),
    index('reports_comment_id_idx').on(t.commentId),
    index('reports_reporter_user_id_idx').on(t.reporterUserId),
    check('reports_target_type_check', sql`${t.targetType} in ('photo', 'comment', 'location')`),
    check(
      'reports_target_check',
      sql`(${t.targetType} = 'photo' and ${t.imageId} = ${t.targetId} and ${t.commentId} is null)
        or (${t.targetType} = 'comment' and ${t.commentId} = ${t.targetId} and ${t.imageId} is null)
        or (${t.targetType} = 'location' and ${t.locationId} = ${t.targetId} and ${t.imageId} is null and ${t.commentId} is null)`,
    ),
    check(
      'reports_reason_check',
      sql`${t.reason} in ('child-face', 'wrong-information', 'closed-or-unsafe', 'spam-or-abuse', 'other')`,
    ),
    check('reports_status_check', sql`${t.status} in ('open', 'upheld', 'dismissed')`),
  ],
);

/**
 * Every moderation decision, kept after the request's subject is gone. `subject` is a
 * snapshot taken when deciding (a place's name; an account's user name only when the
 * account is kept), so the log never brings back data an approved deletion removed.
 */
export const moderationAuditLog = pgTable(
  'moderation_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    removalRequestId: uuid('removal_request_id').references(() => removalRequests.id, {
      onDelete: 'set null',
    }),
    // 'report' for decisions on reports (hide, delete, dismiss); their subject is a photo,
    // comment or place, and subject_id its id.
    origin: text('origin', { enum: ['removal-request', 'report'] })
      .notNull()
      .default('removal-request'),
    requestType: text('request_type', { enum: ['location', 'account', 'photo', 'comment'] }).notNull(),
    decision: text('decision', { enum: ['approve', 'reject', 'hide', 'delete', 'dismiss'] }).notNull(),
    note: text('note'),
    subject: text('subject').notNull(),
    subjectId: text('subject_id'),
    moderatorUserId: uuid('moderator_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_audit_log_created_idx').on(t.createdAt),
    check(
      'moderation_audit_log_decision_check',
      sql`${t.decision} in ('approve', 'reject', 'hide', 'delete', 'dismiss')`,
    ),
    check(
      'moderation_audit_log_type_check',
      sql`${t.requestType} in ('location', 'account', 'photo', 'comment')`,
    ),
    check('moderation_audit_log_origin_check', sql`${t.origin} in ('removal-request', 'report')`),
  ],
);
