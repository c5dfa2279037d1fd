/** Reports on photos, comments and places, and the moderators' queue of them (issue 13). */
import { z } from 'zod';
import {
  REPORT_DECISIONS,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  reportDecisionsFor,
  reportReasonsFor,
} from '../reports.ts';
import { idSchema, isoDateTimeSchema, textSchema } from './common.ts';
import { MODERATION_NOTE_MAX_LENGTH } from './moderation.ts';

export const reportTargetTypeSchema = z.enum(REPORT_TARGET_TYPES);
export const reportReasonSchema = z.enum(REPORT_REASONS);
export const reportDecisionSchema = z.enum(REPORT_DECISIONS);

/** Optional free text: trimmed, '' read as none. */
const optionalNote = (max: number) =>
  textSchema(0, max)
    .nullable()
    .transform((text) => (text === '' ? null : text))
    .default(null);

/** POST /reports body. The reason must be one offered for that kind of target. */
export const createReportSchema = z
  .strictObject({
    targetType: reportTargetTypeSchema,
    targetId: idSchema,
    reason: reportReasonSchema,
    note: optionalNote(REPORT_NOTE_MAX_LENGTH),
  })
  .superRefine((report, ctx) => {
    if (!reportReasonsFor(report.targetType).includes(report.reason)) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: `'${report.reason}' is not a reason to report a ${report.targetType}.`,
      });
    }
  });
export type CreateReport = z.output<typeof createReportSchema>;
export type CreateReportInput = z.input<typeof createReportSchema>;

/** A report as its author sees it. */
export const reportSchema = z.object({
  id: idSchema,
  targetType: reportTargetTypeSchema,
  targetId: idSchema,
  reason: reportReasonSchema,
  note: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type Report = z.infer<typeof reportSchema>;

/**
 * POST /reports answer. Reporting the same thing again while the first report is open
 * changes nothing and answers the first report with `alreadyReported: true` (a double tap
 * is not an error).
 */
export const createReportResultSchema = z.object({ report: reportSchema, alreadyReported: z.boolean() });
export type CreateReportResult = z.infer<typeof createReportResultSchema>;

/**
 * One reported target in the moderators' queue: all its open reports together, with what a
 * moderator needs to decide. Reporters are counted, never named.
 */
export const reportedItemSchema = z.object({
  targetType: reportTargetTypeSchema,
  targetId: idSchema,
  locationId: idSchema,
  locationName: z.string(),
  /** For a reported photo. */
  photo: z
    .object({ url: z.string(), thumbnailUrl: z.string(), uploadedByUserName: z.string().nullable() })
    .nullable(),
  /** For a reported comment. */
  comment: z
    .object({ text: z.string(), userName: z.string().nullable(), imageUrl: z.string().nullable() })
    .nullable(),
  /** Each reason given, with how many people gave it; most given first. */
  reasons: z.array(z.object({ reason: reportReasonSchema, count: z.int().min(1) })),
  /** The notes reporters added, newest first. */
  notes: z.array(z.string()),
  reporterCount: z.int().min(1),
  /** Hidden from everyone but moderators (enough people reported it, or a moderator hid it). */
  hidden: z.boolean(),
  firstReportedAt: isoDateTimeSchema,
  lastReportedAt: isoDateTimeSchema,
});
export type ReportedItem = z.infer<typeof reportedItemSchema>;

/** GET /moderation/reports answer: targets with open reports, longest waiting first. */
export const reportQueueSchema = z.object({ reports: z.array(reportedItemSchema) });
export type ReportQueue = z.infer<typeof reportQueueSchema>;

/** POST /moderation/reports/decision body: one decision about everything open on a target. */
export const reportDecisionBodySchema = z
  .strictObject({
    targetType: reportTargetTypeSchema,
    targetId: idSchema,
    decision: reportDecisionSchema,
    note: optionalNote(MODERATION_NOTE_MAX_LENGTH),
  })
  .superRefine((body, ctx) => {
    if (!reportDecisionsFor(body.targetType).includes(body.decision)) {
      ctx.addIssue({
        code: 'custom',
        path: ['decision'],
        message: `A reported ${body.targetType} cannot be given '${body.decision}'.`,
      });
    }
  });
export type ReportDecisionBody = z.output<typeof reportDecisionBodySchema>;
export type ReportDecisionInput = z.input<typeof reportDecisionBodySchema>;

export const reportDecisionResultSchema = z.object({
  targetType: reportTargetTypeSchema,
  targetId: idSchema,
  decision: reportDecisionSchema,
  /** How many open reports the decision closed. */
  reportsClosed: z.int().min(0),
});
export type ReportDecisionResult = z.infer<typeof reportDecisionResultSchema>;
