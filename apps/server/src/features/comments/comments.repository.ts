import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { comments, images, locations, users } from '../../db/schema.ts';
import type { LockedComment } from '../../lib/capabilities.ts';

const commentColumns = {
  id: comments.id,
  locationId: comments.locationId,
  userId: comments.userId,
  text: comments.text,
  userName: users.userName,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  // A comment has at most one photo (spec §3: imageUrl, optional).
  imageKey: sql<
    string | null
  >`(select ${images.storageKey} from ${images} where ${images.commentId} = ${comments.id} order by ${images.createdAt} desc limit 1)`,
};

export type CommentRow = {
  id: string;
  locationId: string;
  userId: string | null;
  text: string;
  userName: string | null;
  createdAt: Date;
  updatedAt: Date;
  imageKey: string | null;
};

export async function listComments(db: Database, locationId: string, limit: number): Promise<CommentRow[]> {
  return (
    db
      .select(commentColumns)
      .from(comments)
      .leftJoin(users, eq(users.id, comments.userId))
      // Hidden comments (features/reports) are out of sight until a moderator decides.
      .where(and(eq(comments.locationId, locationId), isNull(comments.hiddenAt)))
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(limit)
  );
}

export async function findComment(
  db: Database,
  locationId: string,
  commentId: string,
): Promise<CommentRow | null> {
  const [row] = await db
    .select(commentColumns)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.id, commentId), eq(comments.locationId, locationId)));
  return row ?? null;
}

export async function insertComment(
  tx: Database,
  values: { locationId: string; userId: string; text: string; now: Date },
): Promise<string> {
  const [row] = await tx
    .insert(comments)
    .values({
      locationId: values.locationId,
      userId: values.userId,
      text: values.text,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning({ id: comments.id });
  if (!row) throw new Error('insert returned no row');
  await tx
    .update(locations)
    .set({ commentCount: sql`${locations.commentCount} + 1` })
    .where(eq(locations.id, values.locationId));
  return row.id;
}

export async function updateCommentText(
  tx: Database,
  commentId: string,
  text: string,
  now: Date,
): Promise<void> {
  await tx.update(comments).set({ text, updatedAt: now }).where(eq(comments.id, commentId));
}

/**
 * A comment locked for deleting it, with what deleting it takes back: whether it has a photo
 * is read under the lock, so a photo added meanwhile is counted. Null when there is none (on
 * that place, when `locationId` is given).
 */
export async function lockCommentForDeletion(
  tx: Database,
  locationId: string | null,
  commentId: string,
): Promise<LockedComment | null> {
  const [row] = await tx
    .select({
      id: comments.id,
      locationId: comments.locationId,
      userId: comments.userId,
      // Written out in full: in a single-table select Drizzle leaves column names unqualified,
      // and the subquery then compared images.comment_id with images.id (always false).
      hasPhoto: sql<boolean>`exists (select 1 from "images" where "images"."comment_id" = "comments"."id")`,
    })
    .from(comments)
    .where(
      locationId === null
        ? eq(comments.id, commentId)
        : and(eq(comments.id, commentId), eq(comments.locationId, locationId)),
    )
    .for('update', { of: comments });
  return row ?? null;
}

/**
 * Deletes a comment and lowers its place's count of visible comments; false (and nothing changed) when it was
 * already gone, so a second deletion of the same comment neither counts nor takes points.
 */
export async function deleteComment(tx: Database, locationId: string, commentId: string): Promise<boolean> {
  const [deleted] = await tx
    .delete(comments)
    .where(eq(comments.id, commentId))
    .returning({ hidden: sql<boolean>`${comments.hiddenAt} is not null` });
  if (!deleted) return false;
  // A hidden comment was not counted (issue 32).
  if (deleted.hidden) return true;
  await tx
    .update(locations)
    .set({ commentCount: sql`greatest(${locations.commentCount} - 1, 0)` })
    .where(eq(locations.id, locationId));
  return true;
}
