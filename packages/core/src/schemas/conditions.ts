/**
 * Live conditions on the API (issue 19): a place's active reports, a parent's report or
 * answer (only from someone who logged a visit at the place in the last hour: core
 * checkConditionWrite; no coordinates are sent with them), and the broken-equipment list
 * that moderators and councils work from. `reportedAt` is rounded down to 5 minutes.
 */
import { z } from 'zod';
import { CONDITION_KINDS, EQUIPMENT } from '../conditions.ts';
import { fromQuery, idSchema, isoDateTimeSchema, storableString } from './common.ts';

export const conditionKindSchema = z.enum(CONDITION_KINDS);
export const equipmentSchema = z.enum(EQUIPMENT);

/** One active report as a place shows it: how long ago, how many parents, how many visitors. */
export const liveConditionSchema = z.object({
  id: idSchema,
  kind: conditionKindSchema,
  equipment: equipmentSchema.nullable(),
  reportedAt: isoDateTimeSchema,
  lastConfirmedAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
  /** Parents who said it is true: the reporter and those who confirmed. */
  parents: z.int().min(1),
  /** Of them, those with a visit logged here in the month before (core isVerifiedBy). */
  verifiedVisitors: z.int().min(0),
  /** What the caller said: reported or confirmed it ('still'); null when nothing or signed out. */
  myAnswer: z.enum(['still']).nullable(),
});
export type LiveCondition = z.infer<typeof liveConditionSchema>;

/** GET /api/locations/:id/conditions: active reports, verified ones first, then newest. */
export const placeConditionsSchema = z.object({ conditions: z.array(liveConditionSchema) });
export type PlaceConditions = z.infer<typeof placeConditionsSchema>;

/** POST /api/locations/:id/conditions: "it's wet here" (broken needs the equipment). */
export const conditionReportRequestSchema = z
  .strictObject({ kind: conditionKindSchema, equipment: equipmentSchema.optional() })
  .refine((report) => (report.kind === 'broken') === (report.equipment !== undefined), {
    message: 'equipment is given with broken, and only with broken',
    path: ['equipment'],
  });
export type ConditionReportRequest = z.output<typeof conditionReportRequestSchema>;

/** PUT /api/locations/:id/conditions/:reportId: "still true" or "not any more" (fixed). */
export const conditionAnswerRequestSchema = z.strictObject({
  answer: z.enum(['still', 'gone']),
});
export type ConditionAnswerRequest = z.output<typeof conditionAnswerRequestSchema>;

export const conditionParamsSchema = z.strictObject({ id: idSchema, reportId: idSchema });

/** What a report or an answer leaves: the place's active reports. */
export const conditionResultSchema = placeConditionsSchema;

/** GET /api/conditions/broken (and broken.csv): open broken-equipment reports, for moderators and councils. */
export const brokenReportsQuerySchema = z.strictObject({
  /** The place's operator as OpenStreetMap names it (e.g. a city council), matched exactly. */
  operator: fromQuery(storableString().trim().min(1).max(200).optional()),
});

export const brokenReportSchema = z.object({
  id: idSchema,
  equipment: equipmentSchema,
  reportedAt: isoDateTimeSchema,
  lastConfirmedAt: isoDateTimeSchema,
  parents: z.int().min(1),
  place: z.object({
    id: idSchema,
    name: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    operator: z.string().nullable(),
  }),
});
export type BrokenReport = z.infer<typeof brokenReportSchema>;

export const brokenReportsSchema = z.object({ reports: z.array(brokenReportSchema) });

export const conditionReportParamsSchema = z.strictObject({ reportId: idSchema });
export const conditionClosedSchema = z.object({ closed: z.literal(true) });
