/** Analytics events (spec §2, §7), sent by the app in batches. */
import { z } from 'zod';
import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_PARAM_KEY_MAX_LENGTH,
  ANALYTICS_PARAM_VALUE_MAX_LENGTH,
  ANALYTICS_PARAMS_MAX,
} from '../constants.ts';
import { ANALYTICS_EVENT_NAMES } from '../analytics.ts';
import { isoDateTimeSchema, storableString } from './common.ts';

export const analyticsEventNameSchema = z.enum(ANALYTICS_EVENT_NAMES);

/** Flat parameters only: no nested objects, no personal data beyond what the event names. */
export const analyticsParamsSchema = z
  .record(
    storableString().min(1).max(ANALYTICS_PARAM_KEY_MAX_LENGTH),
    z.union([storableString().max(ANALYTICS_PARAM_VALUE_MAX_LENGTH), z.number(), z.boolean()]),
  )
  .refine((params) => Object.keys(params).length <= ANALYTICS_PARAMS_MAX, {
    message: `At most ${ANALYTICS_PARAMS_MAX} parameters per event.`,
  });

export const analyticsEventSchema = z.strictObject({
  name: analyticsEventNameSchema,
  params: analyticsParamsSchema.default({}),
  /** When it happened on the device. */
  at: isoDateTimeSchema,
});
export type AnalyticsEvent = z.output<typeof analyticsEventSchema>;
export type AnalyticsEventInput = z.input<typeof analyticsEventSchema>;

/** POST /analytics body. */
export const analyticsBatchSchema = z.strictObject({
  events: z.array(analyticsEventSchema).min(1).max(ANALYTICS_BATCH_MAX),
});
export type AnalyticsBatch = z.output<typeof analyticsBatchSchema>;
export type AnalyticsBatchInput = z.input<typeof analyticsBatchSchema>;
