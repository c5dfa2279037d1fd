/** Comments on a place: add (+100 points), edit own, delete own (moderators any). */
import { canModifyOwned, ERROR_MESSAGES, pointsForAction, type Actor, type Comment } from '@playspot/core';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ChangePoints, PlaceExists, LockPlace } from '../../lib/capabilities.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import * as repository from './comments.repository.ts';

/** The newest comments shown with a location. */
export const COMMENTS_ON_PLACE = 50;

const commentNotFound = () => notFound(ERROR_MESSAGES.commentNotFound);

export function toComment(row: repository.CommentRow, urlFor: (key: string) => string): Comment {
  return {
    id: row.id,
    text: row.text,
    imageUrl: row.imageKey ? urlFor(row.imageKey) : null,
    userName: row.userName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createCommentsService(deps: {
  database: DatabaseHandle;
  urlFor: (key: string) => string;
  now?: () => Date;
  placeExists: PlaceExists;
  lockPlace: LockPlace;
  changePoints: ChangePoints;
  /** Cleans up after a deletion (the comment's photo files). */
  afterDelete?: (locationId: string, commentId: string) => Promise<void>;
}) {
  const { placeExists, lockPlace, changePoints } = deps;
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  async function requireComment(locationId: string, commentId: string) {
    const row = await repository.findComment(db, locationId, commentId);
    if (!row) throw commentNotFound();
    return row;
  }

  return {
    async list(locationId: string): Promise<Comment[]> {
      if (!(await placeExists(db, locationId))) throw notFound(ERROR_MESSAGES.placeNotFound);
      const rows = await repository.listComments(db, locationId, COMMENTS_ON_PLACE);
      return rows.map((row) => toComment(row, deps.urlFor));
    },

    async add(locationId: string, text: string, actor: Actor) {
      const { row, reward } = await db.transaction(async (tx) => {
        // Holds the place (KEY SHARE) until commit: its deletion waits for this comment.
        if (!(await placeExists(tx, locationId))) throw notFound(ERROR_MESSAGES.placeDoesNotExist);
        const commentId = await repository.insertComment(tx, {
          locationId,
          userId: actor.id,
          text,
          now: now(),
        });
        const reward = await changePoints(tx, actor.id, pointsForAction('comment'));
        // Read before commit: the place (and the comment with it) may be deleted right after.
        const added = await repository.findComment(tx, locationId, commentId);
        if (!added) throw new Error('inserted comment not found');
        return { row: added, reward };
      });
      return { comment: toComment(row, deps.urlFor), reward };
    },

    async edit(locationId: string, commentId: string, text: string, actor: Actor) {
      const current = await requireComment(locationId, commentId);
      // Words are personal: only the author edits them (moderators may remove, not rewrite).
      if (current.userId !== actor.id) throw forbidden('Only the author can edit a comment.');
      await repository.updateCommentText(db, commentId, text, now());
      return toComment(await requireComment(locationId, commentId), deps.urlFor);
    },

    async remove(locationId: string, commentId: string, actor: Actor) {
      const result = await db.transaction(async (tx) => {
        // The place first, then its comment: the order of a place's deletion (FOR UPDATE, then
        // what is on it), which the other way round deadlocked with this one.
        if (!(await lockPlace(tx, locationId))) throw commentNotFound();
        // Locked, so a second deletion at the same moment (a double tap, or the author and a
        // moderator) waits for this one and then finds nothing to count or take back.
        const current = await repository.lockCommentForDeletion(tx, locationId, commentId);
        if (!current) throw commentNotFound();
        if (!canModifyOwned(actor, current.userId))
          throw forbidden('Only the author or a moderator can delete a comment.');
        if (!(await repository.deleteComment(tx, locationId, commentId))) throw commentNotFound();
        const earned = pointsForAction('comment') + (current.hasPhoto ? pointsForAction('commentImage') : 0);
        const reward = current.userId ? await changePoints(tx, current.userId, -earned) : null;
        return { deleted: true as const, reward: current.userId === actor.id ? reward : null };
      });
      await deps.afterDelete?.(locationId, commentId);
      return result;
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
