import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { comments, deals, images } from '../../db/schema.ts';

export interface NewImage {
  locationId: string;
  commentId: string | null;
  storageKey: string;
  thumbnailStorageKey: string;
  uploadedByUserId: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
  now: Date;
}

export async function insertImage(tx: Database, image: NewImage): Promise<void> {
  const { now, ...values } = image;
  await tx.insert(images).values({ ...values, createdAt: now, updatedAt: now });
}

/** Storage keys of a comment's photos (to delete the files with the comment). */
export async function imageKeysOfComment(db: Database, commentId: string): Promise<string[]> {
  const rows = await db
    .select({ key: images.storageKey, thumbnail: images.thumbnailStorageKey })
    .from(images)
    .where(eq(images.commentId, commentId));
  return rows.flatMap((row) => (row.thumbnail ? [row.key, row.thumbnail] : [row.key]));
}

export async function findCommentAuthor(db: Database, locationId: string, commentId: string) {
  const [row] = await db
    .select({ userId: comments.userId })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.locationId, locationId)));
  return row ?? null;
}

export async function dealExists(db: Database, dealId: string): Promise<boolean> {
  const [row] = await db.select({ id: deals.id }).from(deals).where(eq(deals.id, dealId));
  return row !== undefined;
}

/** The URL of a deal's current image or logo, if it has one. */
export async function dealPictureUrl(
  db: Database,
  dealId: string,
  which: 'image' | 'logo',
): Promise<string | null> {
  const [row] = await db
    .select({ imageUrl: deals.imageUrl, logoUrl: deals.logoUrl })
    .from(deals)
    .where(eq(deals.id, dealId));
  return (which === 'image' ? row?.imageUrl : row?.logoUrl) ?? null;
}

export async function setDealImage(
  db: Database,
  dealId: string,
  which: 'image' | 'logo',
  url: string,
  now: Date,
): Promise<void> {
  await db
    .update(deals)
    .set(which === 'image' ? { imageUrl: url, updatedAt: now } : { logoUrl: url, updatedAt: now })
    .where(eq(deals.id, dealId));
}
