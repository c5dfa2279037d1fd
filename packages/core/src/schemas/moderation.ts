/** The moderation queue for removal requests and its audit log (spec §4, §6). */
import { z } from 'zod';
import { REMOVAL_REQUEST_STATUSES, REMOVAL_REQUEST_TYPES } from '../constants.ts';
import { REPORT_DECISIONS } from '../reports.ts';
import { fromQuery, idSchema, isoDateTimeSchema, textSchema } from './common.ts';
import { removalRequestSchema } from './removal-request.ts';

export const MODERATION_NOTE_MAX_LENGTH = 1000;
export const MODERATION_DECISIONS = ['approve', 'reject'] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];

/**
 * A removal request as moderators see it, with what they need to decide: who asked, and
 * which place (its name) or which account (its user name). Names are null once gone.
 */
export const moderationRequestSchema = removalRequestSchema.extend({
  requesterUserName: z.string().nullable(),
  /** The account to delete (the requester's own) for an account request; null otherwise. */
  accountUserName: z.string().nullable(),
  decidedAt: isoDateTimeSchema.nullable(),
  decidedByUserName: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type ModerationRequest = z.infer<typeof moderationRequestSchema>;

/** GET /moderation/removal-requests query: one status, pending by default; oldest first. */
export const moderationQueueQuerySchema = z.strictObject({
  status: fromQuery(z.enum(REMOVAL_REQUEST_STATUSES).default('pending')),
});
export type ModerationQueueQuery = z.output<typeof moderationQueueQuerySchema>;

export const moderationQueueSchema = z.object({ removalRequests: z.array(moderationRequestSchema) });
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

/** POST /moderation/removal-requests/:id/decision body. The note is kept in the audit log. */
export const moderationDecisionSchema = z.strictObject({
  decision: z.enum(MODERATION_DECISIONS),
  note: textSchema(0, MODERATION_NOTE_MAX_LENGTH)
    .nullable()
    .transform((text) => (text === '' ? null : text))
    .default(null),
});
export type ModerationDecisionBody = z.output<typeof moderationDecisionSchema>;
export type ModerationDecisionInput = z.input<typeof moderationDecisionSchema>;

export const moderationDecisionResultSchema = z.object({ removalRequest: moderationRequestSchema });
export type ModerationDecisionResult = z.infer<typeof moderationDecisionResultSchema>;

/** What a logged decision was about: a removal request's subject, or a reported photo or comment. */
export const AUDIT_SUBJECT_TYPES = [...REMOVAL_REQUEST_TYPES, 'photo', 'comment'] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];
/** Where a logged decision came from. */
export const AUDIT_ORIGINS = ['removal-request', 'report'] as const;
export type AuditOrigin = (typeof AUDIT_ORIGINS)[number];
/** Decisions on removal requests (approve, reject) and on reports (hide, delete, dismiss). */
export const AUDIT_DECISIONS = [...MODERATION_DECISIONS, ...REPORT_DECISIONS] as const;
export type AuditDecision = (typeof AUDIT_DECISIONS)[number];

/**
 * One decision in the audit log. `subject` is a snapshot taken when deciding (the place's
 * name, or the account's user name for a rejected account request; an approved account
 * deletion keeps no name, only 'deleted account'; for a report, the place's name).
 */
export const auditEntrySchema = z.object({
  id: idSchema,
  origin: z.enum(AUDIT_ORIGINS),
  removalRequestId: idSchema.nullable(),
  /** What was decided about (named so before reports existed: removal requests' type). */
  requestType: z.enum(AUDIT_SUBJECT_TYPES),
  decision: z.enum(AUDIT_DECISIONS),
  note: z.string().nullable(),
  subject: z.string(),
  /** The place's id for a place request; the photo's, comment's or place's for a report. */
  subjectId: z.string().nullable(),
  moderatorUserName: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /moderation/audit-log answer: newest first (at most 200). */
export const auditLogSchema = z.object({ entries: z.array(auditEntrySchema) });
export type AuditLog = z.infer<typeof auditLogSchema>;
