/** Removal requests (spec §3, §4). */
import { z } from 'zod';
import {
  ACCOUNT_DELETION_PLACE_ID,
  REMOVAL_REASON_MAX_LENGTH,
  REMOVAL_REASON_MIN_LENGTH,
  REMOVAL_REQUEST_STATUSES,
  REMOVAL_REQUEST_TYPES,
} from '../constants.ts';
import { idSchema, isoDateTimeSchema, textSchema } from './common.ts';

export const removalRequestTypeSchema = z.enum(REMOVAL_REQUEST_TYPES);
export const removalRequestStatusSchema = z.enum(REMOVAL_REQUEST_STATUSES);

export const removalRequestSchema = z.object({
  id: idSchema,
  /** The place's id, 'account-deletion' for an account, null once the place is gone. */
  locationId: z.string().nullable(),
  /** The place's name for a place request; null for an account or a deleted location. */
  locationName: z.string().nullable(),
  type: removalRequestTypeSchema,
  status: removalRequestStatusSchema,
  reason: z.string(),
  createdAt: isoDateTimeSchema,
});
export type RemovalRequest = z.infer<typeof removalRequestSchema>;

/** GET /me/removal-requests: the caller's own requests, newest first. */
export const ownRemovalRequestsSchema = z.object({ removalRequests: z.array(removalRequestSchema) });
export type OwnRemovalRequests = z.infer<typeof ownRemovalRequestsSchema>;

/** POST /removal-requests body: a place id, or 'account-deletion' to delete the account. */
export const createRemovalRequestSchema = z.strictObject({
  locationId: z.union([z.literal(ACCOUNT_DELETION_PLACE_ID), idSchema]),
  reason: textSchema(REMOVAL_REASON_MIN_LENGTH, REMOVAL_REASON_MAX_LENGTH),
});
export type CreateRemovalRequest = z.output<typeof createRemovalRequestSchema>;
export type CreateRemovalRequestInput = z.input<typeof createRemovalRequestSchema>;
