/**
 * Play equipment on the API (issue 33): a place's equipment as its page shows it, and a
 * parent's answer ("there is one" / "there is none").
 */
import { z } from 'zod';
import { EQUIPMENT_KINDS } from '../equipment-kinds.ts';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { factSourceSchema } from './facts.ts';
import { pointsAwardSchema } from './place-results.ts';

export const equipmentKindSchema = z.enum(EQUIPMENT_KINDS);

/** One kind of equipment as a place page shows it (core equipmentStatus), with the caller's answer. */
export const placeEquipmentSchema = z.object({
  kind: equipmentKindSchema,
  present: z.boolean(),
  /** How many, as an import counted them, while shown as there; null when not counted. */
  count: z.int().min(1).nullable(),
  /** Parents whose answer agrees with what is shown: "3 parents say there's a baby swing". */
  confirmedBy: z.int().min(0),
  contradictedBy: z.int().min(0),
  lastConfirmedAt: isoDateTimeSchema.nullable(),
  disputed: z.boolean(),
  /** The import that stated it ('yes', 'no' or a count); null when only parents did. */
  imported: factSourceSchema.extend({ value: z.string() }).nullable(),
  /** The caller's answer; null when none or signed out. */
  myAnswer: z.enum(['yes', 'no']).nullable(),
});
export type PlaceEquipment = z.infer<typeof placeEquipmentSchema>;

/** GET /api/locations/:id/equipment: every kind anything is known of, in EQUIPMENT_KINDS order. */
export const placeEquipmentListSchema = z.object({ equipment: z.array(placeEquipmentSchema) });
export type PlaceEquipmentList = z.infer<typeof placeEquipmentListSchema>;

/** PUT /api/locations/:id/equipment/:kind: whether it is there. */
export const equipmentAnswerRequestSchema = z.strictObject({ present: z.boolean() });
export type EquipmentAnswerRequest = z.infer<typeof equipmentAnswerRequestSchema>;

export const equipmentAnswerResultSchema = z.object({
  equipment: placeEquipmentSchema.nullable(),
  reward: pointsAwardSchema.nullable(),
});
export type EquipmentAnswerResult = z.infer<typeof equipmentAnswerResultSchema>;

export const equipmentParamsSchema = z.strictObject({ id: idSchema, kind: equipmentKindSchema });
