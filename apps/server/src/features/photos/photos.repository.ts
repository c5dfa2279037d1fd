import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { comments, deals, images, locations } from '../../db/schema.ts';

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

/** One photo of a place with what deciding its deletion needs. */
export interface LockedPhoto {
  id: string;
  locationId: string;
  commentId: string | null;
  uploadedByUserId: string | null;
  storageKey: string;
  thumbnailStorageKey: string | null;
  placeCreatedByUserId: string | null;
}

/**
 * Locks a place against its deletion (KEY SHARE, what a new photo's foreign key takes anyway)
 * before a photo or comment on it is locked: a place's deletion holds the place FOR UPDATE and
 * then deletes what is on it, so every transaction locks the place first. False when there is
 * no such place (any more).
 */
export async function lockPlaceOfPhoto(tx: Database, locationId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.id, locationId))
    .for('key share');
  return row !== undefined;
}

/**
 * Locks one photo (hidden or not) for deleting it, so two deletions of the same photo cannot
 * both take its points back. Null when there is no such photo (of that place, if given).
 */
export async function lockPhoto(
  tx: Database,
  photoId: string,
  locationId?: string,
): Promise<LockedPhoto | null> {
  const [row] = await tx
    .select({
      id: images.id,
      locationId: images.locationId,
      commentId: images.commentId,
      uploadedByUserId: images.uploadedByUserId,
      storageKey: images.storageKey,
      thumbnailStorageKey: images.thumbnailStorageKey,
      placeCreatedByUserId: locations.createdByUserId,
    })
    .from(images)
    .innerJoin(locations, eq(locations.id, images.locationId))
    .where(
      locationId === undefined
        ? eq(images.id, photoId)
        : and(eq(images.id, photoId), eq(images.locationId, locationId)),
    )
    .for('update', { of: images });
  return row ?? null;
}

/** Deletes a photo's row; false when it was already gone. */
export async function deleteImage(tx: Database, id: string): Promise<boolean> {
  const deleted = await tx.delete(images).where(eq(images.id, id)).returning({ id: images.id });
  return deleted.length > 0;
}

/** A comment's author and whether it is hidden (features/reports); null when there is none. */
export interface CommentForPhoto {
  userId: string | null;
  hidden: boolean;
}

const commentForPhotoColumns = {
  userId: comments.userId,
  hidden: sql<boolean>`${comments.hiddenAt} is not null`,
};

export async function findCommentForPhoto(
  db: Database,
  locationId: string,
  commentId: string,
): Promise<CommentForPhoto | null> {
  const [row] = await db
    .select(commentForPhotoColumns)
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.locationId, locationId)));
  return row ?? null;
}

/**
 * The same, locked until the photo is recorded (after its place, see lockPlaceOfPhoto): FOR
 * SHARE, so the comment cannot be hidden or deleted between the check and the photo's row.
 */
export async function lockCommentForPhoto(
  tx: Database,
  locationId: string,
  commentId: string,
): Promise<CommentForPhoto | null> {
  const [row] = await tx
    .select(commentForPhotoColumns)
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.locationId, locationId)))
    .for('share');
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
