/** Users (spec §3): what anyone may see of a user, what the user sees of themselves. */
import { z } from 'zod';
import { isoDateTimeSchema, userNameSchema, userRoleSchema } from './common.ts';

/** A user as others see them. userName is null until the user has chosen one. */
export const publicUserSchema = z.object({
  userName: z.string().nullable(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  role: userRoleSchema,
  level: z.int().min(1),
  points: z.int().min(0),
  createdAt: isoDateTimeSchema,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The signed-in user, about themselves. */
export const currentUserSchema = publicUserSchema.extend({
  email: z.string().nullable(),
  /** True after the last points award raised the level (for a congratulation). */
  leveledUp: z.boolean(),
  updatedAt: isoDateTimeSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** PUT /me/user-name body. */
export const updateUserNameSchema = z.strictObject({ userName: userNameSchema });
export type UpdateUserName = z.output<typeof updateUserNameSchema>;
export type UpdateUserNameInput = z.input<typeof updateUserNameSchema>;

/** GET /users/:userName params; names are compared case-insensitively (userNameKey). */
export const userNameParamsSchema = z.strictObject({ userName: userNameSchema });
