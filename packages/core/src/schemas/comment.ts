/** Comments on a place (spec §3, §7). */
import { z } from 'zod';
import { COMMENT_MAX_LENGTH, COMMENT_MIN_LENGTH } from '../constants.ts';
import { idSchema, isoDateTimeSchema, textSchema } from './common.ts';

export const commentSchema = z.object({
  id: idSchema,
  text: z.string(),
  imageUrl: z.string().nullable(),
  /** null when the author has no user name or no longer exists. */
  userName: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Comment = z.infer<typeof commentSchema>;

const commentText = textSchema(COMMENT_MIN_LENGTH, COMMENT_MAX_LENGTH);

/** POST /locations/:id/comments body (an image is uploaded separately). */
export const createCommentSchema = z.strictObject({ text: commentText });
export type CreateComment = z.output<typeof createCommentSchema>;
export type CreateCommentInput = z.input<typeof createCommentSchema>;

/** Path parameters of /locations/:id/comments/:commentId (and its /photo). */
export const commentParamsSchema = z.strictObject({ id: idSchema, commentId: idSchema });

/** PATCH /locations/:id/comments/:commentId body. */
export const updateCommentSchema = z.strictObject({ text: commentText });
export type UpdateComment = z.output<typeof updateCommentSchema>;
export type UpdateCommentInput = z.input<typeof updateCommentSchema>;
