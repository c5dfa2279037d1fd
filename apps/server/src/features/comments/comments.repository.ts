import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { comments, images, locations, users } from '../../db/schema.ts';

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
  return db
    .select(commentColumns)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.locationId, locationId))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limit);
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

export async function deleteComment(tx: Database, locationId: string, commentId: string): Promise<void> {
  await tx.delete(comments).where(eq(comments.id, commentId));
  await tx
    .update(locations)
    .set({ commentCount: sql`greatest(${locations.commentCount} - 1, 0)` })
    .where(eq(locations.id, locationId));
}
