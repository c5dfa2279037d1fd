/**
 * Deleting one photo inside a transaction: shared by its uploader's (or the place creator's,
 * or a moderator's) DELETE and by a moderator's decision on reports (the photos service's
 * `deletePhotoIn`). Files are removed by the caller once the transaction has committed (a
 * rolled-back deletion keeps its files).
 */
import { pointsForAction, type PointsAward } from '@playspot/core';
import type { Database } from '../../db/client.ts';
import type { ChangePoints } from '../../lib/capabilities.ts';
import { notFound } from '../../lib/errors.ts';
import { deleteImage, type LockedPhoto } from './photos.repository.ts';

/** The storage keys of a photo's renditions. */
export function photoFileKeys(photo: Pick<LockedPhoto, 'storageKey' | 'thumbnailStorageKey'>): string[] {
  return photo.thumbnailStorageKey ? [photo.storageKey, photo.thumbnailStorageKey] : [photo.storageKey];
}

/**
 * Deletes the (locked) photo's row and takes back from its uploader the points it earned,
 * as deleting a comment or a place does (never below zero). Returns the uploader's new
 * points, or null when the uploader's account is gone. A photo already deleted takes
 * nothing back: 404.
 */
export async function removePhotoIn(
  tx: Database,
  photo: LockedPhoto,
  changePoints: ChangePoints,
): Promise<PointsAward | null> {
  if (!(await deleteImage(tx, photo.id))) throw notFound('Photo not found');
  if (!photo.uploadedByUserId) return null;
  const earned = pointsForAction(photo.commentId ? 'commentImage' : 'locationImage');
  return changePoints(tx, photo.uploadedByUserId, -earned);
}
